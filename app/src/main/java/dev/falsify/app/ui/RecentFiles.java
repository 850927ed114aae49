package dev.falsify.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;

/**
 * File ▸ Open Recent: the plans, folders, sessions and evidence files opened last (kept in the
 * {@link WorkbenchSettings}, most recent first). A path that no longer exists is dropped, and
 * forgotten, rather than offered.
 */
final class RecentFiles {
    private final WorkbenchSettings settings;
    private final Consumer<Path> open;
    private final Consumer<String> status;
    private final Menu menu = new Menu("Open Recent");

    RecentFiles(WorkbenchSettings settings, Consumer<Path> open, Consumer<String> status) {
        this.settings = settings;
        this.open = open;
        this.status = status;
    }

    Menu menu() {
        return menu;
    }

    /** Puts {@code path} first in the list (and the settings file). */
    void add(Path path) {
        settings.addRecent(path);
        rebuild();
    }

    /** Lists what still exists; called whenever the File menu opens, so a file deleted since is not offered. */
    void rebuild() {
        try {
            settings.forgetMissingRecent();
        } catch (RuntimeException e) {
            status.accept("Could not update the recent list: " + e.getMessage());
        }
        List<MenuItem> items = new ArrayList<>();
        for (Path p : settings.recent()) {
            if (!Files.exists(p)) {
                continue;
            }
            MenuItem mi = new MenuItem(p.toString());
            mi.setMnemonicParsing(false);
            mi.setOnAction(e -> open.accept(p));
            items.add(mi);
        }
        if (items.isEmpty()) {
            MenuItem none = new MenuItem("(none)");
            none.setDisable(true);
            items.add(none);
        }
        menu.getItems().setAll(items);
    }
}
