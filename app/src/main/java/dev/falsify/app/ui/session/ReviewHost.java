package dev.falsify.app.ui.session;

import java.nio.file.Path;
import javafx.stage.Window;

/** What the session views need from the window around them. */
public interface ReviewHost {
    /** Opens a file or folder inside the window: a plan in the editor, evidence in its viewer, a session in its view. */
    void open(Path path);

    /** Opens the comparison of two session folders, {@code before} the earlier one. */
    void compare(Path before, Path after);

    void status(String message);

    /** Owner for dialogs; may be null in tests. */
    Window window();

    /** The SQLite session store the history and overrides use. */
    Path storeDb();

    boolean isDark();

    /** {@code file} was rewritten on disk by this window (report.md after an override): a view showing it re-reads it. */
    default void rewritten(Path file) {
    }
}
