package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static dev.falsify.app.ui.FxTestSupport.fxRun;
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
import org.testfx.util.WaitForAsyncUtils;

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
    void aBadSlugIsRefusedAsItIsTypedAndTheDialogKeepsTheInput(FxRobot robot) throws Exception {
        openDialog(robot);
        Node ok = robot.lookup("#new-plan-ok").query();
        javafx.scene.control.Label problem = robot.lookup("#new-plan-slug-problem").queryAs(javafx.scene.control.Label.class);
        robot.write("../evil");
        assertThat(fx(() -> ok.isDisabled())).isTrue();
        assertThat(fx(problem::getText)).contains("slug '../evil'");
        robot.clickOn(ok); // disabled: nothing happens
        assertThat(robot.lookup("#new-plan-dialog").tryQuery()).isPresent();
        assertThat(fx(() -> robot.lookup("#new-plan-slug").queryAs(javafx.scene.control.TextField.class).getText()))
                .isEqualTo("../evil");
        assertThat(repo.resolve("docs")).doesNotExist();
        assertThat(repo.getParent().resolve("evil.md")).doesNotExist();

        fxRun(() -> robot.lookup("#new-plan-slug").queryAs(javafx.scene.control.TextField.class).setText("good-one"));
        assertThat(fx(() -> ok.isDisabled())).isFalse();
        assertThat(fx(problem::getText)).isEmpty();
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        assertThat(fx(() -> wb.currentPlan())).isEmpty();
    }

    @Test
    void aPlanThatCannotBeWrittenKeepsTheDialogOpenAndSaysWhy(FxRobot robot) throws Exception {
        Files.createDirectories(repo.resolve("docs"));
        Files.writeString(repo.resolve("docs/testing-plans"), "a file where the folder should be");
        openDialog(robot);
        robot.write("kv");
        robot.clickOn("#new-plan-ok");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#new-plan-dialog").tryQuery()).as("the dialog stays open").isPresent();
        assertThat(fx(() -> robot.lookup("#new-plan-slug-problem").queryAs(javafx.scene.control.Label.class).getText()))
                .startsWith("Cannot create the plan");
        assertThat(fx(() -> robot.lookup("#new-plan-slug").queryAs(javafx.scene.control.TextField.class).getText()))
                .isEqualTo("kv");
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
    }

    @Test
    void anExistingPlanIsRefusedBeforeOk(FxRobot robot) throws Exception {
        Files.createDirectories(repo.resolve("docs/testing-plans"));
        Files.writeString(repo.resolve("docs/testing-plans/kv.md"), "# Test Plan: kv\n");
        openDialog(robot);
        robot.write("kv");
        assertThat(fx(() -> robot.lookup("#new-plan-ok").query().isDisabled())).isTrue();
        assertThat(fx(() -> robot.lookup("#new-plan-slug-problem").queryAs(javafx.scene.control.Label.class).getText()))
                .contains("already exists");
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        assertThat(Files.readString(repo.resolve("docs/testing-plans/kv.md"))).isEqualTo("# Test Plan: kv\n");
    }

    @Test
    void theDialogShowsItsLabelsWholeIsCentredOnTheWindowAndTakesTheKeyboard(FxRobot robot) throws Exception {
        Path behind = repo.resolve("behind.md");
        Files.writeString(behind, "# Test Plan: behind\n");
        PlanTab tab = fx(() -> wb.open(behind).orElseThrow());
        fxRun(() -> {
            Stage s = (Stage) wb.root().getScene().getWindow();
            s.setX(90);
            s.setY(40);
            tab.editor().codeArea().requestFocus();
        });
        robot.press(KeyCode.CONTROL, KeyCode.N).release(KeyCode.N, KeyCode.CONTROL);
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#new-plan-dialog").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        robot.write("typed-here");
        javafx.scene.control.DialogPane pane = robot.lookup("#new-plan-dialog").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(fx(() -> robot.lookup("#new-plan-slug").queryAs(javafx.scene.control.TextField.class).getText()))
                .isEqualTo("typed-here");
        assertThat(fx(() -> tab.editor().text())).isEqualTo("# Test Plan: behind\n");

        for (String label : java.util.List.of("Slug", "Mode", "Change")) {
            javafx.scene.control.Label l = fx(() -> (javafx.scene.control.Label) pane.lookupAll(".label").stream()
                    .filter(n -> n instanceof javafx.scene.control.Label x && label.equals(x.getText()))
                    .findFirst().orElseThrow());
            String drawn = fx(() -> ((javafx.scene.text.Text) l.lookup(".text")).getText());
            assertThat(drawn).as("the label " + label + " as drawn").isEqualTo(label);
        }
        javafx.stage.Window dialog = fx(() -> pane.getScene().getWindow());
        javafx.stage.Window owner = fx(() -> wb.root().getScene().getWindow());
        assertThat(fx(() -> ((Stage) dialog).getOwner())).isSameAs(owner);
        assertThat(fx(() -> ((Stage) dialog).getModality())).isNotEqualTo(javafx.stage.Modality.NONE);
        double dx = fx(() -> dialog.getX() + dialog.getWidth() / 2 - (owner.getX() + owner.getWidth() / 2));
        double dy = fx(() -> dialog.getY() + dialog.getHeight() / 2 - (owner.getY() + owner.getHeight() / 2));
        assertThat(Math.abs(dx)).isLessThan(3);
        assertThat(Math.abs(dy)).isLessThan(3);
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
    }

    @Test
    void theNewPlanIsListedInThePlansTree(FxRobot robot) throws Exception {
        openDialog(robot);
        robot.write("listed");
        robot.clickOn("#new-plan-ok");
        Path plan = repo.resolve("docs/testing-plans/listed.md");
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> {
            var plans = wb.tree().getRoot().getChildren().get(0);
            return plans.getChildren().stream().anyMatch(i -> plan.equals(i.getValue().path()));
        }));
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
