package dev.falsify.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock the test moves: it stands still until {@link #advance} or {@link #set}. Thread-safe; clocks
 * made by {@link #withZone} share the same instant.
 */
public final class ManualClock extends Clock {
    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    private ManualClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    /** A UTC clock standing at {@code start}. */
    public ManualClock(Instant start) {
        this(new AtomicReference<>(start), ZoneOffset.UTC);
    }

    /** A UTC clock standing at the epoch. */
    public ManualClock() {
        this(Instant.EPOCH);
    }

    /** Moves the clock forward; a negative duration is refused (use {@link #set} to go back on purpose). */
    public ManualClock advance(Duration d) {
        if (d.isNegative()) throw new IllegalArgumentException("advance: negative duration " + d + " (use set)");
        now.updateAndGet(t -> t.plus(d));
        return this;
    }

    public ManualClock set(Instant instant) {
        now.set(instant);
        return this;
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return new ManualClock(now, zone);
    }
}
