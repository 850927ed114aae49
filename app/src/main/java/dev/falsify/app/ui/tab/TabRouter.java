package dev.falsify.app.ui.tab;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.event.Event;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The window's tabs: the one way a tab is added, found, focused and closed. Opening something that
 * is already open focuses its tab ({@link WorkbenchTab#key()}) instead of opening it twice, whatever
 * kind of tab it is. Every tab in the pane came through here, so every one is a {@link WorkbenchTab}.
 */
public final class TabRouter {
    /** Makes a new tab; may fail (a plan that is not UTF-8), and then nothing is added. */
    @FunctionalInterface
    public interface Factory<T extends WorkbenchTab, E extends Exception> {
        T make() throws E;
    }

    private final TabPane pane;
    private final Consumer<WorkbenchTab> added;

    /** @param added told about every tab added (the window follows its title) */
    public TabRouter(TabPane pane, Consumer<WorkbenchTab> added) {
        this.pane = pane;
        this.added = added;
    }

    public TabPane pane() {
        return pane;
    }

    /** The open tabs, in their order. */
    public List<WorkbenchTab> all() {
        return pane.getTabs().stream().map(TabRouter::of).toList();
    }

    public Optional<WorkbenchTab> selected() {
        return Optional.ofNullable(pane.getSelectionModel().getSelectedItem()).map(TabRouter::of);
    }

    /** The selected tab if it is of {@code kind} (the selected plan, for the Edit menu). */
    public <T extends WorkbenchTab> Optional<T> selected(Class<T> kind) {
        return selected().filter(kind::isInstance).map(kind::cast);
    }

    /** The open tab of {@code kind} that shows {@code key}. */
    public <T extends WorkbenchTab> Optional<T> find(Class<T> kind, Object key) {
        return all().stream().filter(kind::isInstance).map(kind::cast)
                .filter(t -> t.key().map(key::equals).orElse(false)).findFirst();
    }

    /**
     * Focuses the open tab of {@code kind} showing {@code key} (and tells it it was
     * {@linkplain WorkbenchTab#reopened() reopened}); else adds and selects the tab {@code make}
     * makes. Returns the tab shown.
     */
    public <T extends WorkbenchTab, E extends Exception> T open(Class<T> kind, Object key, Factory<T, E> make) throws E {
        Optional<T> open = find(kind, key);
        if (open.isPresent()) {
            pane.getSelectionModel().select(open.get().tab());
            open.get().reopened();
            return open.get();
        }
        T t = make.make();
        show(t);
        return t;
    }

    /** Adds (if new) and selects a tab. */
    public void show(WorkbenchTab t) {
        if (!pane.getTabs().contains(t.tab())) {
            pane.getTabs().add(t.tab());
            added.accept(t);
        }
        pane.getSelectionModel().select(t.tab());
    }

    /**
     * Removes a tab and sends it the closed event its own close button would, so it lets go of
     * what it holds (a plan's timers, a log's file, a replay's scan).
     */
    public void close(WorkbenchTab t) {
        if (pane.getTabs().remove(t.tab())) {
            Event.fireEvent(t.tab(), new Event(Tab.CLOSED_EVENT));
        }
    }

    private static WorkbenchTab of(Tab t) {
        return (WorkbenchTab) t; // only this class adds tabs, and it adds WorkbenchTabs
    }
}
