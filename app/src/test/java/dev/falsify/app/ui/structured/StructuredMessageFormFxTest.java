package dev.falsify.app.ui.structured;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.edit.MessageBlockEdits.FilterRow;
import dev.falsify.model.plan.edit.MessageBlockEdits.TransitionRow;
import dev.falsify.model.plan.run.RunSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The run-block form's filters table and monitor editor against a plan document: each edit is a text patch
 * of the plan, the re-parse shows the rows again, and the run block's P017 problems appear on the row they
 * are about and go when it is fixed.
 */
@ExtendWith(ApplicationExtension.class)
class StructuredMessageFormFxTest {
    static final String PLAN = "# Test Plan: msgs\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
            + "|---|---|---|---|---|\n| C1 | votes elect | liveness | doc | documented |\n\n## 7. Scenarios\n\n"
            + "### Scenario S1: a_leader_is_elected\n\n- **Falsifies if it FAILs:** C1\n\n```run\n"
            + "proxies:\n  - { name: p1, listen: \"127.0.0.1:1\", upstream: \"127.0.0.1:2\" }\n"
            + "workload: { cmd: \"true\" }\n"
            + "messages:\n  - { proxy: p1, framing: newline, fields: { type: \"$.type\", seq: \"$.seq\" } }\n"
            + "filters:\n  - { name: slow, if: { type: Vote }, then: { delay: 20ms } }   # a comment the form keeps\n"
            + "monitor:\n  start: a\n  transitions:\n    - { from: a, on: { type: Vote }, bind: { s: seq }, to: b }\n"
            + "    - { from: b, on: { type: Ack, seq: \"$s\" }, to: success }\n"
            + "```\n";

    /** The one document: edits are applied to it and it is parsed again, as the plan editor does. */
    private String text = PLAN;
    private final List<String> versions = new ArrayList<>();
    private StructuredView view;

    @Start
    void start(Stage stage) {
        view = new StructuredView(() -> PlanParser.parse(text), this::apply, id -> { });
        stage.setScene(new Scene(view, 1200, 800));
        stage.show();
        view.show(PlanParser.parse(text));
        view.reveal("S1");
    }

    private void apply(List<Replacement> rs) {
        StringBuilder sb = new StringBuilder(text);
        List<Replacement> sorted = new ArrayList<>(rs);
        sorted.sort(Comparator.comparingInt(Replacement::start).reversed());
        for (Replacement r : sorted) sb.replace(r.start(), r.end(), r.text());
        text = sb.toString();
        versions.add(text);
        view.show(PlanParser.parse(text));
    }

    private RunSpec spec() {
        Plan p = PlanParser.parse(text);
        return p.scenario("S1").orElseThrow().run().orElseThrow().spec();
    }

    private MessageForm form(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#message-form").tryQuery().isPresent());
        return robot.lookup("#message-form").queryAs(MessageForm.class);
    }

    /** Types into the cell at (row, column) of a table and commits it with Enter, as a user does. */
    private static <T> void editCell(FxRobot robot, TableView<T> table, int row, int column, String value) {
        OnFx.run(() -> {
            table.requestFocus();
            table.getSelectionModel().select(row);
            table.edit(row, table.getColumns().get(column));
        });
        TextField tf = robot.lookup("#" + table.getId() + " .text-field").queryAs(TextField.class);
        OnFx.run(() -> {
            tf.setText(value);
            tf.requestFocus();
        });
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Presses a form button (the form scrolls; a press does not need it on screen). */
    private static void press(FxRobot robot, String id) {
        javafx.scene.control.Button b = robot.lookup(id).queryButton();
        OnFx.run(b::fire);
    }

    @Test
    @SuppressWarnings("unchecked")
    void addAFilterRowAndAMonitorTransitionSeeTheTextAndTheirP017ProblemsThenFixThem(FxRobot robot) throws Exception {
        MessageForm form = form(robot);
        TableView<MessageForm.Row<FilterRow>> filters = form.filtersTable();
        assertThat(OnFx.call(() -> filters.getItems().get(0).row())).isEqualTo(new FilterRow("slow", "", "type: Vote", "delay", "20ms"));

        // add a filter row: one line appended after the last item, the rest of the plan as it was
        press(robot, "#add-filter");
        assertThat(text).contains("then: { delay: 20ms } }   # a comment the form keeps\n"
                + "  - { name: filter-2, if: { type: X }, then: observe }\nmonitor:");
        assertThat(text.replace("  - { name: filter-2, if: { type: X }, then: observe }\n", "")).isEqualTo(PLAN);
        assertThat(OnFx.call(() -> filters.getItems())).hasSize(2);

        // an unknown condition field: the plan text changes and the row shows its P017 problem
        editCell(robot, filters, 1, 3, "colour: red");
        assertThat(text).contains("  - { name: filter-2, if: { colour: red }, then: observe }\n");
        assertThat(OnFx.call(() -> filters.getItems().get(1).problems())).contains("P017", "unknown condition field 'colour'");
        assertThat(OnFx.call(() -> filters.getItems().get(0).problems())).isEmpty();
        // fixed in the same cell: the problem goes
        editCell(robot, filters, 1, 3, "type: Ack, seq: $s");
        assertThat(text).contains("  - { name: filter-2, if: { type: Ack, seq: \"$s\" }, then: observe }\n");
        assertThat(OnFx.call(() -> filters.getItems().get(1).problems())).isEmpty();
        assertThat(spec().filters()).extracting(RunSpec.MessageFilter::name).containsExactly("slow", "filter-2");

        // the action picker and reordering: first match wins, so order is part of the meaning
        OnFx.run(() -> filters.getSelectionModel().select(1));
        press(robot, "#filter-up");
        assertThat(spec().filters()).extracting(RunSpec.MessageFilter::name).containsExactly("filter-2", "slow");

        // a monitor transition from a state nothing reaches: P017 on that transition's row
        TableView<MessageForm.Row<TransitionRow>> transitions = form.transitionsTable();
        press(robot, "#add-transition");
        assertThat(text).contains("    - { from: success, on: { type: X }, to: success }\n```");
        editCell(robot, transitions, 2, 1, "limbo");
        assertThat(text).contains("    - { from: limbo, on: { type: X }, to: success }\n```");
        assertThat(OnFx.call(() -> transitions.getItems().get(2).problems())).contains("P017", "'limbo' is unreachable");
        editCell(robot, transitions, 2, 1, "b");
        editCell(robot, transitions, 2, 2, "type: Nack, seq: $s");
        editCell(robot, transitions, 2, 4, "failure");
        assertThat(text).contains("    - { from: b, on: { type: Nack, seq: \"$s\" }, to: failure }\n```");
        assertThat(OnFx.call(() -> transitions.getItems().get(2).problems())).isEmpty();
        assertThat(PlanParser.parse(text).scenario("S1").orElseThrow().run().orElseThrow().errors()).isEmpty();

        // the monitor's fields: a bound and its default
        TextField bound = robot.lookup("#monitor-bound").queryAs(TextField.class);
        OnFx.run(bound::requestFocus);
        robot.write("4s").type(KeyCode.ENTER);
        assertThat(text).contains("\n  bound: 4s");
        assertThat(OnFx.call(() -> form.lookup("#monitor-problems") instanceof javafx.scene.control.Label l ? l.getText() : ""))
                .contains("P017", "needs a default");
        OnFx.run(() -> ((javafx.scene.control.ComboBox<String>) robot.lookup("#monitor-default").queryAs(javafx.scene.control.ComboBox.class)).getSelectionModel().select("success"));
        assertThat(spec().monitor().defaultOutcome()).isEqualTo("success");
        assertThat(OnFx.call(() -> ((javafx.scene.control.Label) form.lookup("#monitor-problems")).getText())).isEmpty();
        // every edit was a patch of the one document: each version differs from the last in one place only
        assertThat(versions).hasSizeGreaterThanOrEqualTo(9);
    }
}
