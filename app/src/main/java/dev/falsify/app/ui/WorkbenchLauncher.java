package dev.falsify.app.ui;

import java.nio.file.Path;
import javafx.application.Application;

/**
 * Starts the workbench from a plain (non-JavaFX) main class, so the fat jar works on the classpath.
 * Blocks until the last window closes.
 */
public final class WorkbenchLauncher {
    private static volatile long startNanos;

    private WorkbenchLauncher() {
    }

    /** Held: java.util.logging keeps loggers weakly, and a collected one would forget its level. */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    /**
     * Opens the window; a start the platform refuses (no GTK 3 on Linux) becomes an
     * {@link IllegalStateException} saying what to install, not JavaFX's "internal error".
     */
    public static void launch(Path path) {
        startNanos = System.nanoTime();
        quietJavaFxWarnings();
        try {
            start(path);
        } catch (RuntimeException | Error e) {
            String hint = missingLibraryHint(e);
            if (hint == null) {
                throw e;
            }
            throw new IllegalStateException(hint, e);
        }
    }

    /**
     * JavaFX warns "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'" on
     * every start from a classpath jar; that is how Falsify ships (see the launcher's class comment),
     * so the warning says nothing to the user. Errors still print.
     */
    static void quietJavaFxWarnings() {
        JAVAFX_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    /** What to install when {@code e} (or a cause) says a native library of the window is missing; else null. */
    public static String missingLibraryHint(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("GTK") || m.contains("libgtk") || m.contains("glassgtk")) {
                return "cannot open the window: JavaFX needs GTK 3, which is not installed"
                        + " (Debian/Ubuntu: sudo apt-get install libgtk-3-0; Fedora: sudo dnf install gtk3)";
            }
        }
        return null;
    }

    private static void start(Path path) {
        if (path == null) {
            Application.launch(WorkbenchApp.class);
        } else {
            Application.launch(WorkbenchApp.class, path.toAbsolutePath().toString());
        }
    }

    static long startNanos() {
        return startNanos;
    }

    /** True when a window can be shown: any OS but Linux/BSD, or one with a display server. */
    public static boolean hasDisplay() {
        String os = System.getProperty("os.name", "").toLowerCase();
        if (os.contains("win") || os.contains("mac")) {
            return true;
        }
        return notBlank(System.getenv("DISPLAY")) || notBlank(System.getenv("WAYLAND_DISPLAY"))
                || "Monocle".equals(System.getProperty("glass.platform"));
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
