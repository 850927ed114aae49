package dev.falsify.app.ui;

import dev.falsify.model.io.AtomicFiles;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the workbench remembers between runs: the theme and the recently opened paths. Stored as a
 * small properties file in the user's config folder ({@code $XDG_CONFIG_HOME/falsify} or
 * {@code ~/.config/falsify}; {@code -Dfalsify.config.dir} overrides, which the tests use), written
 * atomically so a crash never leaves half a file.
 */
public final class WorkbenchSettings {
    public enum Theme { LIGHT, DARK }

    static final int MAX_RECENT = 10;
    private static final String FILE_NAME = "workbench.properties";

    private final Path file;
    private final Properties props = new Properties();

    private WorkbenchSettings(Path file) {
        this.file = file;
    }

    public static WorkbenchSettings load() {
        return load(configDir().resolve(FILE_NAME));
    }

    public static WorkbenchSettings load(Path file) {
        WorkbenchSettings s = new WorkbenchSettings(file);
        if (Files.isRegularFile(file)) {
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                s.props.load(r);
            } catch (IOException | IllegalArgumentException e) {
                // an unreadable settings file must not stop the workbench; start from defaults
                s.props.clear();
            }
        }
        return s;
    }

    public static Path configDir() {
        String override = System.getProperty("falsify.config.dir");
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "falsify");
        }
        String appData = System.getenv("APPDATA");
        if (appData != null && !appData.isBlank() && System.getProperty("os.name", "").startsWith("Windows")) {
            return Path.of(appData, "Falsify");
        }
        return Path.of(System.getProperty("user.home"), ".config", "falsify");
    }

    public Theme theme() {
        return "dark".equalsIgnoreCase(props.getProperty("theme")) ? Theme.DARK : Theme.LIGHT;
    }

    public void setTheme(Theme theme) {
        props.setProperty("theme", theme.name().toLowerCase());
        save();
    }

    /** Most recent first. */
    public List<Path> recent() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < MAX_RECENT; i++) {
            String v = props.getProperty("recent." + i);
            if (v != null && !v.isBlank()) {
                out.add(Path.of(v));
            }
        }
        return out;
    }

    public void addRecent(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        List<Path> list = new ArrayList<>(recent());
        list.remove(abs);
        list.add(0, abs);
        for (int i = 0; i < MAX_RECENT; i++) {
            props.remove("recent." + i);
        }
        for (int i = 0; i < Math.min(MAX_RECENT, list.size()); i++) {
            props.setProperty("recent." + i, list.get(i).toString());
        }
        save();
    }

    /** Drops recent paths that no longer exist; true when the list changed (and was saved). */
    public boolean forgetMissingRecent() {
        List<Path> all = recent();
        List<Path> kept = all.stream().filter(Files::exists).toList();
        if (kept.size() == all.size()) {
            return false;
        }
        for (int i = 0; i < MAX_RECENT; i++) {
            props.remove("recent." + i);
        }
        for (int i = 0; i < kept.size(); i++) {
            props.setProperty("recent." + i, kept.get(i).toString());
        }
        save();
        return true;
    }

    private void save() {
        try {
            AtomicFiles.write(file, out -> props.store(out, "Falsify workbench settings"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write settings " + file, e);
        }
    }
}
