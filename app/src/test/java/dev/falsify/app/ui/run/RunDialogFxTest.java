package dev.falsify.app.ui.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import dev.falsify.runner.run.PlanRunner;
import dev.falsify.runner.trust.PlanSnapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The pick dialog as a user meets it: the scenarios' names as written, typed numbers taken, a prompt that fits. */
@ExtendWith(ApplicationExtension.class)
class RunDialogFxTest {
    @TempDir
    Path tmp;

    private RunDialog dialog;

    @Start
    void start(Stage stage) {
        // a scene, so the window has a view: a modal dialog disables every other window, and Monocle's
        // window without a view threw a NullPointerException there, which left the next pulse waiting
        // for a paint that never came (the test hung)
        stage.setScene(new javafx.scene.Scene(new javafx.scene.layout.Pane(), 200, 100));
        stage.show();
    }

    @AfterEach
    void close() {
        if (dialog != null) OnFx.run(dialog::close);
    }

    private RunDialog shown() throws Exception {
        Path plan = tmp.resolve("docs/testing-plans/p.md");
        Files.createDirectories(plan.getParent());
        String run = "```run\ncwd: .\nseeds: [1, 2]\nworkload:\n  cmd: \"true\"\n```\n\n";
        Files.writeString(plan, "# Test Plan: p\n\n## 7. Scenarios\n\n### Scenario S1: shell_s1\n\n- **Falsifies if it FAILs:** C1\n\n" + run,
                StandardCharsets.UTF_8);
        PlanSnapshot s = PlanSnapshot.read(plan);
        var runnable = PlanRunner.select(plan, s.plan(), List.of());
        dialog = OnFx.call(() -> {
            RunDialog d = new RunDialog(null, "p.md", runnable, List.of(), false);
            d.show();
            return d;
        });
        return dialog;
    }

    @Test
    void aScenarioNameKeepsItsUnderscores() throws Exception {
        RunDialog d = shown();
        // a CheckBox parses "_" as a mnemonic by default: shell_s1 was shown as "shells1"
        String drawn = OnFx.call(() -> ((Text) d.boxes().get("S1").lookup(".text")).getText());
        assertThat(drawn).isEqualTo("S1  shell_s1   seeds [1, 2]");
    }

    @Test
    void aNumberTypedIntoASpinnerIsTakenWithoutEnter() throws Exception {
        RunDialog d = shown();
        var reruns = OnFx.call(() -> (javafx.scene.control.Spinner<?>) d.getDialogPane().lookupAll(".spinner").iterator().next());
        OnFx.run(() -> reruns.getEditor().setText("3")); // typed, then Start clicked: no Enter, no focus change
        assertThat(OnFx.call(d::choice).orElseThrow().reruns()).isEqualTo(3);
        OnFx.run(() -> reruns.getEditor().setText("many"));
        assertThat(OnFx.call(d::choice)).isEmpty();
        assertThat(OnFx.call(() -> d.getDialogPane().lookupButton(RunDialog.START).isDisabled())).isTrue();
        assertThat(OnFx.call(() -> ((javafx.scene.control.Label) d.getDialogPane().lookup("#run-problem")).getText()))
                .isEqualTo("Re-runs after a violation: a whole number from 0 to 10.");
        OnFx.run(() -> reruns.getEditor().setText("0"));
        assertThat(OnFx.call(d::choice).orElseThrow().reruns()).isZero();
        assertThat(OnFx.call(() -> d.getDialogPane().lookupButton(RunDialog.START).isDisabled())).isFalse();
    }

    @Test
    void theSeedFieldShowsItsWholePrompt() throws Exception {
        RunDialog d = shown();
        double[] widths = OnFx.call(() -> {
            var f = d.seedField();
            Text t = new Text(f.getPromptText());
            t.setFont(f.getFont());
            return new double[] {t.getLayoutBounds().getWidth(), f.getWidth() - f.getPadding().getLeft() - f.getPadding().getRight()};
        });
        assertThat(widths[1]).as("room for the prompt of %s px", widths[0]).isGreaterThanOrEqualTo(widths[0]);
    }
}
