package dev.falsify.app.ui.catalog;

import dev.falsify.app.ui.OnFx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.walk.Applies;
import dev.falsify.catalog.walk.PitfallWalk;
import dev.falsify.catalog.walk.PitfallWalkRow;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The pitfall-walk view headless: pre-filled from the plan, edited, drafted from, written into §4. */
@ExtendWith(ApplicationExtension.class)
class PitfallWalkViewFxTest {
    private final Catalog catalog = Catalog.standard();
    private FakeEditor editor;
    private PitfallWalkView view;

    @Start
    void start(Stage stage) {
        editor = FakeEditor.withResource("small-kv-plan.md");
        view = new PitfallWalkView(catalog, editor);
        stage.setScene(new Scene(view, 900, 600));
        stage.show();
    }

    private PitfallWalkRow row(String id) {
        return OnFx.call(() -> view.rows().stream().filter(r -> id.equals(r.pitfallId())).findFirst().orElseThrow());
    }

    @Test
    void rowsArePrefilledFromThePlansPitfallRows(FxRobot robot) {
        assertThat(OnFx.call(() -> view.rows().size())).isEqualTo(catalog.pitfalls().size());
        assertThat(row("PF02")).isEqualTo(new PitfallWalkRow("PF02", "Stale read", Applies.YES, "H1", ""));
        assertThat(row("PF14").applies()).isEqualTo(Applies.UNANSWERED);
        assertThat(OnFx.call(() -> robot.lookup("#pitfall-walk-status").queryAs(Label.class).getText()))
                .isEqualTo("1 of " + catalog.pitfalls().size() + " pitfalls answered");
        assertThat(OnFx.call(() -> robot.lookup("#pitfall-walk-preview").queryAs(TextArea.class).getText()))
                .contains("| PF02 Stale read | y | H1 |  |\n");
    }

    @Test
    void answersShowInThePreviewAndAreWrittenIntoSectionFour(FxRobot robot) {
        OnFx.call(() -> {
            view.setApplies("PF03", Applies.NO);
            view.setApplies("PF11", Applies.MAYBE);
            return null;
        });
        assertThat(OnFx.call(() -> robot.lookup("#pitfall-walk-preview").queryAs(TextArea.class).getText()))
                .contains("| PF03 Replica divergence | n | — |  |\n", "| PF11 Clock-skew safety violation | maybe |  |  |\n");
        robot.clickOn("#pitfall-walk-write");
        WaitForAsyncUtils.waitForFxEvents();
        String text = editor.planText();
        assertThat(text.indexOf("**Pitfall walk**")).isGreaterThan(text.indexOf("## 4. Failure-mode hypotheses"))
                .isLessThan(text.indexOf("## 7. Scenarios"));
        assertThat(editor.edits).hasSize(1);
        Plan plan = PlanParser.parse(text);
        assertThat(plan.hypotheses()).hasSize(2);
        assertThat(PitfallWalk.forPlan(catalog, plan).rows()).isEqualTo(OnFx.call(() -> List.copyOf(view.rows())));

        // writing again replaces the table instead of adding a second one
        OnFx.call(() -> {
            view.setApplies("PF03", Applies.YES);
            return view.writeToPlan();
        });
        String again = editor.planText();
        assertThat(again.split("\\*\\*Pitfall walk\\*\\*", -1)).hasSize(2);
        assertThat(again).contains("| PF03 Replica divergence | y |  |  |\n");
        assertThat(OnFx.call(() -> robot.lookup("#pitfall-walk-status").queryAs(Label.class).getText()))
                .isEqualTo("Updated the pitfall walk in §4");
    }

    @Test
    @SuppressWarnings("unchecked")
    void draftingFromARowInsertsAHypothesisAndRecordsIt(FxRobot robot) {
        TableView<PitfallWalkRow> table = robot.lookup("#pitfall-walk-table").queryAs(TableView.class);
        OnFx.call(() -> {
            editor.caretAt("## 7. Scenarios");
            int index = view.rows().indexOf(view.rows().stream().filter(r -> "PF14".equals(r.pitfallId())).findFirst()
                    .orElseThrow());
            table.getSelectionModel().select(index);
            return null;
        });
        robot.clickOn("#pitfall-walk-draft");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row("PF14")).isEqualTo(new PitfallWalkRow("PF14", "Idempotency replay bypass", Applies.YES, "H3", ""));
        Plan plan = PlanParser.parse(editor.planText());
        assertThat(plan.hypothesis("H3").orElseThrow().falsifies()).containsExactly("C1", "C3");
        // reloading from the plan now finds the same answer through the new hypothesis's Pitfall row
        OnFx.call(() -> {
            view.reload();
            return null;
        });
        assertThat(row("PF14").hypothesis()).isEqualTo("H3");
        assertThat(row("PF14").applies()).isEqualTo(Applies.YES);
    }

    @Test
    void theAppliesCellIsEditableThroughTheTable(FxRobot robot) {
        javafx.scene.Node row0 = robot.lookup(".table-row-cell").nth(0).query();
        javafx.scene.Node appliesCell = robot.from(row0).lookup(".table-cell").nth(2).query();
        robot.clickOn(appliesCell).clickOn(appliesCell); // select the row, then start editing
        robot.clickOn(robot.from(row0).lookup(".combo-box").queryAs(javafx.scene.Node.class));
        robot.clickOn("maybe");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row("PF01").applies()).isEqualTo(Applies.MAYBE);
        assertThat(OnFx.call(() -> robot.lookup("#pitfall-walk-preview").queryAs(TextArea.class).getText()))
                .contains("| PF01 Lost update | maybe |  |  |\n");
    }
}
