package dev.falsify.app.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * One task per item, run on up to as many threads as there are cores, with the results handed back
 * in the items' order, each as soon as it and every one before it is done: a command that works on
 * many files uses every core and still prints as if it had done them one after another.
 */
final class InOrder {
    private InOrder() {
    }

    /**
     * The results of {@code task} over {@code items}, in order. Tasks run ahead of the iteration; an
     * exception a task throws is rethrown (unwrapped) when its result is reached, and the tasks not
     * yet started are then dropped. One item, or one core, runs each task when it is reached instead.
     */
    static <T, R> Iterable<R> map(List<T> items, Function<? super T, ? extends R> task) {
        int threads = Math.min(items.size(), Runtime.getRuntime().availableProcessors());
        if (threads <= 1) {
            return () -> items.stream().<R>map(task).iterator();
        }
        return () -> {
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "falsify-in-order");
                t.setDaemon(true); // never keeps the JVM alive, should an exception end the command early
                return t;
            });
            List<Future<R>> futures = new ArrayList<>(items.size());
            for (T item : items) futures.add(pool.submit(() -> task.apply(item)));
            pool.shutdown();
            return new Iterator<R>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < futures.size();
                }

                @Override
                public R next() {
                    if (!hasNext()) throw new NoSuchElementException();
                    try {
                        return futures.get(next++).get();
                    } catch (ExecutionException e) {
                        pool.shutdownNow();
                        if (e.getCause() instanceof RuntimeException re) throw re;
                        if (e.getCause() instanceof Error er) throw er;
                        throw new IllegalStateException(e.getCause());
                    } catch (InterruptedException e) {
                        pool.shutdownNow();
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted", e);
                    }
                }
            };
        };
    }
}
