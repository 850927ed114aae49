package dev.falsify.app.ui.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.falsify.app.ui.OnFx;
import dev.falsify.app.ui.run.RunDialog;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The window's dialogs open centred on it, and stay centred when their size settles after showing. */
@ExtendWith(ApplicationExtension.class)
class DialogPlacementFxTest {
    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new StackPane(), 900, 600));
        stage.setX(20);
        stage.setY(10);
        stage.show();
    }

    private double[] offCentre(Dialog<?> d) {
        return OnFx.call(() -> new double[] {
                (d.getX() + d.getWidth() / 2) - (owner.getX() + owner.getWidth() / 2),
                (d.getY() + d.getHeight() / 2) - (owner.getY() + owner.getHeight() / 2)});
    }

    @Test
    void theRunDialogIsCentredOnItsWindowAndStaysSoWhenItGrows() {
        RunDialog d = OnFx.call(() -> {
            RunDialog r = new RunDialog(owner, "replicated-kv.md", List.of(), List.of(), false);
            r.show();
            return r;
        });
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        double[] off = offCentre(d);
        assertThat(off[0]).as("horizontal offset").isCloseTo(0, within(2.0));
        assertThat(off[1]).as("vertical offset").isCloseTo(0, within(2.0));
        // the dialog's size settles later (a long header wraps, a list fills): it is centred again
        OnFx.run(() -> d.setHeight(d.getHeight() + 120));
        WaitForAsyncUtils.waitForFxEvents();
        off = offCentre(d);
        assertThat(off[1]).as("vertical offset after growing").isCloseTo(0, within(2.0));
        OnFx.run(d::close);
    }
}
