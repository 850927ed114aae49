package dev.falsify.app.ui.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.OnFx;
import dev.falsify.checkers.api.CheckResultText;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The stepper words the first error as report.md and the command line do, not in a sentence of its own. */
@ExtendWith(ApplicationExtension.class)
class FirstErrorWordingFxTest {
    private HistoryView view;

    @Start
    void start(Stage stage) {
        view = new HistoryView();
        stage.setScene(new Scene(view, 1240, 760));
        stage.show();
    }

    @Test
    void theStepperAtTheFirstErrorUsesTheReportsSentence() throws Exception {
        OnFx.run(() -> view.open(HistoryViewFxTest.DEMO));
        waitFor(60, TimeUnit.SECONDS, () -> OnFx.call(() -> view.result() != null && !view.busy()));
        StepTrack t = OnFx.call(() -> view.stepper().track());
        assertThat(t.failing()).isTrue();
        assertThat(t.mustPrecede()).isNotNull();
        OnFx.run(() -> view.stepper().go(t.steps().size()));
        String heading = OnFx.call(() -> ((Label) view.stepper().lookup("#stepper-blocked-title")).getText());
        String id = t.mustPrecede().op().opId();
        assertThat(heading).startsWith("op " + id + " (").endsWith(") completed, but no op can take effect next:")
                .doesNotContain("Could not take effect next before");
        // the command line (and so report.md's check text) opens the same list with the same words
        String cli = String.join("\n", CheckResultText.describe(OnFx.call(view::result).counterexample()));
        assertThat(cli).contains("op " + id + " (" + t.mustPrecede().description() + ", process ")
                .contains(") completed, but no op can take effect next:");
    }
}
