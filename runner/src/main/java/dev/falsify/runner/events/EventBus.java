package dev.falsify.runner.events;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Delivers run events to listeners synchronously, on the thread that produced them. Listeners must
 * be quick (a UI listener batches onto its own thread); synchronous delivery means the bus holds
 * nothing, so a process printing flat out cannot grow the heap through it, and no event is lost.
 */
public final class EventBus {
    private final List<Consumer<RunEvent>> listeners = new CopyOnWriteArrayList<>();

    /** Adds a listener; the returned handle removes it. */
    public AutoCloseable subscribe(Consumer<RunEvent> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    public void publish(RunEvent event) {
        for (Consumer<RunEvent> l : listeners) {
            try {
                l.accept(event);
            } catch (RuntimeException e) {
                // one broken listener must not stop the run or starve the others
                System.err.println("falsify: event listener failed: " + e);
            }
        }
    }
}
