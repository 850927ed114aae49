package dev.falsify.app.ui.editor;

import dev.falsify.app.ui.work.BackgroundThreads;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs an expensive function of the editor text (parse, lint, coverage, highlighting) on a
 * background thread, debounced, and hands the result to a consumer on the delivering executor
 * (the JavaFX thread in the app). Every submission bumps a generation counter; a result whose
 * generation is no longer the latest is dropped, so a slow parse of old text never overwrites a
 * newer one and the editor never waits for the worker.
 */
public final class DebouncedWorker<I, O> implements AutoCloseable {
    private final ScheduledExecutorService executor;
    private final Function<I, O> work;
    private final Consumer<Runnable> deliverer;
    private final Consumer<Result<O>> consumer;
    private final long debounceMillis;
    private final AtomicLong generation = new AtomicLong();
    private ScheduledFuture<?> pending;

    /**
     * A computed value with the generation it belongs to, when it was submitted and started, how long
     * the work took (wall clock), how much CPU the worker thread spent on it (−1 where the JVM cannot
     * tell) and when the delivering thread picked it up: on a loaded machine wall and CPU differ
     * widely, and the CPU figure is the work's own cost. All times are {@link System#nanoTime()}.
     */
    public record Result<O>(long generation, O value, long submittedNanos, long startedNanos, long computeNanos,
            long computeCpuNanos, long deliveredNanos) {
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static long cpuNow() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    public DebouncedWorker(String threadName, long debounceMillis, Function<I, O> work,
            Consumer<Runnable> deliverer, Consumer<Result<O>> consumer) {
        this.executor = BackgroundThreads.scheduled(threadName, Thread.NORM_PRIORITY - 1);
        this.work = work;
        this.deliverer = deliverer;
        this.consumer = consumer;
        this.debounceMillis = debounceMillis;
    }

    /** Schedules work on {@code input}; an earlier submission not yet started is cancelled. */
    public synchronized long submit(I input) {
        long gen = generation.incrementAndGet();
        long submitted = System.nanoTime();
        if (pending != null) {
            pending.cancel(false);
        }
        pending = executor.schedule(() -> run(gen, input, submitted), debounceMillis, TimeUnit.MILLISECONDS);
        return gen;
    }

    public long latestGeneration() {
        return generation.get();
    }

    private void run(long gen, I input, long submitted) {
        if (gen != generation.get()) {
            return;
        }
        long t0 = System.nanoTime();
        long c0 = cpuNow();
        O out;
        try {
            out = work.apply(input);
        } catch (RuntimeException e) {
            // the model promises never to throw on any text; if it does, keep the last good result
            System.err.println("falsify: background analysis failed: " + e);
            return;
        }
        long took = System.nanoTime() - t0;
        long cpu = c0 < 0 ? -1 : cpuNow() - c0;
        if (gen != generation.get()) {
            return;
        }
        deliverer.accept(() -> {
            if (gen == generation.get()) {
                consumer.accept(new Result<>(gen, out, submitted, t0, took, cpu, System.nanoTime()));
            }
        });
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
