package dev.falsify.model.plan;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Work that may run on a second thread while the caller goes on, joined with its result or its
 * failure rethrown as if it had run in line. Used where a big plan has two independent parts to read
 * (file halves, scenarios, lint rule groups) and a second core is there: the result is the same
 * whichever thread did the work, and work the thread has not begun yet is done by the joining thread.
 */
public final class SecondThread<T> {
    private final FutureTask<T> task;

    private SecondThread(Callable<T> work) {
        this.task = new FutureTask<>(work);
    }

    /** Starts {@code work} on a daemon thread named {@code name} when {@code worthIt} and there is a second core; else it runs in {@link #join}. */
    public static <T> SecondThread<T> start(String name, boolean worthIt, Callable<T> work) {
        SecondThread<T> s = new SecondThread<>(work);
        if (worthIt && Runtime.getRuntime().availableProcessors() > 1) {
            Thread t = new Thread(s.task, name);
            t.setDaemon(true);
            t.start();
        }
        return s;
    }

    /** The work's result: done here if no thread has begun it, else waited for; its failure rethrown. */
    public T join() {
        task.run();   // a no-op when the thread has begun (or done) it
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a second thread", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }
}
