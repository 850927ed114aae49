package dev.falsify.app.ui.run;

import dev.falsify.runner.trust.TrustStore;
import java.nio.file.Path;
import javafx.stage.Window;

/** What the run view needs from the window it lives in. */
public interface RunHost {
    /** Owner for dialogs; may be null in tests. */
    Window window();

    /** Adds and selects a run's tab. */
    void show(RunTab tab);

    /** Opens the Session view of a finished run's folder. */
    void openSession(Path dir);

    /** Opens a log file read-only in the window at line {@code lineNo} (1-based). */
    void openLogLine(Path file, long lineNo);

    void status(String message);

    /** The SQLite index runs update, or null. */
    Path storeDb();

    /** Where trust grants are kept (tests use a temporary one, never the user's). */
    TrustStore trustStore();

    /** Where the plan's session folders go. */
    Path sessionsRoot(Path plan);

    /** Whether the plan has unsaved edits in the window. */
    boolean unsaved(Path plan);

    /** Saves the plan's unsaved edits; false when that failed (the run does not start). */
    boolean save(Path plan);
}
