package dev.falsify.app.ui.work;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The one place the window starts threads (an ArchUnit rule keeps it so). Every thread is named
 * {@code falsify-…}, so a thread dump says which view it serves, and is a daemon: an analysis, a
 * log scan or a run never keeps the JVM alive after the window closed. Views that show progress and
 * a Cancel button run their work through {@link BackgroundWork}; the executors here are for work a
 * view owns for its lifetime (an editor's analysis and file I/O, a log viewer's scans).
 */
public final class BackgroundThreads {
    private BackgroundThreads() {
    }

    /** Starts {@code work} on a new daemon thread named {@code name}. */
    public static Thread start(String name, Runnable work) {
        Thread t = threads(name, Thread.NORM_PRIORITY).newThread(work);
        t.start();
        return t;
    }

    /**
     * Runs {@code work} on a new daemon thread; the future completes with its result or its
     * exception (on that thread: hand the result to the FX thread with {@code Platform.runLater}).
     */
    public static <T> CompletableFuture<T> supply(String name, Supplier<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        start(name, () -> {
            try {
                f.complete(work.get());
            } catch (RuntimeException | Error e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    /** One daemon thread that runs tasks in order (an editor's file I/O). */
    public static ExecutorService singleThread(String name) {
        return Executors.newSingleThreadExecutor(threads(name, Thread.NORM_PRIORITY));
    }

    /**
     * One daemon thread for delayed tasks, at {@code priority}: background analysis runs a notch
     * below normal so the FX thread wins the CPU on a busy machine.
     */
    public static ScheduledExecutorService scheduled(String name, int priority) {
        return Executors.newSingleThreadScheduledExecutor(threads(name, priority));
    }

    /**
     * As {@link #scheduled}, but the thread ends when it has had nothing to do for
     * {@code idleSeconds}: a view that may be closed without being told (a log viewer dropped from
     * the scene) leaves no thread behind; a cancelled task is removed at once.
     */
    public static ScheduledExecutorService scheduledEndingWhenIdle(String name, long idleSeconds) {
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, threads(name, Thread.NORM_PRIORITY));
        e.setKeepAliveTime(idleSeconds, TimeUnit.SECONDS);
        e.allowCoreThreadTimeOut(true);
        e.setRemoveOnCancelPolicy(true);
        return e;
    }

    private static ThreadFactory threads(String name, int priority) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            t.setPriority(priority);
            return t;
        };
    }
}
