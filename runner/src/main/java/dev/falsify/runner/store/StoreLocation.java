package dev.falsify.runner.store;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the store lives: {@code $FALSIFY_HOME/falsify.db}, else the platform's per-user data folder:
 * {@code $XDG_DATA_HOME/falsify} or {@code ~/.local/share/falsify} on Linux and other Unixes,
 * {@code ~/Library/Application Support/falsify} on macOS, {@code %LOCALAPPDATA%\falsify} (or
 * {@code %APPDATA%}, or {@code ~\AppData\Local}) on Windows.
 */
public final class StoreLocation {
    public static final String DB_FILE = "falsify.db";

    private StoreLocation() {
    }

    /** The folder for this process's environment. */
    public static Path home() {
        return home(System.getenv(), System.getProperty("os.name", ""), System.getProperty("user.home", "."));
    }

    /** The default database file for this process's environment. */
    public static Path defaultDb() {
        return home().resolve(DB_FILE);
    }

    public static Path home(Map<String, String> env, String osName, String userHome) {
        String explicit = env.get("FALSIFY_HOME");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String os = osName.toLowerCase(Locale.ROOT);
        Path home = Path.of(userHome);
        if (os.startsWith("windows")) {
            for (String var : new String[] {"LOCALAPPDATA", "APPDATA"}) {
                String v = env.get(var);
                if (v != null && !v.isBlank()) {
                    return Path.of(v, "falsify");
                }
            }
            return home.resolve("AppData").resolve("Local").resolve("falsify");
        }
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return home.resolve("Library").resolve("Application Support").resolve("falsify");
        }
        String xdg = env.get("XDG_DATA_HOME");
        // the XDG spec says a relative value is invalid and must be ignored
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "falsify");
        }
        return home.resolve(".local").resolve("share").resolve("falsify");
    }
}
