package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static dev.falsify.app.ui.FxTestSupport.fxRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.viewers.EvidenceTab;
import dev.falsify.app.ui.workspace.WorkspaceTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Closing tabs of every kind, the unsaved-changes question on each way of closing, and the theme setting. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchTabsFxTest {
    @TempDir
    Path dir;

    private Workbench wb;

    @Start
    void start(Stage stage) throws Exception {
        wb = FxTestSupport.showWorkbench(stage);
    }

    @AfterEach
    void closeWorkbench() throws Exception {
        FxTestSupport.closeWorkbench(wb);
    }

    private MenuItem menuItem(String text) {
        return fx(() -> {
            List<MenuItem> all = new ArrayList<>();
            for (Menu m : ((MenuBar) wb.root().getTop()).getMenus()) {
                all.addAll(m.getItems());
            }
            return all.stream().filter(i -> text.equals(i.getText())).findFirst().orElseThrow();
        });
    }

    private PlanTab openEditedPlan(String name) throws Exception {
        Path plan = dir.resolve(name);
        Files.writeString(plan, "# Test Plan: " + name + "\n\nsaved text\n");
        PlanTab tab = fx(() -> wb.open(plan).orElseThrow());
        fxRun(() -> tab.editor().codeArea().appendText("typed, not saved\n"));
        return tab;
    }

    private DialogPane awaitUnsavedDialog(FxRobot robot) throws Exception {
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#unsaved-changes-dialog").tryQuery().isPresent());
        return robot.lookup("#unsaved-changes-dialog").queryAs(DialogPane.class);
    }

    private static Node button(DialogPane pane, String text) {
        ButtonType type = fx(() -> pane.getButtonTypes().stream().filter(b -> b.getText().equals(text)).findFirst().orElseThrow());
        return fx(() -> pane.lookupButton(type));
    }

    @Test
    void dontSaveOnCloseLeavesNoAutosaveToBeOfferedAgain(FxRobot robot) throws Exception {
        PlanTab tab = openEditedPlan("thrown-away.md");
        Path side = dir.resolve(".falsify-autosave.thrown-away.md");
        Platform.runLater(() -> menuItem("Close Tab").fire());
        DialogPane pane = awaitUnsavedDialog(robot);
        assertThat(fx(pane::getContentText)).contains("thrown-away.md");
        robot.clickOn(button(pane, "Don't Save"));
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> !wb.tabs().getTabs().contains(tab)));
        // the editor's file thread runs what was queued before it stops; give a stray autosave the time to land
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        assertThat(side).as("the edits the user threw away are not kept for recovery").doesNotExist();
        PlanTab again = fx(() -> wb.open(dir.resolve("thrown-away.md")).orElseThrow());
        assertThat(fx(() -> again.editor().text())).doesNotContain("typed, not saved");
        assertThat(robot.lookup("#recovery-banner").tryQuery()).isEmpty();
    }

    @Test
    void aTabsOwnCloseButtonAsksBeforeUnsavedEditsAreLost(FxRobot robot) throws Exception {
        PlanTab tab = openEditedPlan("buttoned.md");
        robot.clickOn(closeButtonOfSelectedTab());
        DialogPane pane = awaitUnsavedDialog(robot);
        robot.clickOn(fx(() -> pane.lookupButton(ButtonType.CANCEL)));
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#unsaved-changes-dialog").tryQuery().isEmpty());
        assertThat(fx(() -> wb.tabs().getTabs())).contains(tab);
        assertThat(fx(() -> tab.editor().text())).contains("typed, not saved");

        robot.clickOn(closeButtonOfSelectedTab());
        robot.clickOn(button(awaitUnsavedDialog(robot), "Save"));
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> !wb.tabs().getTabs().contains(tab)));
        assertThat(Files.readString(dir.resolve("buttoned.md"))).endsWith("typed, not saved\n");
    }

    /** The × of the window's selected tab (not of the tab panes inside a plan tab). */
    private Node closeButtonOfSelectedTab() {
        return fx(() -> wb.tabs().lookupAll(".tab:selected .tab-close-button").stream().filter(n -> {
            Node p = n.getParent();
            while (p != null && !(p instanceof javafx.scene.control.TabPane)) {
                p = p.getParent();
            }
            return p == wb.tabs();
        }).findFirst().orElseThrow());
    }

    @Test
    void closeTabClosesEveryKindOfTab() throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, "line one\nline two\n");
        fx(() -> wb.open(log));
        EvidenceTab evidence = fx(() -> (EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem());
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> evidence.viewer() != null));
        fxRun(() -> menuItem("Close Tab").fire());
        assertThat(fx(() -> wb.tabs().getTabs())).doesNotContain(evidence);
    }

    @Test
    void theThemeIsOneSettingTheMenuTheWindowAndTheSettingsFollow() throws Exception {
        CheckMenuItem dark = (CheckMenuItem) fx(() -> ((MenuBar) wb.root().getTop()).getMenus().stream()
                .filter(m -> m.getText().equals("View")).findFirst().orElseThrow().getItems().get(0));
        assertThat(fx(dark::isSelected)).isFalse();
        fxRun(() -> wb.applyTheme(WorkbenchSettings.Theme.DARK));
        assertThat(fx(dark::isSelected)).isTrue();
        assertThat(fx(() -> wb.root().getStyleClass())).contains("dark");
        assertThat(fx(wb::isDark)).isTrue();
        fxRun(() -> dark.setSelected(false)); // as a click on the menu item does
        assertThat(fx(wb::isDark)).isFalse();
        assertThat(fx(() -> wb.root().getStyleClass())).doesNotContain("dark");

        // a switch is remembered for the next start, which opens in that theme
        Path file = dir.resolve("theme.properties");
        Workbench other = fx(() -> new Workbench(WorkbenchSettings.load(file)));
        fxRun(() -> other.applyTheme(WorkbenchSettings.Theme.DARK));
        assertThat(WorkbenchSettings.load(file).theme()).isEqualTo(WorkbenchSettings.Theme.DARK);
        assertThat(fx(() -> new Workbench(WorkbenchSettings.load(file)).isDark())).isTrue();
        fxRun(() -> other.applyTheme(WorkbenchSettings.Theme.LIGHT)); // the stylesheet is global to the test JVM
        assertThat(WorkbenchSettings.load(file).theme()).isEqualTo(WorkbenchSettings.Theme.LIGHT);
    }

    @Test
    void theTreeOffersToRunPlansNotASessionsMarkdown() throws Exception {
        Path session = Files.createDirectories(dir.resolve("test-sessions/kv/2026-11-30T041500Z"));
        Files.writeString(session.resolve("session-log.md"), "# Session\n");
        Path plan = Files.createDirectories(dir.resolve("docs/testing-plans")).resolve("kv.md");
        Files.writeString(plan, "# Test Plan: kv\n");
        assertThat(treeMenuIds(session.resolve("session-log.md"), false)).containsExactly("tree-menu-open");
        assertThat(treeMenuIds(plan, false)).containsExactly("tree-menu-open", "tree-menu-run-plan");
        assertThat(treeMenuIds(session, true)).containsExactly("tree-menu-session", "tree-menu-timeline");
        assertThat(treeMenuIds(dir.resolve("docs"), true)).as("a plain folder has no menu").isEmpty();
    }

    private List<String> treeMenuIds(Path p, boolean folder) {
        return fx(() -> {
            var menu = WorkbenchRunHost.treeMenu(wb, new WorkspaceTree.Entry(p.getFileName().toString(), p, folder));
            return menu == null ? List.<String>of() : menu.getItems().stream().map(MenuItem::getId).toList();
        });
    }
}
