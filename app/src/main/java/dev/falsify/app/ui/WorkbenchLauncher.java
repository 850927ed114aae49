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

    public static void launch(Path path) {
        startNanos = System.nanoTime();
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
