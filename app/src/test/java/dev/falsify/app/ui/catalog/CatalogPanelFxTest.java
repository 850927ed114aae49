package dev.falsify.app.ui.catalog;

import dev.falsify.app.ui.OnFx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.CatalogEntry;
import dev.falsify.catalog.EntryKind;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.SevenM;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The catalog panel headless: search, read, and the three "insert at caret" actions against a plan. */
@ExtendWith(ApplicationExtension.class)
class CatalogPanelFxTest {
    private final Catalog catalog = Catalog.standard();
    private FakeEditor editor;
    private CatalogPanel panel;

    @Start
    void start(Stage stage) {
        editor = FakeEditor.withResource("small-kv-plan.md");
        panel = new CatalogPanel(catalog, editor);
        stage.setScene(new Scene(panel, 420, 760));
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private ListView<CatalogEntry> list(FxRobot robot) {
        return robot.lookup("#catalog-list").queryAs(ListView.class);
    }

    private String text(FxRobot robot, String id) {
        Object node = robot.lookup(id).query();
        return OnFx.call(() -> node instanceof TextField f ? f.getText()
                : node instanceof TextArea a ? a.getText() : ((Label) node).getText());
    }

    @Test
    void typingASearchListsRankedEntriesAndShowsTheFirst(FxRobot robot) {
        robot.clickOn("#catalog-search").write("lost update");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text(robot, "#catalog-search")).isEqualTo("lost update");
        assertThat(OnFx.call(() -> list(robot).getItems().stream().limit(4).map(CatalogEntry::id).toList()))
                .as(text(robot, "#catalog-status")).startsWith("PF01");
        assertThat(OnFx.call(() -> list(robot).getSelectionModel().getSelectedItem().id())).isEqualTo("PF01");
        assertThat(text(robot, "#catalog-detail")).startsWith("PF01 · pitfall · Lost update\n")
                .contains("Hypothesis template:");
    }

    @Test
    void anUnmatchedSearchEmptiesTheListAndSaysSo(FxRobot robot) {
        OnFx.call(() -> {
            robot.lookup("#catalog-search").queryAs(TextField.class).setText("zzqx");
            return null;
        });
        assertThat(OnFx.call(() -> list(robot).getItems())).isEmpty();
        assertThat(text(robot, "#catalog-status")).isEqualTo("Nothing in the catalog matches \"zzqx\"");
        assertThat(text(robot, "#catalog-detail")).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theKindFilterRestrictsTheList(FxRobot robot) {
        OnFx.call(() -> {
            robot.lookup("#catalog-kind").queryAs(ComboBox.class).getSelectionModel().select("nemesis");
            return null;
        });
        List<CatalogEntry> items = OnFx.call(() -> List.copyOf(list(robot).getItems()));
        assertThat(items).hasSize(catalog.nemeses().size()).allMatch(e -> e.kind() == EntryKind.NEMESIS);
    }

    @Test
    void aPitfallBecomesAHypothesisTiedToTheClaimsItThreatens(FxRobot robot) {
        OnFx.call(() -> panel.show("PF14"));
        assertThat(text(robot, "#catalog-claims")).as("PF14 threatens idempotency (C3) and safety (C1)")
                .isEqualTo("C1, C3");
        OnFx.call(() -> {
            editor.caretAt("## 7. Scenarios");
            return null;
        });
        robot.clickOn("#catalog-insert-hypothesis");
        WaitForAsyncUtils.waitForFxEvents();
        Plan plan = PlanParser.parse(editor.planText());
        Hypothesis h3 = plan.hypothesis("H3").orElseThrow();
        assertThat(h3.title()).isEqualTo("A retried request with the same idempotency key applies its effect twice");
        assertThat(h3.falsifies()).containsExactly("C1", "C3");
        assertThat(h3.fieldValue("pitfall")).startsWith("PF14");
        assertThat(editor.planText()).contains("   - Pitfall row: PF14 — Idempotency replay bypass\n\n## 7. Scenarios");
        assertThat(text(robot, "#catalog-status")).isEqualTo("Inserted H3 from PF14");
    }

    @Test
    void claimsSelectedInTheEditorWinOverTheSuggestion(FxRobot robot) {
        editor.selectedClaims = List.of("C1", "C2");
        OnFx.call(() -> panel.show("PF01"));
        assertThat(text(robot, "#catalog-claims")).isEqualTo("C1, C2");
    }

    @Test
    void insertButtonsFollowTheSelectedEntry(FxRobot robot) {
        Button hypothesis = robot.lookup("#catalog-insert-hypothesis").queryAs(Button.class);
        Button nemesis = robot.lookup("#catalog-insert-nemesis").queryAs(Button.class);
        OnFx.call(() -> panel.show("T1"));
        assertThat(OnFx.call(hypothesis::isDisabled)).isTrue();
        assertThat(OnFx.call(nemesis::isDisabled)).isTrue();
        OnFx.call(() -> panel.show("N03"));
        assertThat(OnFx.call(hypothesis::isDisabled)).isTrue();
        assertThat(OnFx.call(nemesis::isDisabled)).isFalse();
        OnFx.call(() -> panel.show("PF02"));
        assertThat(OnFx.call(hypothesis::isDisabled)).isFalse();
    }

    @Test
    void aNemesisLineLandsOnItsOwnLineInTheSevenMBlock(FxRobot robot) {
        OnFx.call(() -> {
            panel.show("N07");
            editor.caret = editor.planText().indexOf("\n", editor.planText().indexOf("- **Checker:** linearizability"));
            return null;
        });
        robot.clickOn("#catalog-insert-nemesis");
        WaitForAsyncUtils.waitForFxEvents();
        SevenM sevenM = PlanParser.parse(editor.planText()).scenario("S1").orElseThrow().sevenM();
        assertThat(sevenM.nemesis()).startsWith("Full partition of one node")
                .contains("Landing evidence: the proxy's dropped-bytes");
        assertThat(editor.planText()).contains("- **Checker:** linearizability\n- **Nemesis + landing evidence:** ");
    }

    @Test
    void aSevenMSkeletonIsPrefilledFromTheScenarioAtTheCaret(FxRobot robot) {
        OnFx.call(() -> {
            editor.caretAt("### Scenario S2");
            editor.caret = editor.planText().indexOf("\n\n## 7b");
            return null;
        });
        robot.clickOn("#catalog-from-caret");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text(robot, "#catalog-model")).isEmpty();
        assertThat(text(robot, "#catalog-categories")).isEqualTo("durability");
        assertThat(text(robot, "#catalog-status")).isEqualTo("Scenario S2 at the caret");
        OnFx.call(() -> {
            robot.lookup("#catalog-model").queryAs(TextField.class).setText("log");
            return null;
        });
        robot.clickOn("#catalog-insert-sevenm");
        WaitForAsyncUtils.waitForFxEvents();
        Plan plan = PlanParser.parse(editor.planText());
        SevenM sevenM = plan.scenario("S2").orElseThrow().sevenM();
        assertThat(sevenM.present()).isTrue();
        assertThat(sevenM.missing()).isEmpty();
        assertThat(sevenM.model()).isEqualTo("log");
        assertThat(sevenM.checker()).startsWith("no-lost-ack (checker picker: log + durability)");
        assertThat(plan.section("7b")).isPresent();
    }

    @Test
    void aPickerRowFillsModelAndCategory(FxRobot robot) {
        OnFx.call(() -> panel.show("PK-queue-ordering"));
        assertThat(text(robot, "#catalog-model")).isEqualTo("queue");
        assertThat(text(robot, "#catalog-categories")).isEqualTo("ordering");
    }
}
