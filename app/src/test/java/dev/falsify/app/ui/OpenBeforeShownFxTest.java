package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** `falsify gui binary.md`: the file is opened before the window shows, and why it cannot be is said in the window. */
@ExtendWith(ApplicationExtension.class)
class OpenBeforeShownFxTest {
    @TempDir
    Path tmp;

    private Workbench wb;
    private Stage stage;
    private Path settings;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        settings = Files.createTempDirectory("wb-settings");
        wb = new Workbench(WorkbenchSettings.load(settings.resolve("w.properties")));
        stage.setScene(wb.createScene(1000, 700));
        wb.attach(stage); // not shown yet, as in WorkbenchApp.start
    }

    @AfterEach
    void cleanUp() throws Exception {
        try (var w = Files.walk(settings)) {
            for (Path p : w.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    @Test
    void aPlanThatCannotBeReadIsExplainedInADialogOnceTheWindowShows() throws Exception {
        Path bin = Files.write(tmp.resolve("binary.md"), new byte[] {0x7f, 'E', 'L', 'F', 0, 0, 1, 2, (byte) 0xff});
        fx(() -> wb.open(bin));
        fx(() -> {
            stage.show();
            return null;
        });
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> Window.getWindows().stream()
                .anyMatch(w -> w.getScene() != null && w.getScene().getRoot() instanceof DialogPane d
                        && "error-dialog".equals(d.getId()))));
        String text = fx(() -> Window.getWindows().stream().map(w -> w.getScene().getRoot())
                .filter(r -> r instanceof DialogPane d && "error-dialog".equals(d.getId()))
                .map(r -> ((DialogPane) r).getHeaderText() + " " + ((DialogPane) r).getContentText()).findFirst().orElseThrow());
        assertThat(text).contains("binary.md");
        fx(() -> {
            Window.getWindows().stream().filter(w -> w != stage).toList().forEach(Window::hide);
            return null;
        });
    }
}
