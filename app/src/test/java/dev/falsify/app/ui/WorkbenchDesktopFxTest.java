package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static dev.falsify.app.ui.FxTestSupport.fxRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.editor.Analysis;
import dev.falsify.app.ui.editor.Problem;
import dev.falsify.app.ui.outline.OutlineEntry;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tab;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The desktop conventions of issue 15: menus and shortcuts, files, dialogs, catalog, matrix, outline. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchDesktopFxTest {
    @TempDir
    Path dir;

    private Workbench wb;
    private Stage stage;
    private Path plan;
    private String original;
    private PlanTab tab;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        wb = FxTestSupport.showWorkbench(stage);
    }

    @BeforeEach
    void openPlan() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("small-plan.md")) {
            original = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        plan = dir.resolve("docs/testing-plans/small-queue.md");
        Files.createDirectories(plan.getParent());
        Files.writeString(plan, original);
        tab = fx(() -> wb.open(plan).orElseThrow());
        awaitAnalysis(tab, a -> a.text().equals(original));
    }

    private static Analysis awaitAnalysis(PlanTab t, Predicate<Analysis> condition) throws Exception {
        waitFor(15, TimeUnit.SECONDS, () -> {
            Analysis a = fx(() -> t.editor().analysisProperty().get());
            return a != null && a.text().equals(fx(() -> t.editor().text())) && condition.test(a);
        });
        return fx(() -> t.editor().analysisProperty().get());
    }

    private List<MenuItem> menuItems() {
        return fx(() -> {
            MenuBar bar = (MenuBar) wb.root().getTop();
            List<MenuItem> out = new ArrayList<>();
            for (Menu m : bar.getMenus()) {
                collect(m, out);
            }
            return out;
        });
    }

    private static void collect(Menu m, List<MenuItem> out) {
        for (MenuItem i : m.getItems()) {
            out.add(i);
            if (i instanceof Menu sub) {
                collect(sub, out);
            }
        }
    }

    private MenuItem menuItem(String text) {
        return menuItems().stream().filter(i -> text.equals(i.getText())).findFirst()
                .orElseThrow(() -> new AssertionError("no menu item " + text));
    }

    // ---- menus and shortcuts ----

    @Test
    void theEditMenuHasTheClipboardAndFileHasSaveAs() {
        List<String> names = menuItems().stream().map(MenuItem::getText).toList();
        assertThat(names).contains("Undo", "Redo", "Cut", "Copy", "Paste", "Select All", "Save", "Save As…");
    }

    @Test
    void shortcutsAreShownAsPeopleWriteThemNotAsKeyNames(FxRobot robot) {
        for (MenuItem i : menuItems()) {
            if (i.getAccelerator() != null) {
                String shown = fx(() -> i.getAccelerator().getDisplayText());
                assertThat(shown).as(i.getText()).doesNotContainPattern("[A-Z]{2,}|_|Bracket|Period");
            }
        }
        assertThat(fx(() -> menuItem("Fold Section").getAccelerator().getDisplayText())).isEqualTo("Ctrl+Shift+[");
        assertThat(fx(() -> menuItem("Unfold Section").getAccelerator().getDisplayText())).isEqualTo("Ctrl+Shift+]");
        assertThat(fx(() -> menuItem("Quick Fix").getAccelerator().getDisplayText())).isEqualTo("Ctrl+.");
        assertThat(fx(() -> menuItem("Save As…").getAccelerator().getDisplayText())).isEqualTo("Ctrl+Shift+S");

        // the label the open menu draws, and the keys still work
        Menu view = fx(() -> ((MenuBar) wb.root().getTop()).getMenus().stream()
                .filter(m -> m.getText().equals("View")).findFirst().orElseThrow());
        fxRun(view::show);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> drawn = robot.lookup(".accelerator-text").queryAll().stream()
                .map(n -> ((Labeled) n).getText()).toList();
        fxRun(view::hide);
        assertThat(drawn).contains("Ctrl+Shift+[", "Ctrl+Shift+]");

        int section = original.indexOf("H1. **Ack");
        fxRun(() -> {
            tab.editor().codeArea().requestFocus();
            tab.editor().codeArea().moveTo(section);
        });
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.OPEN_BRACKET).release(KeyCode.OPEN_BRACKET, KeyCode.SHIFT, KeyCode.CONTROL);
        int heading = fx(() -> tab.editor().codeArea().getCurrentParagraph());
        assertThat(fx(() -> tab.editor().isFolded(heading + 1))).as("Ctrl+Shift+[ folds the section").isTrue();
    }

    @Test
    void copyAndPasteFromTheEditMenuWorkInTheEditor() {
        int at = original.indexOf("small-queue");
        fxRun(() -> {
            tab.editor().codeArea().requestFocus();
            tab.editor().codeArea().selectRange(at, at + "small-queue".length());
        });
        fxRun(() -> menuItem("Copy").fire());
        assertThat(fx(() -> Clipboard.getSystemClipboard().getString())).isEqualTo("small-queue");
        fxRun(() -> tab.editor().codeArea().moveTo(0));
        fxRun(() -> menuItem("Paste").fire());
        assertThat(fx(() -> tab.editor().text())).startsWith("small-queue# Test Plan");
        fxRun(() -> menuItem("Select All").fire());
        assertThat(fx(() -> tab.editor().codeArea().getSelectedText())).isEqualTo(fx(() -> tab.editor().text()));
        fxRun(() -> menuItem("Cut").fire());
        assertThat(fx(() -> tab.editor().text())).isEmpty();
        fxRun(() -> menuItem("Undo").fire());
        assertThat(fx(() -> tab.editor().text())).startsWith("small-queue# Test Plan");
    }

    @Test
    void saveAsWritesTheNewFileAndTheTabFollowsIt() throws Exception {
        fxRun(() -> tab.editor().codeArea().insertText(0, "<!-- edited -->\n"));
        Path copy = dir.resolve("docs/testing-plans/copy.md");
        assertThat(fx(() -> wb.saveAs(tab, copy))).isTrue();
        assertThat(Files.readString(copy)).isEqualTo("<!-- edited -->\n" + original);
        assertThat(Files.readString(plan)).as("the old file keeps its disk content").isEqualTo(original);
        assertThat(fx(() -> tab.path())).isEqualTo(copy);
        assertThat(fx(() -> tab.getText())).isEqualTo("copy.md");
        assertThat(fx(() -> tab.editor().savedProperty().get())).isTrue();
        fxRun(() -> tab.editor().codeArea().insertText(0, "x"));
        fxRun(wb::saveCurrent);
        assertThat(Files.readString(copy)).startsWith("x<!-- edited -->");
        assertThat(Files.readString(plan)).isEqualTo(original);
    }

    // ---- files ----

    @Test
    void aBinaryOrNonUtf8FileIsRefusedSayingWhatAndWhere() throws Exception {
        Path latin1 = dir.resolve("notes.md");
        Files.write(latin1, "# Notes\nca f\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        int tabsBefore = fx(() -> wb.tabs().getTabs().size());
        fx(() -> wb.open(latin1));
        assertThat(fx(() -> wb.tabs().getTabs().size())).isEqualTo(tabsBefore);
        String status = fx(() -> ((javafx.scene.control.Label) wb.root().lookup("#status-message")).getText());
        assertThat(status).contains(latin1.toString()).contains("not UTF-8 text").contains("byte offset 12")
                .contains("line 2, column 5").doesNotContain("Input length");
        closeDialogs();

        Path png = dir.resolve("logo.png");
        Files.write(png, new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13});
        // not a plan: it opens read-only in the evidence viewer, which says what it is instead of showing bytes
        fx(() -> wb.open(png));
        status = fx(() -> ((javafx.scene.control.Label) wb.root().lookup("#status-message")).getText());
        assertThat(status).contains(png.toString()).contains("read-only");
        assertThat(fx(() -> wb.tabs().getTabs().size())).isEqualTo(tabsBefore + 1);
        assertThat(fx(() -> wb.tabs().getSelectionModel().getSelectedItem()))
                .isInstanceOf(dev.falsify.app.ui.viewers.EvidenceTab.class);
        assertThat(dev.falsify.app.ui.viewers.EvidenceText.read(png).note())
                .contains("binary file").contains("byte offset 8");
        closeDialogs();
    }

    private void closeDialogs() {
        fxRun(() -> {
            for (javafx.stage.Window w : new ArrayList<>(javafx.stage.Window.getWindows())) {
                if (w != stage && w instanceof Stage s && s.getScene().getRoot() instanceof DialogPane) {
                    s.close();
                }
            }
        });
    }

    @Test
    void aFileDeletedWhileOpenGetsABannerAndCanBeSavedAgain(FxRobot robot) throws Exception {
        Files.delete(plan);
        fxRun(() -> tab.editor().checkDiskNow());
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#deleted-banner").tryQuery().isPresent());
        robot.clickOn("#deleted-save");
        waitFor(10, TimeUnit.SECONDS, () -> Files.exists(plan));
        assertThat(Files.readString(plan)).isEqualTo(original);
        assertThat(robot.lookup("#deleted-banner").tryQuery()).isEmpty();
    }

    @Test
    void theUnsavedChangesDialogNamesTheFilesAndIsCentredOnTheWindow(FxRobot robot) throws Exception {
        Path second = dir.resolve("docs/testing-plans/second.md");
        Files.writeString(second, original.replace("small-queue", "second"));
        PlanTab other = fx(() -> wb.open(second).orElseThrow());
        fxRun(() -> {
            tab.editor().codeArea().insertText(0, "a");
            other.editor().codeArea().insertText(0, "b");
            stage.setX(120);
            stage.setY(70);
        });
        Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#unsaved-changes-dialog").tryQuery().isPresent());
        DialogPane pane = robot.lookup("#unsaved-changes-dialog").queryAs(DialogPane.class);
        assertThat(fx(pane::getContentText)).contains("small-queue.md").contains("second.md");
        javafx.stage.Window w = fx(() -> pane.getScene().getWindow());
        assertThat(fx(() -> ((Stage) w).getOwner())).isSameAs(stage);
        double dx = fx(() -> w.getX() + w.getWidth() / 2 - (stage.getX() + stage.getWidth() / 2));
        double dy = fx(() -> w.getY() + w.getHeight() / 2 - (stage.getY() + stage.getHeight() / 2));
        assertThat(Math.abs(dx)).as("horizontal offset from the window's centre").isLessThan(3);
        assertThat(Math.abs(dy)).as("vertical offset from the window's centre").isLessThan(3);
        robot.clickOn(fx(() -> pane.lookupButton(ButtonType.CANCEL)));
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#unsaved-changes-dialog").tryQuery().isEmpty());
        assertThat(fx(() -> stage.isShowing())).isTrue();
        fxRun(() -> {
            tab.editor().codeArea().undo();
            other.editor().codeArea().undo();
        });
    }

    @Test
    void aRecentFileThatNoLongerExistsIsDroppedFromTheList() throws Exception {
        Path gone = dir.resolve("gone.md");
        Files.writeString(gone, original);
        fx(() -> wb.open(gone));
        Files.delete(gone);
        Menu fileMenu = fx(() -> ((MenuBar) wb.root().getTop()).getMenus().get(0));
        fxRun(fileMenu::show);
        fxRun(fileMenu::hide);
        Menu recent = (Menu) menuItem("Open Recent");
        List<String> listed = fx(() -> recent.getItems().stream().map(MenuItem::getText).toList());
        assertThat(listed).contains(plan.toString()).doesNotContain(gone.toString());
    }

    // ---- catalog panel ----

    @Test
    void dockingTheCatalogKeepsTheProblemsColumnsAndShowsItsLabelsWhole(FxRobot robot) throws Exception {
        fxRun(() -> tab.bottomTabs().getSelectionModel().select(tab.problemsTab()));
        WaitForAsyncUtils.waitForFxEvents();
        fxRun(() -> wb.showCatalog(true));
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        for (TableColumn<?, ?> c : fx(() -> List.copyOf(tab.problems().table().getColumns()))) {
            assertThat(fx(c::getWidth)).as("width of the Problems column " + c.getText()).isGreaterThanOrEqualTo(40);
        }
        for (TableColumn<?, ?> c : fx(() -> List.copyOf(tab.structured().claimsTable().getColumns()))) {
            assertThat(fx(c::getWidth)).as("width of the claims column " + c.getText()).isGreaterThanOrEqualTo(40);
        }
        Parent catalog = fx(() -> (Parent) wb.root().lookup("#catalog-side-panel"));
        List<String> cut = fx(() -> truncatedLabels(catalog));
        assertThat(cut).as("labels drawn shortened").isEmpty();
        fxRun(() -> wb.showCatalog(false));
    }

    /** Labeled controls whose drawn text is not their text (the skin ellipsized it). */
    private static List<String> truncatedLabels(Parent root) {
        List<String> out = new ArrayList<>();
        for (Node n : root.lookupAll(".label, .button")) {
            if (n instanceof Labeled l && l.isVisible() && l.getText() != null && !l.getText().isEmpty()
                    && !(l.getParent() instanceof javafx.scene.control.Cell<?>) && l.getScene() != null) {
                Node t = l.lookup(".text");
                if (t instanceof Text text && !text.getText().equals(l.getText()) && l.getText().indexOf('\n') < 0) {
                    out.add(l.getText() + " drawn as " + text.getText());
                }
            }
        }
        return out;
    }

    @Test
    void insertingFromTheCatalogScrollsTheEditorToTheInsertedText(FxRobot robot) throws Exception {
        // a long plan: the caret far down, the view scrolled back to the top
        StringBuilder filler = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            filler.append("Background line ").append(i).append(".\n\n");
        }
        String longText = original.replace("## 4. Failure-mode hypotheses\n", "## 4. Failure-mode hypotheses\n\n" + filler);
        fxRun(() -> tab.editor().codeArea().replaceText(longText));
        awaitAnalysis(tab, a -> a.text().equals(longText));
        int at = longText.indexOf("## 7. Scenarios");
        fxRun(() -> {
            wb.showCatalog(true);
            tab.editor().codeArea().moveTo(at);
            tab.editor().codeArea().showParagraphAtTop(0);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#catalog-search").write("lease expiry");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#catalog-insert-hypothesis");
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        var area = fx(() -> tab.editor().codeArea());
        int firstInserted = fx(() -> area.offsetToPosition(at, org.fxmisc.richtext.model.TwoDimensional.Bias.Forward).getMajor());
        assertThat(fx(() -> area.getText(at, at + 20))).isNotEqualTo("## 7. Scenarios\n");
        int top = fx(() -> area.firstVisibleParToAllParIndex());
        int bottom = fx(() -> area.lastVisibleParToAllParIndex());
        assertThat(firstInserted).as("first inserted line between visible lines " + top + ".." + bottom)
                .isBetween(top, bottom);
        fxRun(() -> wb.showCatalog(false));
    }

    // ---- matrix, problems, outline ----

    @Test
    void aMatrixCellLabelledWithAScenarioJumpsToTheScenario() throws Exception {
        assertThat(fx(() -> tab.matrix().model().cell(0, 0).scenarios())).containsExactly("S1");
        assertThat(fx(() -> tab.matrix().idAt(0, 0))).isEqualTo("S1");
        assertThat(fx(() -> tab.matrix().idAt(0, -1))).isEqualTo("C1");
        assertThat(fx(() -> tab.matrix().idAt(-1, 0))).isEqualTo("H1");
        fxRun(() -> tab.showElement(tab.matrix().idAt(0, 0)));
        int line = fx(() -> tab.editor().codeArea().getCurrentParagraph());
        assertThat(original.split("\n", -1)[line]).startsWith("### Scenario S1");
    }

    @Test
    void theMatrixSummaryCountsClaimsAsTheClaimsTabDoes() throws Exception {
        String withMissing = original.replace("Docs and code appear aligned; no missing claims.",
                "| ID | Behavior the code relies on | Source / evidence | Suggested action |\n|---|---|---|---|\n"
                        + "| M1 | dequeue is idempotent on retry | client.go | add claim |\n"
                        + "| M2 | items expire after 7 days | gc.go | add claim |\n");
        fxRun(() -> tab.editor().codeArea().replaceText(withMissing));
        awaitAnalysis(tab, a -> a.plan().plan().missingClaims().size() == 2);
        assertThat(fx(() -> tab.matrix().model().claims().size())).as("rows include the missing claims").isEqualTo(5);
        assertThat(fx(() -> tab.matrix().summary())).startsWith("3 claims + 2 missing × 2 hypotheses");
        assertThat(fx(() -> tab.structured().tabs().getTabs().get(1).getText())).isEqualTo("Claims (3)");
    }

    @Test
    void aProblemsJumpHighlightsItsTargetLine() throws Exception {
        String broken = original.replace("- **Could falsify:** C2", "").replace("   - Could falsify: C2\n", "   - Could falsify: C9\n");
        fxRun(() -> tab.editor().codeArea().replaceText(broken));
        Analysis a = awaitAnalysis(tab, x -> x.problems().stream().anyMatch(p -> p.message().contains("C9")));
        Problem p = a.problems().stream().filter(x -> x.message().contains("C9")).findFirst().orElseThrow();
        fxRun(() -> tab.editor().jumpTo(p.start()));
        String lineText = broken.split("\n", -1)[p.line() - 1];
        assertThat(fx(() -> tab.editor().codeArea().getSelectedText())).isEqualTo(lineText);
        assertThat(fx(() -> tab.editor().codeArea().getCurrentParagraph())).isEqualTo(p.line() - 1);
    }

    @Test
    void theOutlineListsSectionsAndTheirElementsAndJumpsToThem(FxRobot robot) throws Exception {
        waitFor(10, TimeUnit.SECONDS, () -> !fx(() -> tab.outline().entries()).isEmpty());
        List<OutlineEntry> top = fx(() -> tab.outline().entries());
        assertThat(top).extracting(OutlineEntry::id).containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8", "9");
        assertThat(top.get(2).kind()).isEqualTo(OutlineEntry.Kind.MISSING_SECTION);
        OutlineEntry one = top.get(1);
        assertThat(one.children()).extracting(OutlineEntry::id).containsExactly("1b", "1c");
        assertThat(one.children().get(0).children()).extracting(OutlineEntry::id).containsExactly("C1", "C2", "C3");
        assertThat(top.get(4).children()).extracting(OutlineEntry::id).containsExactly("H1", "H2");
        assertThat(top.get(7).children()).extracting(OutlineEntry::id).containsExactly("S1", "7b", "7c", "7d");

        assertThat(fx(() -> wb.root().lookup("#plan-outline"))).as("the outline is on screen").isNotNull();
        fxRun(() -> {
            var outline = tab.outline();
            for (int row = 0; row < outline.getExpandedItemCount(); row++) {
                var item = outline.getTreeItem(row);
                if (item != null && item.getValue() != null && "S1".equals(item.getValue().id())) {
                    outline.scrollTo(Math.max(0, row - 2));
                }
            }
        });
        Node s1 = robot.lookup("#plan-outline .tree-cell").match((javafx.scene.control.TreeCell<?> c) ->
                c.getText() != null && c.getText().startsWith("S1 — ")).query();
        robot.clickOn(s1);
        int line = fx(() -> tab.editor().codeArea().getCurrentParagraph());
        assertThat(original.split("\n", -1)[line]).startsWith("### Scenario S1");
        assertThat(fx(() -> tab.outline().reveal("H2"))).isTrue();
        line = fx(() -> tab.editor().codeArea().getCurrentParagraph());
        assertThat(original.split("\n", -1)[line]).startsWith("H2. **Reorder");
    }

    @Test
    void addClaimOnANewPlansEmptyTableAddsARowNotASecondHeader(FxRobot robot) throws Exception {
        Path fresh = NewPlanDialog.create(dir, "fresh", false, null, null);
        PlanTab t = fx(() -> wb.open(fresh).orElseThrow());
        awaitAnalysis(t, a -> true);
        fxRun(() -> t.structured().tabs().getSelectionModel().select(1));
        robot.clickOn(fx(() -> t.structured().lookup("#add-claim")));
        awaitAnalysis(t, a -> a.plan().plan().claims().size() == 1);
        String text = fx(() -> t.editor().text());
        assertThat(text.split("\\| ID \\| Claim \\|", -1)).as("claims table headers").hasSize(2);
        assertThat(fx(() -> t.structured().claimsTable().getItems()).size()).isEqualTo(1);
    }

    // keeps Tab referenced for the import list
    @SuppressWarnings("unused")
    private static Tab unused;
}
