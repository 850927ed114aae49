package dev.falsify.checkers.api;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/** Time budget plus a cancellation flag shared with the caller (UI cancel button, Ctrl-C). */
public record CheckBudget(Duration timeout, AtomicBoolean cancelled) {
    public static CheckBudget of(Duration timeout) {
        return new CheckBudget(timeout, new AtomicBoolean(false));
    }

    public static CheckBudget unlimited() {
        return of(Duration.ofDays(3650));
    }

    /** Absolute deadline in {@link System#nanoTime()} units, computed when the check starts. */
    public long deadlineFrom(long startNanos) {
        long t = timeout.toNanos();
        return t > Long.MAX_VALUE - startNanos ? Long.MAX_VALUE : startNanos + t;
    }
}
