package dev.falsify.app.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
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
        // classes rather than lambdas: each lambda's first call bootstraps through invokedynamic,
        // which every `falsify check` of a folder paid at start
        return new Iterable<R>() {
            @Override
            public Iterator<R> iterator() {
                return threads <= 1 ? new Sequential<>(items.iterator(), task) : new Parallel<>(items, task, threads);
            }
        };
    }

    /** Each task run when its result is reached. */
    private static final class Sequential<T, R> implements Iterator<R> {
        private final Iterator<T> items;
        private final Function<? super T, ? extends R> task;

        Sequential(Iterator<T> items, Function<? super T, ? extends R> task) {
            this.items = items;
            this.task = task;
        }

        @Override
        public boolean hasNext() {
            return items.hasNext();
        }

        @Override
        public R next() {
            return task.apply(items.next());
        }
    }

    /** Every task submitted at once to its own pool; results handed back in order. */
    private static final class Parallel<T, R> implements Iterator<R>, ThreadFactory {
        private final ExecutorService pool;
        private final List<Future<R>> futures;
        private int next;

        Parallel(List<T> items, Function<? super T, ? extends R> task, int threads) {
            pool = Executors.newFixedThreadPool(threads, this);
            futures = new ArrayList<>(items.size());
            for (T item : items) futures.add(pool.submit(new Apply<T, R>(task, item)));
            pool.shutdown();
        }

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "falsify-in-order");
            t.setDaemon(true); // never keeps the JVM alive, should an exception end the command early
            return t;
        }

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
    }

    private static final class Apply<T, R> implements Callable<R> {
        private final Function<? super T, ? extends R> task;
        private final T item;

        Apply(Function<? super T, ? extends R> task, T item) {
            this.task = task;
            this.item = item;
        }

        @Override
        public R call() {
            return task.apply(item);
        }
    }
}
