package dev.falsify.model.plan;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Independent items of work (a big plan's run blocks, its scenarios, the two halves of its
 * decoding, its lint rule groups) shared by two threads: a
 * helper that does them from the first on, and the caller, who does any item the helper has not
 * claimed yet when it asks for it. Each item is done by whichever thread claims it first, so the
 * results are the same whoever did what, and the caller waits only for an item the helper is doing
 * at that moment. An item that failed on the helper is done again by the caller, so its failure
 * surfaces on the caller's thread as it would with no helper; a helper that never gets a core
 * costs nothing but its start. A single task is one item.
 */
public final class SharedWork<T> {
    /**
     * The work of item {@code i}: it may read only state that is immutable while the work is shared
     * and write only its own output, which it must start afresh (it may run again after a failure).
     */
    public interface Work<T> {
        T run(int i);
    }

    /** A slot the caller claimed. */
    private static final Object CLAIMED = new Object();

    private final Work<T> work;
    private final AtomicReferenceArray<Object> slots;   // null, CLAIMED, or the helper's future
    private volatile boolean closed;

    private SharedWork(int items, Work<T> work) {
        this.work = work;
        this.slots = new AtomicReferenceArray<>(items);
    }

    /** {@code items} items of {@code work}; a helper thread named {@code name} starts when {@code worthIt} and there is a second core. */
    public static <T> SharedWork<T> start(String name, int items, boolean worthIt, Work<T> work) {
        SharedWork<T> w = new SharedWork<>(items, work);
        if (worthIt && items > 0 && Runtime.getRuntime().availableProcessors() > 1) {
            Thread t = new Thread(w::help, name);
            t.setDaemon(true);
            t.start();
        }
        return w;
    }

    public int size() {
        return slots.length();
    }

    /** Item {@code i}: the helper's when it has claimed it (waiting if it is doing it now), else done here. */
    @SuppressWarnings("unchecked")
    public T get(int i) {
        if (!slots.compareAndSet(i, null, CLAIMED) && slots.get(i) instanceof CompletableFuture<?> helped) {
            try {
                return (T) helped.join();
            } catch (CompletionException e) {
                // done again here, so the failure is the caller's, as without the helper
            }
        }
        return work.run(i);
    }

    /** Stops the helper after the item it is doing (the work is no longer wanted). */
    public void close() {
        closed = true;
    }

    private void help() {
        for (int i = 0; i < slots.length() && !closed; i++) {
            CompletableFuture<T> mine = new CompletableFuture<>();
            if (!slots.compareAndSet(i, null, mine)) continue;
            try {
                mine.complete(work.run(i));
            } catch (Throwable e) {
                mine.completeExceptionally(e);
            }
        }
    }
}
