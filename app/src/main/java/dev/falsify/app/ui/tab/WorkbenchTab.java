package dev.falsify.app.ui.tab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.Tab;

/**
 * Every tab of the window's centre: a plan, a session, a comparison, an evidence file, a run. The
 * frame asks a tab what it needs — what it shows (to focus it instead of opening it twice), the
 * window title, the outline beside it, unsaved changes, a run to stop — and never which class it is.
 * Only the tabs that have something to say override the defaults.
 */
public interface WorkbenchTab {
    /** The JavaFX tab itself (every WorkbenchTab is one). */
    Tab tab();

    /**
     * What this tab shows, for the {@link TabRouter}: opening the same thing again focuses this tab.
     * Empty for a tab that is never reused (a run, a replayed timeline).
     */
    default Optional<?> key() {
        return Optional.empty();
    }

    /** The window title's part for this tab: its text unless the tab has a better name. */
    default String windowTitle() {
        return tab().getText();
    }

    /** The view shown under the workspace tree while this tab is selected (a plan's outline). */
    default Optional<Node> outlinePane() {
        return Optional.empty();
    }

    /** Focused again through the router (opened a second time): an evidence file is read again. */
    default void reopened() {
    }

    /** Whether closing this tab would lose edits. */
    default boolean unsaved() {
        return false;
    }

    /** The file this tab edits, named in the unsaved-changes dialog. */
    default Optional<Path> file() {
        return Optional.empty();
    }

    /** Writes the unsaved edits. */
    default void save() throws IOException {
    }

    /** The user chose not to save: forget the edits (and their crash-recovery copy). */
    default void discardUnsaved() throws IOException {
    }

    /** Releases what the tab holds (timers, threads, files) when the window closes. */
    default void dispose() {
    }

    /** Run ▸ Stop on this tab: stops the run it shows and returns true; false when no run of it is going on. */
    default boolean stopRun() {
        return false;
    }

    /** The session folder whose timeline Run ▸ Session Timeline opens while this tab is selected. */
    default Optional<Path> sessionFolder() {
        return Optional.empty();
    }
}
