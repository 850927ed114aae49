package dev.falsify.runner.run;

import java.util.concurrent.TimeUnit;

/**
 * The workload's lifetime as the fault threads see it: each sleeps until its moment comes or the
 * workload ends, whichever is first, so no fault is injected into a run that is already over.
 */
final class WorkloadWindow {
    private boolean ended;

    /** Waits until {@code nanoTime >= atNanos} or the workload ends; true when the time came first. */
    synchronized boolean waitUntil(long atNanos) throws InterruptedException {
        while (!ended) {
            long left = atNanos - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return false;
    }

    /** The workload is over (ended, failed, timed out or cancelled): wakes every waiting fault. */
    synchronized void end() {
        ended = true;
        notifyAll();
    }
}
