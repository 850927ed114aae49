package dev.falsify.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Crash recovery and external-change detection through the real window. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchRecoveryFxTest {
    @TempDir
    static Path dir;

    private Workbench wb;

    @Start
    void start(Stage stage) throws Exception {
        wb = FxTestSupport.showWorkbench(stage);
    }

    @AfterEach
    void closeWorkbench() throws Exception {
        FxTestSupport.closeWorkbench(wb);
    }

    @Test
    void unsavedTextLeftByACrashIsOfferedOnReopen(FxRobot robot) throws Exception {
        Path plan = dir.resolve("crash.md");
        Files.writeString(plan, "# Test Plan: crash\n\nsaved text\n");
        // a previous session autosaved an edit and died before saving
        Files.writeString(dir.resolve(".falsify-autosave.crash.md"), "# Test Plan: crash\n\nsaved text\nunsaved line\n");

        PlanTab tab = FxTestSupport.fx(() -> wb.open(plan).orElseThrow());
        assertThat(tab.editor().text()).isEqualTo("# Test Plan: crash\n\nsaved text\n");
        Node banner = robot.lookup("#recovery-banner").query();
        assertThat(banner).isNotNull();
        robot.clickOn("#recover-restore");
        assertThat(tab.editor().text()).endsWith("unsaved line\n");
        assertThat(robot.lookup("#recovery-banner").tryQuery()).isEmpty();
        assertThat(tab.getText()).startsWith("●"); // restored text is unsaved until the user saves
        robot.interact(() -> wb.saveCurrent());
        assertThat(plan).hasContent("# Test Plan: crash\n\nsaved text\nunsaved line\n");
        assertThat(dir.resolve(".falsify-autosave.crash.md")).doesNotExist();
    }

    @Test
    void aPlanWithWindowsLineEndingsKeepsThemThroughAnEditAndASave(FxRobot robot) throws Exception {
        Path plan = dir.resolve("crlf.md");
        String crlf = "# Test Plan: crlf\r\n\r\n## 1b. Claims under test\r\n\r\n| ID | Claim | Category |\r\n|---|---|---|\r\n"
                + "| C1 | Writes survive | durability |\r\n";
        Files.writeString(plan, crlf);
        PlanTab tab = FxTestSupport.fx(() -> wb.open(plan).orElseThrow());
        waitFor(10, TimeUnit.SECONDS, () -> FxTestSupport.fx(() -> tab.editor().analysisProperty().get() != null));
        assertThat(FxTestSupport.fx(() -> tab.currentPlan().claims())).extracting(c -> c.id()).containsExactly("C1");
        // the editor shows \n breaks; the file keeps its \r\n ones
        assertThat(FxTestSupport.fx(() -> tab.editor().text())).isEqualTo(crlf.replace("\r\n", "\n"));
        int at = FxTestSupport.fx(() -> tab.editor().text()).indexOf("Writes");
        robot.interact(() -> tab.editor().codeArea().insertText(at, "Acknowledged "));
        robot.interact(() -> tab.editor().autosaveNow());
        Path side = dir.resolve(".falsify-autosave.crlf.md");
        waitFor(5, TimeUnit.SECONDS, () -> Files.exists(side));
        assertThat(Files.readString(side)).isEqualTo(crlf.replace("| Writes", "| Acknowledged Writes"));
        robot.interact(() -> wb.saveCurrent());
        assertThat(Files.readString(plan)).isEqualTo(crlf.replace("| Writes", "| Acknowledged Writes"));
        // saving what was read is not a change on disk by another program
        robot.interact(() -> tab.editor().checkDiskNow());
        Thread.sleep(300);
        assertThat(robot.lookup("#external-change-banner").tryQuery()).isEmpty();
    }

    @Test
    void typingIsAutosavedToTheSideFile(FxRobot robot) throws Exception {
        Path plan = dir.resolve("auto.md");
        Files.writeString(plan, "start\n");
        PlanTab tab = FxTestSupport.fx(() -> wb.open(plan).orElseThrow());
        robot.interact(() -> tab.editor().codeArea().appendText("more\n"));
        robot.interact(() -> tab.editor().autosaveNow());
        waitFor(5, TimeUnit.SECONDS, () -> Files.exists(dir.resolve(".falsify-autosave.auto.md")));
        assertThat(dir.resolve(".falsify-autosave.auto.md")).hasContent("start\nmore\n");
        assertThat(plan).hasContent("start\n");
    }

    @Test
    void aChangeOnDiskIsOfferedForReload(FxRobot robot) throws Exception {
        Path plan = dir.resolve("ext.md");
        Files.writeString(plan, "mine\n");
        PlanTab tab = FxTestSupport.fx(() -> wb.open(plan).orElseThrow());
        Files.writeString(plan, "theirs\n");
        robot.interact(() -> tab.editor().checkDiskNow());
        waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#external-change-banner").tryQuery().isPresent());
        robot.clickOn("#external-reload");
        assertThat(tab.editor().text()).isEqualTo("theirs\n");
        assertThat(tab.getText()).doesNotStartWith("●");
    }
}
