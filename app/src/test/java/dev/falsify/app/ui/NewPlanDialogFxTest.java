package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** File → New Plan (Ctrl+N) through its window: slug, mode, the commit picker, errors. */
@ExtendWith(ApplicationExtension.class)
class NewPlanDialogFxTest {
    @TempDir
    Path repo;

    private Workbench wb;

    @Start
    void start(Stage stage) throws Exception {
        wb = FxTestSupport.showWorkbench(stage);
    }

    @AfterEach
    void closeWorkbench() throws Exception {
        FxTestSupport.closeWorkbench(wb);
    }

    @BeforeEach
    void workspaceIsAGitRepositoryWithTwoCommits() throws Exception {
        try (Git git = Git.init().setDirectory(repo.toFile()).call()) {
            Files.writeString(repo.resolve("README.md"), "queue\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("initial import").setAuthor("a", "a@example.com").setCommitter("a", "a@example.com").call();
            Files.createDirectories(repo.resolve("src"));
            Files.writeString(repo.resolve("src/Wal.java"), "class Wal {}\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("write-ahead log").setAuthor("b", "b@example.com").setCommitter("b", "b@example.com").call();
        }
        fx(() -> wb.open(repo));
    }

    private void openDialog(FxRobot robot) throws Exception {
        robot.clickOn("#editor-tabs");
        robot.press(KeyCode.CONTROL, KeyCode.N).release(KeyCode.N, KeyCode.CONTROL);
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#new-plan-dialog").tryQuery().isPresent());
    }

    @Test
    void changeScopedPlanFromAPickedCommitIsWrittenAndOpened(FxRobot robot) throws Exception {
        openDialog(robot);
        Node ok = robot.lookup("#new-plan-ok").query();
        assertThat(ok.isDisabled()).as("OK needs a slug").isTrue();
        robot.clickOn("#new-plan-slug").write("wal-change");
        assertThat(ok.isDisabled()).isFalse();

        robot.clickOn("#new-plan-change-scoped");
        ListView<?> commits = robot.lookup("#new-plan-commits").queryAs(ListView.class);
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> commits.getItems().size()) == 2 && !commits.isDisabled());
        // newest first; pick the older commit: its files, not the newest's, fill "Files touched"
        robot.clickOn(robot.lookup("#new-plan-commits .list-cell").match(
                (javafx.scene.control.ListCell<?> c) -> c.getText() != null && c.getText().contains("initial import"))
                .<Node>query());
        robot.clickOn(ok);

        Path plan = repo.resolve("docs/testing-plans/wal-change.md");
        waitFor(10, TimeUnit.SECONDS, () -> Files.exists(plan)
                && fx(() -> wb.currentPlan().map(t -> t.path().equals(plan)).orElse(false)));
        String text = Files.readString(plan);
        Plan parsed = PlanParser.parse(text);
        assertThat(parsed.header().slug()).isEqualTo("wal-change");
        assertThat(parsed.header().mode()).isEqualTo("change-scoped");
        assertThat(text).contains("README.md").doesNotContain("src/Wal.java");
        assertThat(robot.lookup("#new-plan-dialog").tryQuery()).isEmpty();
    }

    @Test
    void aBadSlugIsRefusedWithAnErrorAndNothingIsWritten(FxRobot robot) throws Exception {
        openDialog(robot);
        robot.clickOn("#new-plan-slug").write("../evil");
        robot.clickOn("#new-plan-ok");
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#new-plan-error").tryQuery().isPresent());
        javafx.scene.control.DialogPane error = robot.lookup("#new-plan-error").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(error.getContentText()).contains("slug '../evil'");
        robot.clickOn(error.lookupButton(javafx.scene.control.ButtonType.OK));
        assertThat(repo.resolve("docs")).doesNotExist();
        assertThat(repo.getParent().resolve("evil.md")).doesNotExist();
        assertThat(fx(() -> wb.currentPlan())).isEmpty();
    }

    @Test
    void cancelCreatesNothing(FxRobot robot) throws Exception {
        openDialog(robot);
        robot.clickOn("#new-plan-slug").write("kv");
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#new-plan-dialog").tryQuery().isEmpty());
        assertThat(repo.resolve("docs/testing-plans/kv.md")).doesNotExist();
    }
}
