package dev.falsify.runner.exec;

import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every live runner-owned process, and the JVM shutdown hook that kills them all (Ctrl-C,
 * System.exit, SIGTERM). SIGKILL of the JVM is covered by each process's stdin watchdog.
 */
public final class ProcessReaper {
    private static final Set<ManagedProcess> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean hookInstalled;

    private ProcessReaper() {
    }

    static void register(ManagedProcess p) {
        installHook();
        LIVE.add(p);
    }

    static void unregister(ManagedProcess p) {
        LIVE.remove(p);
    }

    /** Processes started and not yet ended. */
    public static int liveCount() {
        return LIVE.size();
    }

    /** Kills every live process tree now. */
    public static void killAll() {
        for (ManagedProcess p : new ArrayList<>(LIVE)) p.killNow();
    }

    private static synchronized void installHook() {
        if (hookInstalled) return;
        Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::killAll, "falsify-process-reaper"));
        hookInstalled = true;
    }
}
