package dev.falsify.app.ui.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import dev.falsify.model.session.SessionFolder;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The Override dialog as shown: every field label is readable in full, not cut to "V…". */
@ExtendWith(ApplicationExtension.class)
class OverrideDialogFxTest {
    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
        stage.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 900, 600));
        stage.show();
    }

    @Test
    void everyLabelOfTheShownDialogIsShownInFull() throws Exception {
        SessionFolder folder = dev.falsify.model.session.SessionReader.read(SessionReviewFxTest.FIXTURE.resolve(SessionReviewFxTest.ON).toAbsolutePath());
        List<String> shown = OnFx.call(() -> {
            OverrideDialog d = new OverrideDialog(owner, folder.arm("S1").orElseThrow(), Clock.systemUTC());
            d.show();
            d.getDialogPane().applyCss();
            d.getDialogPane().layout();
            List<String> texts = new ArrayList<>();
            for (Label l : labels(d.getDialogPane().getContent())) {
                Text t = (Text) l.lookup(".text");
                texts.add(l.getText() + "=" + (t == null ? "" : t.getText()));
            }
            d.close();
            return texts;
        });
        assertThat(shown).hasSize(7).allSatisfy(s -> {
            String[] kv = s.split("=", 2);
            assertThat(kv[1]).as("label %s as drawn", kv[0]).isEqualTo(kv[0]);
        });
    }

    private static List<Label> labels(Node n) {
        List<Label> out = new ArrayList<>();
        if (n instanceof Label l) {
            out.add(l);
        } else if (n instanceof Parent p && !(n instanceof javafx.scene.control.Control)) {
            p.getChildrenUnmodifiable().forEach(c -> out.addAll(labels(c)));
        }
        return out;
    }
}
