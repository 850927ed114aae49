package dev.falsify.runner.nodefaults;

import dev.falsify.model.verdict.LandingReading;

/** What {@link NodeFaults} needs from the run that drives it: where evidence goes, the window, the services. */
public final class NodeFaultHooks {
    private NodeFaultHooks() {
    }

    /** Receives a fault's progress and evidence (the run turns it into events and the fault's observation). */
    public interface Sink {
        void injected(String what, String detail);

        void healed(String detail);

        void reading(LandingReading r);

        /** The fault's end: landed when every reading met its expectation. */
        void concluded(boolean landed, String summary);

        void notInjected(String why);
    }

    /** The workload window: false when the workload ended before {@code nanos} ({@code System.nanoTime()}). */
    @FunctionalInterface
    public interface Window {
        boolean waitUntil(long nanos) throws InterruptedException;
    }

    /** The seed's services as a crash needs them. */
    public interface Services {
        /** The pid of the service's process, or -1 when it is not running. */
        long pid(String service);

        /** SIGKILL to the service and wait for it; how it ended ("" when it did not end). */
        String kill(String service) throws InterruptedException;

        /** Starts it again with its readiness check; "" when ready, else why not. */
        String restart(String service) throws InterruptedException;
    }
}
