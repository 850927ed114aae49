package dev.falsify.checkers.api;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Time budget plus a cancellation flag shared with the caller (UI cancel button, Ctrl-C), and the
 * memory a search may hold.
 *
 * @param timeout   time for one check, reading the history included
 * @param cancelled set by the caller to stop the check
 * @param memory    bytes the check's search may hold (shared by the checks running at once)
 * @param deadline  absolute deadline in {@link System#nanoTime()} units once the check started
 *                  ({@link #startingAt}), or null before: a checker then starts the clock itself
 */
public record CheckBudget(Duration timeout, AtomicBoolean cancelled, MemoryBudget memory, Long deadline) {
    public CheckBudget(Duration timeout, AtomicBoolean cancelled) {
        this(timeout, cancelled, MemoryBudget.fromHeap(), null);
    }

    public static CheckBudget of(Duration timeout) {
        return new CheckBudget(timeout, new AtomicBoolean(false));
    }

    public static CheckBudget unlimited() {
        return of(Duration.ofDays(3650));
    }

    /** This budget with another memory budget. */
    public CheckBudget withMemory(MemoryBudget memory) {
        return new CheckBudget(timeout, cancelled, memory, deadline);
    }

    /**
     * This budget for a check that starts at {@code startNanos}: its deadline fixed from there, so
     * that reading the history and checking it share one {@link #timeout}.
     */
    public CheckBudget startingAt(long startNanos) {
        return deadline != null ? this : new CheckBudget(timeout, cancelled, memory, deadlineFrom(startNanos));
    }

    /**
     * Absolute deadline in {@link System#nanoTime()} units: the one fixed when the check started,
     * else {@code startNanos} plus the timeout.
     */
    public long deadlineFrom(long startNanos) {
        if (deadline != null) return deadline;
        long t = timeout.toNanos();
        return t > Long.MAX_VALUE - startNanos ? Long.MAX_VALUE : startNanos + t;
    }

    /** Whether the check should stop now: cancelled, or past a deadline fixed by {@link #startingAt}. */
    public boolean exhausted() {
        return cancelled.get() || (deadline != null && System.nanoTime() - deadline > 0);
    }
}
