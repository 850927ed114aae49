package dev.falsify.app.ui;

import dev.falsify.app.ui.theme.ThemeSetting;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextInputControl;
import org.fxmisc.richtext.StyledTextArea;

/**
 * The window's menu bar — File, Edit, View, Run, Help — with the shortcuts shown as people write
 * them ({@link Accelerator}). Items only say what to do; the doing is in {@link FileActions}, the
 * selected {@link PlanTab}, the {@link CatalogSidePanel}, the {@link ThemeSetting} and
 * {@link WorkbenchRunHost}.
 */
final class MainMenu {
    private final Workbench wb;
    private final FileActions files;

    private MainMenu(Workbench wb, FileActions files) {
        this.wb = wb;
        this.files = files;
    }

    static MenuBar build(Workbench wb, FileActions files, RecentFiles recent, CatalogSidePanel catalog, ThemeSetting theme) {
        MainMenu m = new MainMenu(wb, files);
        MenuBar bar = new MenuBar(m.file(recent), m.edit(), m.view(catalog, theme), WorkbenchRunHost.runMenu(wb), m.help());
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private Menu file(RecentFiles recent) {
        MenuItem newPlan = item("New Plan\u2026", "Shortcut+N", files::newPlan);
        MenuItem openFile = item("Open File\u2026", "Shortcut+O", files::chooseFile);
        MenuItem openFolder = item("Open Folder\u2026", "Shortcut+Shift+O", files::chooseFolder);
        MenuItem openSession = item("Open Session\u2026", null, files::chooseSession);
        MenuItem save = item("Save", "Shortcut+S", files::saveCurrent);
        MenuItem saveAs = item("Save As\u2026", "Shortcut+Shift+S", files::chooseSaveAs);
        MenuItem close = item("Close Tab", "Shortcut+W", files::closeSelected);
        MenuItem quit = item("Quit", "Shortcut+Q", files::quit);
        recent.rebuild();
        Menu file = new Menu("File", null, newPlan, openFile, openFolder, openSession, recent.menu(), new SeparatorMenuItem(),
                save, saveAs, close, new SeparatorMenuItem(), quit);
        file.setOnShowing(e -> recent.rebuild()); // a file deleted since is not offered
        return file;
    }

    /**
     * Undo / Redo, Cut / Copy / Paste / Select All, Find, Quick Fix. The clipboard items act on
     * whatever text has the keyboard focus (the plan editor, a table cell, a search field), as the
     * same keys do; a control that handles the key itself consumes it first, so nothing runs twice.
     */
    private Menu edit() {
        MenuItem undo = item("Undo", "Shortcut+Z", () -> wb.currentPlan().ifPresent(t -> t.editor().codeArea().undo()));
        MenuItem redo = item("Redo", "Shortcut+Shift+Z", () -> wb.currentPlan().ifPresent(t -> t.editor().codeArea().redo()));
        MenuItem cut = item("Cut", "Shortcut+X", () -> onFocusedText(TextInputControl::cut, StyledTextArea::cut));
        MenuItem copy = item("Copy", "Shortcut+C", () -> onFocusedText(TextInputControl::copy, StyledTextArea::copy));
        MenuItem paste = item("Paste", "Shortcut+V", () -> onFocusedText(TextInputControl::paste, StyledTextArea::paste));
        MenuItem selectAll = item("Select All", "Shortcut+A",
                () -> onFocusedText(TextInputControl::selectAll, StyledTextArea::selectAll));
        MenuItem find = item("Find\u2026", "Shortcut+F", () -> wb.currentPlan().ifPresent(t -> t.editor().showFind()));
        MenuItem quickFix = item("Quick Fix", "Shortcut+Period", wb::quickFixAtCaret);
        return new Menu("Edit", null, undo, redo, new SeparatorMenuItem(), cut, copy, paste, selectAll,
                new SeparatorMenuItem(), find, quickFix);
    }

    /**
     * Runs a clipboard action on the focused text control, else on the selected plan's editor. The
     * two kinds of text control JavaFX and RichTextFX offer share no interface, hence the two actions.
     */
    private void onFocusedText(Consumer<TextInputControl> onField, Consumer<StyledTextArea<?, ?>> onArea) {
        Node focus = wb.root().getScene() == null ? null : wb.root().getScene().getFocusOwner();
        if (focus instanceof TextInputControl field) {
            onField.accept(field);
            return;
        }
        StyledTextArea<?, ?> area = focus instanceof StyledTextArea<?, ?> a ? a
                : wb.currentPlan().<StyledTextArea<?, ?>>map(p -> p.editor().codeArea()).orElse(null);
        if (area != null) {
            onArea.accept(area);
        }
    }

    private Menu view(CatalogSidePanel catalog, ThemeSetting theme) {
        CheckMenuItem dark = new CheckMenuItem("Dark Theme");
        dark.setAccelerator(Accelerator.of("Shortcut+Shift+D"));
        dark.selectedProperty().bindBidirectional(theme.darkProperty());
        MenuItem fold = item("Fold Section", "Shortcut+Shift+OPEN_BRACKET",
                () -> wb.currentPlan().ifPresent(t -> t.editor().foldSectionAtCaret()));
        MenuItem unfold = item("Unfold Section", "Shortcut+Shift+CLOSE_BRACKET",
                () -> wb.currentPlan().ifPresent(t -> t.editor().unfoldSectionAtCaret()));
        MenuItem unfoldAll = item("Unfold All", null, () -> wb.currentPlan().ifPresent(t -> t.editor().unfoldAll()));
        return new Menu("View", null, dark, catalog.menuItem(), new SeparatorMenuItem(), fold, unfold, unfoldAll);
    }

    private Menu help() {
        MenuItem about = item("About Falsify", null, () -> WindowDialogs.info(wb.stage(), "Falsify 0.1.0",
                "Claim-driven testing of distributed and stateful systems.\nEvery action here is also a `falsify` command."));
        return new Menu("Help", null, about);
    }

    private static MenuItem item(String text, String accel, Runnable action) {
        MenuItem mi = new MenuItem(text);
        if (accel != null) {
            mi.setAccelerator(Accelerator.of(accel));
        }
        mi.setOnAction(e -> action.run());
        return mi;
    }
}
