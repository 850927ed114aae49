package dev.falsify.runner.run;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The workload's lifetime as the fault threads see it: each sleeps until its moment comes or the
 * workload ends, whichever is first, so no fault is injected into a run that is already over. It also
 * keeps the lifetime's two readings of the runner's monotonic clock, the only safe test of whether a
 * recorder used that same clock (see {@link FaultEpochs#sameClock}).
 */
final class WorkloadWindow {
    private final LongSupplier clock;
    private boolean ended;
    private long startNanos = -1;
    private long endNanos = -1;

    /** The runner's monotonic clock ({@code System.nanoTime}). */
    WorkloadWindow() {
        this(System::nanoTime);
    }

    /** {@code clock} is "now" on the runner's monotonic clock; tests pass a fake one to play any uptime. */
    WorkloadWindow(LongSupplier clock) {
        this.clock = clock;
    }

    /** Called just before the workload process is launched; returns the reading, handed to the workload. */
    synchronized long started() {
        startNanos = clock.getAsLong();
        return startNanos;
    }

    /** Waits until {@code nanoTime >= atNanos} or the workload ends; true when the time came first. */
    synchronized boolean waitUntil(long atNanos) throws InterruptedException {
        while (!ended) {
            long left = atNanos - clock.getAsLong();
            if (left <= 0) {
                return true;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return false;
    }

    /** The workload is over (ended, failed, timed out or cancelled): wakes every waiting fault. */
    synchronized void end() {
        if (!ended && startNanos >= 0) endNanos = clock.getAsLong();
        ended = true;
        notifyAll();
    }

    /** The workload's start..end on the runner's clock, or null when it never started or has not ended. */
    synchronized Interval span() {
        return startNanos < 0 || endNanos < 0 ? null : new Interval(startNanos, endNanos);
    }

    /** A workload's lifetime on the runner's monotonic clock. */
    record Interval(long startNanos, long endNanos) {
        /**
         * Readings taken by another process around the runner's own: the start is read before the
         * process is launched and the end after its exit was seen, so a recorder's invocations fall
         * inside; the slack only absorbs a recorder that stamps an op just before it returns.
         */
        static final long SLACK_NANOS = 100_000_000L;

        boolean contains(long nanos) {
            return nanos >= startNanos - SLACK_NANOS && nanos <= endNanos + SLACK_NANOS;
        }
    }
}
