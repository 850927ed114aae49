package dev.falsify.app.ui;

import dev.falsify.app.ui.workspace.PathClassifier;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

/**
 * What the File menu does: the open and save choosers, New Plan, Save, Save As, Close Tab and
 * Quit. Opening goes through {@link Workbench#open}, so a chosen path opens as a dropped or a
 * recent one does.
 */
final class FileActions {
    private final Workbench wb;

    FileActions(Workbench wb) {
        this.wb = wb;
    }

    void chooseFile() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open plan");
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Markdown", "*.md"),
                new FileChooser.ExtensionFilter("Histories (history viewer)", "*.jsonl", "*.edn", "*.log", "*.txt"),
                new FileChooser.ExtensionFilter("All files", "*"));
        if (wb.workspace() != null) {
            fc.setInitialDirectory(wb.workspace().toFile());
        }
        File f = fc.showOpenDialog(wb.stage());
        if (f != null) {
            wb.open(f.toPath());
        }
    }

    void chooseFolder() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Open folder");
        File f = dc.showDialog(wb.stage());
        if (f != null) {
            wb.open(f.toPath());
        }
    }

    void chooseSession() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Open session folder");
        if (wb.workspace() != null && Files.isDirectory(wb.workspace())) {
            dc.setInitialDirectory(wb.workspace().toFile());
        }
        File f = dc.showDialog(wb.stage());
        if (f != null) {
            if (!PathClassifier.isSessionFolder(f.toPath())) {
                wb.status(f + " is not a session folder (no session-log.md or findings/report.md)");
                return;
            }
            wb.open(f.toPath());
        }
    }

    void newPlan() {
        Path ws = wb.workspace() == null ? Path.of("").toAbsolutePath() : wb.workspace();
        NewPlanDialog.show(wb.stage(), ws).ifPresent(p -> {
            wb.setWorkspace(ws); // rescans, so the new plan is listed under Plans
            wb.open(p);
        });
    }

    void saveCurrent() {
        wb.currentPlan().ifPresent(t -> {
            try {
                t.save();
                wb.status("Saved " + t.path());
            } catch (IOException e) {
                wb.error("Cannot save " + t.path(), e);
            }
        });
    }

    void chooseSaveAs() {
        wb.currentPlan().ifPresent(t -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Save plan as");
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Markdown", "*.md"));
            fc.setInitialDirectory(t.path().getParent().toFile());
            fc.setInitialFileName(t.path().getFileName().toString());
            File f = fc.showSaveDialog(wb.stage());
            if (f != null) {
                saveAs(t, f.toPath());
            }
        });
    }

    /**
     * Writes the tab's text to {@code target} (atomically) and makes the tab that file: its undo
     * history and unsaved-state follow; the old file keeps what it had on disk. Refused when the
     * target is open in another tab.
     */
    boolean saveAs(PlanTab t, Path target) {
        Path p = target.toAbsolutePath().normalize();
        if (wb.router().find(PlanTab.class, p).filter(other -> other != t).isPresent()) {
            wb.status("Cannot save as " + p + ": it is open in another tab");
            return false;
        }
        try {
            t.saveAs(p);
        } catch (IOException e) {
            wb.error("Cannot save " + p, e);
            return false;
        }
        t.preview().setLinks(p, wb.workspace(), wb.previewLinks());
        wb.recent().add(p);
        if (wb.workspace() != null && p.startsWith(wb.workspace())) {
            wb.tree().setWorkspace(wb.workspace());
        }
        wb.status("Saved as " + p);
        return true;
    }

    /** Ctrl+W: closes the selected tab, whatever it shows, asking first when it has unsaved edits. */
    void closeSelected() {
        wb.router().selected().ifPresent(wb.guard()::close);
    }

    void quit() {
        if (wb.guard().closeAll()) {
            Platform.exit();
        }
    }
}
