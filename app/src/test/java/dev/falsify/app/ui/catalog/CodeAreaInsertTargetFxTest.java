package dev.falsify.app.ui.catalog;

import dev.falsify.app.ui.OnFx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.catalog.Catalog;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The panel docked beside a real CodeArea: insertions land at the caret and undo in one step. */
@ExtendWith(ApplicationExtension.class)
class CodeAreaInsertTargetFxTest {
    private static final String PLAN = """
            ## 1b. Claims under test

            | ID | Claim | Category |
            |---|---|---|
            | C1 | one holder | safety |

            ## 4. Failure-mode hypotheses

            ## 7. Scenarios
            """;
    private CodeArea area;
    private CatalogPanel panel;

    @Start
    void start(Stage stage) {
        area = new CodeArea(PLAN);
        panel = new CatalogPanel(Catalog.standard(), new CodeAreaInsertTarget(area, null, () -> List.of("C1")));
        stage.setScene(new Scene(new HBox(area, panel), 1000, 700));
        stage.show();
    }

    @Test
    void aHypothesisIsInsertedAtTheCaretAndUndoesInOneStep(FxRobot robot) {
        OnFx.call(() -> {
            area.moveTo(PLAN.indexOf("## 7. Scenarios"));
            panel.show("PF13");
            return null;
        });
        robot.clickOn("#catalog-insert-hypothesis");
        WaitForAsyncUtils.waitForFxEvents();
        String text = OnFx.call(() -> area.getText());
        assertThat(text).contains("## 4. Failure-mode hypotheses\n\nH1. **Two clients act as lock holder after a pause "
                + "outlasts the lease** — ")
                .contains("   - Could falsify: C1\n")
                .contains("   - Pitfall row: PF13 — Lease expiry under contention\n\n## 7. Scenarios");
        assertThat(OnFx.call(() -> area.getCaretPosition()).intValue()).isEqualTo(text.indexOf("## 7. Scenarios"));
        OnFx.call(() -> {
            area.undo();
            return null;
        });
        assertThat(OnFx.call(() -> area.getText())).isEqualTo(PLAN);
    }
}
