package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.history.HistoryView;
import dev.falsify.app.ui.viewers.EvidenceTab;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A 1024 × 700 screen: the side panes give way so the history timeline keeps most of the width. */
@ExtendWith(ApplicationExtension.class)
class NarrowWindowFxTest {
    static final Path FAIL_HISTORY = Path.of("src/test/resources/dev/falsify/app/ui/session/demo/test-sessions/"
            + "replicated-kv/2026-12-01T081030Z/artifacts/S1-1.history.jsonl");

    private Workbench wb;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        wb = FxTestSupport.showWorkbench(stage);
        stage.setWidth(1024);
        stage.setHeight(700);
    }

    @AfterEach
    void close() throws Exception {
        FxTestSupport.closeWorkbench(wb);
    }

    @Test
    void theHistoryTimelineKeepsMostOfA1024PixelWindow() throws Exception {
        fx(() -> wb.open(FAIL_HISTORY.toAbsolutePath()));
        EvidenceTab tab = fx(() -> (EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem());
        waitFor(60, TimeUnit.SECONDS, () -> fx(() -> tab.viewer() instanceof HistoryView h && h.result() != null && !h.busy()));
        HistoryView h = fx(() -> (HistoryView) tab.viewer());
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> h.stepper().getScene() != null && h.stepper().getWidth() >= 0));
        double[] w = fx(() -> {
            wb.root().applyCss();
            wb.root().layout();
            return new double[] {wb.root().getScene().getWidth(), h.tabs().getWidth(), h.stepper().getWidth()};
        });
        assertThat(w[0]).isEqualTo(1024);
        assertThat(w[1]).as("timeline width %s of a %s px window (stepper %s)", w[1], w[0], w[2]).isGreaterThan(0.5 * w[0]);
    }
}
