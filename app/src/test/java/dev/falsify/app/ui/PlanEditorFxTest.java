package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static dev.falsify.app.ui.FxTestSupport.fxRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.editor.Analysis;
import dev.falsify.app.ui.editor.Problem;
import dev.falsify.app.ui.matrix.MatrixModel;
import dev.falsify.model.plan.Claim;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The plan editor end to end: typing, the structured table, undo, quick fixes, the matrix. */
@ExtendWith(ApplicationExtension.class)
class PlanEditorFxTest {
    @TempDir
    Path dir;

    private Workbench wb;
    private PlanTab tab;
    private String original;

    @Start
    void start(Stage stage) throws Exception {
        wb = FxTestSupport.showWorkbench(stage);
    }

    @AfterEach
    void closeWorkbench() throws Exception {
        FxTestSupport.closeWorkbench(wb);
    }

    @BeforeEach
    void openPlan() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("small-plan.md")) {
            original = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path plan = dir.resolve("docs/testing-plans/small-queue.md");
        Files.createDirectories(plan.getParent());
        Files.writeString(plan, original);
        tab = fx(() -> wb.open(plan).orElseThrow());
        awaitAnalysis(a -> a.text().equals(original));
    }

    private Analysis awaitAnalysis(Predicate<Analysis> condition) throws Exception {
        waitFor(10, TimeUnit.SECONDS, () -> {
            Analysis a = fx(() -> tab.editor().analysisProperty().get());
            return a != null && a.text().equals(fx(() -> tab.editor().text())) && condition.test(a);
        });
        return fx(() -> tab.editor().analysisProperty().get());
    }

    private MatrixModel matrix() {
        return fx(() -> tab.matrix().model());
    }

    @Test
    void typingAHypothesisAddsAMatrixColumnAndFixingALinkClearsTheProblem(FxRobot robot) throws Exception {
        assertThat(matrix().hypotheses()).extracting(MatrixModel.Column::id).containsExactly("H1", "H2");
        assertThat(matrix().claims()).extracting(MatrixModel.Row::id).containsExactly("C1", "C2", "C3");
        // C1 × H1 is closed by S1
        assertThat(matrix().cell(0, 0).scenarios()).containsExactly("S1");
        assertThat(matrix().cell(0, 0).verdict()).isEqualTo(MatrixModel.Coverage.COVERED);

        // a new hypothesis right before "## 7. Scenarios" (pasted), whose claim link is typed on the keyboard
        int at = original.indexOf("## 7. Scenarios");
        fxRun(() -> {
            tab.editor().codeArea().requestFocus();
            tab.editor().codeArea().insertText(at, "H3. **Stale read** - a follower serves an old head\n   - Could falsify: \n\n");
            tab.editor().codeArea().moveTo(at + "H3. **Stale read** - a follower serves an old head\n   - Could falsify: ".length());
        });
        robot.write("C9");
        Analysis a = awaitAnalysis(x -> x.plan().matrix().hypotheses().size() == 3);
        assertThat(a.plan().matrix().hypotheses().get(2).id()).isEqualTo("H3");
        // C9 does not exist: H3 links no known claim, and the linter says so
        assertThat(a.plan().matrix().hypotheses().get(2).untethered()).isFalse();
        assertThat(a.problems()).anyMatch(p -> p.message().contains("C9"));
        assertThat(fx(() -> tab.problems().table().getItems())).anyMatch(p -> p.message().contains("C9"));

        // fix the link by typing: C9 -> C3, and the matrix links C3 × H3
        int c9 = fx(() -> tab.editor().text()).indexOf("C9");
        fxRun(() -> tab.editor().codeArea().selectRange(c9, c9 + 2));
        robot.write("C3");
        a = awaitAnalysis(x -> x.plan().matrix().cell(2, 2) != null);
        assertThat(a.plan().matrix().cell(2, 2).linked()).isTrue();
        assertThat(a.problems()).noneMatch(p -> p.message().contains("C9"));
    }

    @Test
    void editingACategoryInTheTableChangesExactlyThatCellAndUndoRestoresBoth(FxRobot robot) throws Exception {
        TableView<Claim> table = fx(() -> {
            tab.structured().tabs().getSelectionModel().select(1);
            return tab.structured().claimsTable();
        });
        // C2's category cell: double-click opens the category picker; type and press Enter
        int row = 1;
        fxRun(() -> {
            table.scrollTo(row);
            table.edit(row, table.getColumns().get(2));
        });
        ComboBox<?> picker = robot.lookup("#claims-table .combo-box").queryAs(ComboBox.class);
        fxRun(() -> picker.getEditor().setText("safety"));
        robot.clickOn(picker.getEditor()).type(KeyCode.ENTER);

        String expected = original.replace("| C2 | Dequeues return items in enqueue order | ordering |",
                "| C2 | Dequeues return items in enqueue order | safety |");
        assertThat(expected).isNotEqualTo(original);
        waitFor(5, TimeUnit.SECONDS, () -> fx(() -> tab.editor().text()).equals(expected));
        Analysis a = awaitAnalysis(x -> true);
        assertThat(a.plan().plan().claim("C2").orElseThrow().categoryText()).isEqualTo("safety");
        waitFor(5, TimeUnit.SECONDS, () -> fx(() -> table.getItems().get(1).categoryText()).equals("safety"));
        // the matrix row colour follows the category
        assertThat(matrix().claims().get(1).categories()).containsExactly("safety");

        // one undo restores the Markdown and, through the re-parse, the table and the matrix
        fxRun(() -> tab.editor().codeArea().undo());
        assertThat(fx(() -> tab.editor().text())).isEqualTo(original);
        awaitAnalysis(x -> x.plan().plan().claim("C2").orElseThrow().categoryText().equals("ordering"));
        waitFor(5, TimeUnit.SECONDS, () -> fx(() -> table.getItems().get(1).categoryText()).equals("ordering"));
        assertThat(matrix().claims().get(1).categories()).containsExactly("ordering");
        // and redo brings the edit back
        fxRun(() -> tab.editor().codeArea().redo());
        assertThat(fx(() -> tab.editor().text())).isEqualTo(expected);
    }

    @Test
    void quickFixInsertsASevenMSkeleton(FxRobot robot) throws Exception {
        // remove S1's §7.M block: S1 falsifies a durability claim, so it must have one (P005)
        int from = original.indexOf("#### §7.M");
        int to = original.indexOf("## 7b.");
        fxRun(() -> tab.editor().codeArea().replaceText(from, to, ""));
        Analysis a = awaitAnalysis(x -> x.problems().stream().anyMatch(p -> p.rule().equals("P005")));
        Problem p005 = a.problems().stream().filter(p -> p.rule().equals("P005") && p.quickFix().isPresent())
                .findFirst().orElseThrow();
        // Ctrl+. at the problem applies its fix
        fxRun(() -> tab.editor().codeArea().moveTo(p005.start()));
        fxRun(() -> wb.quickFixAtCaret());
        String text = fx(() -> tab.editor().text());
        assertThat(text).contains("7.M");
        a = awaitAnalysis(x -> true);
        assertThat(a.plan().plan().scenario("S1").orElseThrow().sevenM().present()).isTrue();
        assertThat(a.problems()).noneMatch(p -> p.rule().equals("P005") && p.message().contains("no §7.M"));
        // one undo removes the whole skeleton
        fxRun(() -> tab.editor().codeArea().undo());
        assertThat(fx(() -> tab.editor().text())).doesNotContain("§7.M");
    }

    @Test
    void clickingAMatrixRowJumpsInBothViews(FxRobot robot) throws Exception {
        fxRun(() -> tab.bottomTabs().getSelectionModel().select(tab.matrixTab()));
        fxRun(() -> tab.showElement(tab.matrix().idAt(2, -1)));
        int caret = fx(() -> tab.editor().codeArea().getCaretPosition());
        assertThat(original.substring(caret)).startsWith("| C3 |");
        assertThat(fx(() -> tab.structured().claimsTable().getSelectionModel().getSelectedItem().id())).isEqualTo("C3");
        assertThat(fx(() -> tab.matrix().explain(0, 0))).contains("H1 could falsify C1").contains("S1");
        assertThat(fx(() -> tab.matrix().explain(2, -1))).contains("Unexercised");
    }

    @Test
    void thePreviewRendersWithJavaScriptOff(FxRobot robot) throws Exception {
        fxRun(() -> tab.bottomTabs().getSelectionModel().select(tab.previewTab()));
        var engine = fx(() -> tab.preview().webView().getEngine());
        assertThat(fx(engine::isJavaScriptEnabled)).isFalse();
        waitFor(20, TimeUnit.SECONDS, () -> fx(() -> engine.getDocument() != null
                && engine.getDocument().getElementsByTagName("table").getLength() > 0));
        String body = fx(() -> engine.getDocument().getDocumentElement().getTextContent());
        assertThat(body).contains("Claims under test").contains("An acknowledged enqueue is never lost");
    }

    @Test
    void hoveringASquiggleShowsItsProblemAndLeavingHidesIt(FxRobot robot) throws Exception {
        Analysis a = fx(() -> tab.editor().analysisProperty().get());
        Problem p = a.problems().stream().filter(x -> x.end() > x.start()).findFirst().orElseThrow();
        javafx.geometry.Bounds chars = fx(() -> {
            tab.editor().jumpTo(p.start());
            tab.editor().codeArea().layout();
            return tab.editor().codeArea().getCharacterBoundsOnScreen(p.start(), p.start() + 1).orElseThrow();
        });
        robot.moveTo(new javafx.geometry.Point2D(chars.getCenterX(), chars.getCenterY()));
        waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#lint-hover").tryQuery()
                .map(n -> n.getScene().getWindow().isShowing()).orElse(false));
        javafx.scene.control.Label hover = robot.lookup("#lint-hover").queryAs(javafx.scene.control.Label.class);
        assertThat(hover.getText()).contains("[" + p.rule() + "]").contains(p.message());

        // away from the text: the popup goes
        javafx.geometry.Bounds area = fx(() -> tab.editor().codeArea().localToScreen(tab.editor().codeArea().getBoundsInLocal()));
        robot.moveTo(new javafx.geometry.Point2D(area.getMaxX() - 5, area.getMaxY() - 5));
        waitFor(5, TimeUnit.SECONDS, () -> !fx(() -> hover.getScene().getWindow().isShowing()));
    }

    @Test
    void theScenarioFormAndTheHypothesisLinkCellPatchExactlyTheirFieldsInOneUndoStepEach(FxRobot robot) throws Exception {
        fxRun(() -> tab.structured().reveal("S1"));
        waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#sevenm-checker").tryQuery().isPresent());
        javafx.scene.control.TextField checker = robot.lookup("#sevenm-checker").queryAs(javafx.scene.control.TextField.class);
        assertThat(checker.getText()).isEqualTo("no-lost-ack");
        // the field sits below the fold of the form's scroll pane: type into it as Enter would commit it
        fxRun(() -> {
            checker.requestFocus();
            checker.setText("linearizability");
            checker.fireEvent(new javafx.event.ActionEvent());
        });
        Analysis a = awaitAnalysis(x -> x.text().contains("- **Checker:** linearizability\n"));
        String expected = original.replace("- **Checker:** no-lost-ack\n", "- **Checker:** linearizability\n");
        assertThat(a.text()).isEqualTo(expected);

        // the hypothesis table's "Could falsify" cell: H2 now also links C3
        TableView<dev.falsify.model.plan.Hypothesis> hyps = fx(() -> {
            tab.structured().tabs().getSelectionModel().select(2);
            return tab.structured().hypothesesTable();
        });
        fxRun(() -> hyps.edit(1, hyps.getColumns().get(2)));
        javafx.scene.control.TextField cell = robot.lookup("#hypotheses-table .text-field").queryAs(javafx.scene.control.TextField.class);
        fxRun(() -> cell.setText("C2, C3"));
        robot.clickOn(cell).type(KeyCode.ENTER);
        a = awaitAnalysis(x -> x.plan().plan().hypothesis("H2").map(h -> h.falsifies().size() == 2).orElse(false));
        assertThat(a.text()).isEqualTo(expected.replace("   - Could falsify: C2\n", "   - Could falsify: C2, C3\n"));
        assertThat(a.plan().matrix().cell(2, 1).linked()).isTrue();

        // each edit is one undo step
        fxRun(() -> tab.editor().codeArea().undo());
        awaitAnalysis(x -> x.text().equals(expected));
        fxRun(() -> tab.editor().codeArea().undo());
        awaitAnalysis(x -> x.text().equals(original));
    }

    @Test
    void ctrlFFindsForwardAndWrapsAndEscGivesTheFocusBack(FxRobot robot) throws Exception {
        fxRun(() -> {
            tab.editor().codeArea().requestFocus();
            tab.editor().codeArea().moveTo(0);
        });
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".find-bar").tryQuery().map(javafx.scene.Node::isVisible).orElse(false));
        robot.write("leader").type(KeyCode.ENTER);
        int first = original.toLowerCase().indexOf("leader");
        assertThat(fx(() -> tab.editor().codeArea().getSelection().getStart())).isEqualTo(first);
        robot.type(KeyCode.ENTER);
        int second = original.toLowerCase().indexOf("leader", first + 1);
        assertThat(fx(() -> tab.editor().codeArea().getSelection().getStart())).isEqualTo(second);
        // from the last match the search wraps to the first
        fxRun(() -> tab.editor().codeArea().moveTo(original.toLowerCase().lastIndexOf("leader") + 1));
        assertThat(fx(() -> tab.editor().findNext("LEADER"))).isTrue();
        assertThat(fx(() -> tab.editor().codeArea().getSelection().getStart())).isEqualTo(first);
        assertThat(fx(() -> tab.editor().findNext("no such text anywhere"))).isFalse();

        robot.clickOn(".find-bar .text-field").type(KeyCode.ESCAPE);
        assertThat(robot.lookup(".find-bar").queryAs(javafx.scene.Node.class).isVisible()).isFalse();
        assertThat(fx(() -> tab.editor().codeArea().isFocused())).isTrue();
    }

    @Test
    void ctrlClickOnAnIdJumpsToItsDefinition(FxRobot robot) throws Exception {
        assertThat(fx(() -> tab.editor().jumpToDefinition("H1"))).isTrue();
        int caret = fx(() -> tab.editor().codeArea().getCaretPosition());
        assertThat(original.substring(caret)).startsWith("H1. **Ack before replication**");
        assertThat(fx(() -> tab.editor().jumpToDefinition("S01"))).isTrue();
        caret = fx(() -> tab.editor().codeArea().getCaretPosition());
        assertThat(original.substring(caret)).startsWith("### Scenario S1:");
    }

    @Test
    void headerFormEditsTheHeaderLine(FxRobot robot) throws Exception {
        List<Problem.Replacement> patch = fx(() -> {
            var p = tab.currentPlan();
            return List.of(new Problem.Replacement(p.header().field("status").orElseThrow().valueSpan().startOffset(),
                    p.header().field("status").orElseThrow().valueSpan().endOffset(), "reviewed"));
        });
        assertThat(patch).hasSize(1);
        fxRun(() -> tab.structured().tabs().getSelectionModel().select(0));
        robot.doubleClickOn("#header-status").write("reviewed").type(KeyCode.ENTER);
        waitFor(5, TimeUnit.SECONDS, () -> fx(() -> tab.editor().text()).contains("**Status:** reviewed"));
        assertThat(fx(() -> tab.editor().text())).isEqualTo(original.replace("**Status:** draft", "**Status:** reviewed"));
    }

    @Test
    void theDockedCatalogInsertsAtTheCaretOfTheSelectedPlan(FxRobot robot) throws Exception {
        fxRun(() -> wb.showCatalog(true));
        assertThat(robot.lookup("#catalog-side-panel").tryQuery()).isPresent();
        ActiveEditorTarget target = new ActiveEditorTarget(wb::currentPlan);
        int at = original.indexOf("## 7. Scenarios");
        fxRun(() -> tab.editor().codeArea().moveTo(at));
        assertThat(fx(target::caretOffset)).isEqualTo(at);
        assertThat(fx(() -> target.plan().claims()).size()).isEqualTo(3);
        fxRun(() -> target.insertAtCaret("H3. **From the catalog** - x\n   - Could falsify: C3\n\n"));
        Analysis a = awaitAnalysis(x -> x.plan().matrix().hypotheses().size() == 3);
        assertThat(a.plan().matrix().cell(2, 2).linked()).isTrue();
        fxRun(() -> tab.editor().codeArea().undo());
        assertThat(fx(() -> tab.editor().text())).isEqualTo(original);
        fxRun(() -> wb.showCatalog(false));
        assertThat(robot.lookup("#catalog-side-panel").tryQuery()).isEmpty();
    }

    @Test
    void incrementalRestylingLeavesExactlyTheComputedStylesOnScreen(FxRobot robot) throws Exception {
        java.util.Random rnd = new java.util.Random(7);
        String[] snippets = {"#", "| C9 |", "**Bold:**", "`x`", "\n## 9. New\n", "H4. ", "\n```\n", "z"};
        for (int i = 0; i < 12; i++) {
            int len = fx(() -> tab.editor().text().length());
            int at = rnd.nextInt(len);
            if (i % 3 == 2) {
                int to = Math.min(len, at + 1 + rnd.nextInt(30));
                fxRun(() -> tab.editor().codeArea().deleteText(at, to));
            } else {
                String snip = snippets[rnd.nextInt(snippets.length)];
                fxRun(() -> tab.editor().codeArea().insertText(at, snip));
            }
            if (i % 2 == 1) {
                Analysis a = awaitAnalysis(x -> true);
                var onScreen = fx(() -> tab.editor().codeArea().getStyleSpans(0, tab.editor().codeArea().getLength()));
                var shown = perChar(onScreen);
                var want = perChar(a.styles());
                String text = a.text();
                int firstDiff = -1;
                for (int k = 0; k < Math.min(shown.size(), want.size()); k++) {
                    // RichTextFX reports a line break with its paragraph's last style; it is never drawn
                    if (text.charAt(k) != '\n' && !shown.get(k).equals(want.get(k))) {
                        firstDiff = k;
                        break;
                    }
                }
                int fd = firstDiff;
                assertThat(firstDiff).as(() -> "styles after edit at " + at + ": first difference at " + fd + " shown "
                        + shown.get(fd) + " want " + want.get(fd) + " near '"
                        + text.substring(Math.max(0, fd - 20), Math.min(text.length(), fd + 20)) + "'").isEqualTo(-1);
                assertThat(shown.size()).isEqualTo(want.size());
            }
        }
    }

    @Test
    void foldingASectionHidesItsBodyKeepsTheTextAndAJumpUnfoldsIt() throws Exception {
        // small-plan.md: "## 1b. Claims under test" is line 18 and its table runs to line 25 (1-based)
        fxRun(() -> tab.editor().codeArea().moveTo(20, 0));
        assertThat(fx(() -> tab.editor().foldSectionAtCaret())).isTrue();
        assertThat(fx(() -> tab.editor().isFolded(20))).isTrue();
        assertThat(fx(() -> tab.editor().isFolded(17))).as("the heading stays visible").isFalse();
        assertThat(fx(() -> tab.editor().isFolded(29))).as("the next section is untouched").isFalse();
        assertThat(fx(() -> tab.editor().text())).isEqualTo(original);

        assertThat(fx(() -> tab.editor().unfoldSectionAtCaret())).isTrue();
        assertThat(fx(() -> tab.editor().isFolded(20))).isFalse();

        fxRun(() -> tab.editor().codeArea().moveTo(20, 0));
        fx(() -> tab.editor().foldSectionAtCaret());
        assertThat(fx(() -> tab.editor().jumpToDefinition("C1"))).isTrue();
        assertThat(fx(() -> tab.editor().isFolded(fx(() -> tab.editor().codeArea().getCurrentParagraph()))))
                .as("a jump target is never left hidden").isFalse();
        assertThat(fx(() -> tab.editor().text())).isEqualTo(original);
    }

    private static List<java.util.Collection<String>> perChar(org.fxmisc.richtext.model.StyleSpans<java.util.Collection<String>> spans) {
        List<java.util.Collection<String>> out = new java.util.ArrayList<>();
        for (var span : spans) {
            for (int k = 0; k < span.getLength(); k++) {
                out.add(java.util.Set.copyOf(span.getStyle()));
            }
        }
        return out;
    }
}
