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
    private final Consumer<RuntimeException> onListenerFailure;

    /** A bus that drops a failing listener's exception (the run goes on; see the other constructor). */
    public EventBus() {
        this(e -> { });
    }

    /**
     * @param onListenerFailure told of every exception a listener throws (the command line prints
     *                          it; library code never writes to the console itself)
     */
    public EventBus(Consumer<RuntimeException> onListenerFailure) {
        this.onListenerFailure = onListenerFailure;
    }

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
                onListenerFailure.accept(e);
            }
        }
    }
}
