package dev.falsify.app.ui.viewers;

import dev.falsify.model.session.SessionLayout;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/**
 * One session's shared instant: the viewers of its evidence (space-time diagram, history, logs) move it and
 * follow it instead of calling each other. The instant is on the session clock — the runner's monotonic
 * clock in ns, which message events and histories are stamped on; each viewer maps its own time base to
 * and from it through {@link SessionClock}. FX thread only.
 */
public final class TimeCursor {
    private static final Map<Path, TimeCursor> SESSIONS = new HashMap<>();

    private record Listener(Object viewer, LongConsumer show) {
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private SessionClock.Anchor anchor;
    private long at = Long.MIN_VALUE;

    /** The cursor of the session an evidence file belongs to (its session folder by {@link SessionLayout#isSession}, else the file's folder). */
    public static synchronized TimeCursor forEvidence(Path file) {
        Path dir = file.toAbsolutePath().normalize().getParent();
        Path root = dir;
        for (Path p = dir; p != null; p = p.getParent()) {
            if (SessionLayout.isSession(p)) {
                root = p;
                break;
            }
        }
        return SESSIONS.computeIfAbsent(root, k -> new TimeCursor());
    }

    /** Follows the instant; {@code viewer} does not hear the instants it moved itself. Returns the unsubscribe. */
    public Runnable listen(Object viewer, LongConsumer show) {
        Listener l = new Listener(viewer, show);
        listeners.add(l);
        return () -> listeners.remove(l);
    }

    /** A viewer selected the instant {@code monoNanos}: every other viewer of the session shows it. */
    public void move(long monoNanos, Object from) {
        at = monoNanos;
        for (Listener l : listeners) {
            if (l.viewer() != from) l.show().accept(monoNanos);
        }
    }

    /** The last instant moved to, if any. */
    public Optional<Long> instant() {
        return at == Long.MIN_VALUE ? Optional.empty() : Optional.of(at);
    }

    /** The session's wall-clock anchor (for log lines with timestamps), once a message log provided one. */
    public Optional<SessionClock.Anchor> anchor() {
        return Optional.ofNullable(anchor);
    }

    public void anchor(SessionClock.Anchor a) {
        if (a != null) anchor = a;
    }
}
