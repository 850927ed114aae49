package dev.falsify.app.ui;

import dev.falsify.app.ui.tab.TabRouter;
import dev.falsify.app.ui.tab.WorkbenchTab;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/**
 * Nothing the user typed is lost without being asked: closing a tab (Ctrl+W or its ×) or the window
 * with unsaved edits asks Save / Don't Save / Cancel, naming the files. Which tabs have unsaved
 * edits, and how they save or forget them, is each tab's own business ({@link WorkbenchTab}).
 */
final class UnsavedChangesGuard {
    /** The user's answer to the question. */
    enum Answer { SAVE, DISCARD, CANCEL }

    private final TabRouter tabs;
    private final Function<List<WorkbenchTab>, Answer> ask;
    private final BiConsumer<String, Exception> error;

    /**
     * @param ask   asks the user about these unsaved tabs (the dialog; tests answer it themselves)
     * @param error told when a save failed (the window then stays as it was)
     */
    UnsavedChangesGuard(TabRouter tabs, Function<List<WorkbenchTab>, Answer> ask, BiConsumer<String, Exception> error) {
        this.tabs = tabs;
        this.ask = ask;
        this.error = error;
    }

    /** Makes the tab's own × ask too. */
    void guard(WorkbenchTab t) {
        t.tab().setOnCloseRequest(e -> {
            if (!confirm(List.of(t))) {
                e.consume();
            }
        });
    }

    /** Closes one tab, asking first when it has unsaved edits; false when it stays open. */
    boolean close(WorkbenchTab t) {
        if (!confirm(List.of(t))) {
            return false;
        }
        tabs.close(t);
        return true;
    }

    /** Before the window closes: asks about every unsaved tab, then releases every tab; false when the window stays. */
    boolean closeAll() {
        List<WorkbenchTab> all = tabs.all();
        if (!confirm(all)) {
            return false;
        }
        all.forEach(WorkbenchTab::dispose);
        return true;
    }

    /**
     * Asks about those of {@code candidates} that have unsaved edits and saves or discards them as
     * answered; true to go on closing. Asks nothing when none has.
     */
    boolean confirm(List<WorkbenchTab> candidates) {
        List<WorkbenchTab> dirty = candidates.stream().filter(WorkbenchTab::unsaved).toList();
        if (dirty.isEmpty()) {
            return true;
        }
        Answer answer = ask.apply(dirty);
        if (answer == Answer.CANCEL) {
            return false;
        }
        for (WorkbenchTab t : dirty) {
            try {
                if (answer == Answer.SAVE) {
                    t.save();
                } else {
                    t.discardUnsaved();
                }
            } catch (IOException e) {
                error.accept("Cannot save " + t.file().map(Path::toString).orElse(t.tab().getText()), e);
                return false;
            }
        }
        return true;
    }

    /** The question as a dialog owned by the window: Save (All) / Don't Save / Cancel. */
    static Answer askWithDialog(Window owner, List<WorkbenchTab> dirty) {
        ButtonType saveAll = new ButtonType(dirty.size() == 1 ? "Save" : "Save All", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, message(dirty), saveAll, discard, ButtonType.CANCEL);
        a.setHeaderText(dirty.size() == 1 ? "Save changes to " + name(dirty.get(0)) + "?"
                : "Save changes to " + dirty.size() + " files?");
        a.getDialogPane().setId("unsaved-changes-dialog");
        a.getDialogPane().setPrefWidth(520);
        WindowDialogs.owned(a, owner, null);
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == ButtonType.CANCEL) {
            return Answer.CANCEL;
        }
        return r.get() == saveAll ? Answer.SAVE : Answer.DISCARD;
    }

    /** The unsaved files by name, with their folder where names alone would be ambiguous. */
    static String message(List<WorkbenchTab> dirty) {
        StringBuilder sb = new StringBuilder("Unsaved changes in:\n");
        Set<String> names = new HashSet<>();
        Set<String> repeated = new HashSet<>();
        for (WorkbenchTab t : dirty) {
            if (!names.add(name(t))) {
                repeated.add(name(t));
            }
        }
        for (WorkbenchTab t : dirty) {
            String name = name(t);
            sb.append("  \u2022 ").append(name);
            Optional<Path> folder = t.file().map(Path::getParent);
            if (folder.isPresent() && (repeated.contains(name) || dirty.size() == 1)) {
                sb.append("  (").append(folder.get()).append(')');
            }
            sb.append('\n');
        }
        return sb.append("Your changes are lost if you don't save them.").toString();
    }

    private static String name(WorkbenchTab t) {
        return t.file().map(f -> f.getFileName().toString()).orElse(t.tab().getText());
    }
}
