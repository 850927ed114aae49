package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.Section;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NewPlanCommandTest {

    @Test
    void projectWideSkeletonHasEverySectionAndParses(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.run("new-plan", "--slug", "kv-store", "--mode", "project-wide", "--repo", dir.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        Path file = dir.resolve("docs/testing-plans/kv-store.md");
        Plan plan = PlanParser.parse(Files.readString(file));
        assertThat(plan.header().slug()).isEqualTo("kv-store");
        assertThat(plan.header().mode()).isEqualTo("project-wide");
        assertThat(plan.sections()).extracting(Section::id)
                .containsExactly("0", "1", "1b", "1c", "2", "3", "4", "5", "6", "6b", "7", "7b", "7c", "7d", "8", "9");
        assertThat(plan.hypotheses()).isEmpty();
        assertThat(plan.scenarios()).isEmpty();
        // lint: a skeleton has no missing sections
        CliRun lint = CliRun.run("lint", file.toString());
        assertThat(lint.out()).doesNotContain("[P001]");
        assertThat(lint.err()).contains("the plan has no claims (§1b), no failure hypotheses (§4), no scenarios (§7) yet, "
                + "so there is nothing to run");

        CliRun again = CliRun.run("new-plan", "--slug", "kv-store", "--mode", "project-wide", "--repo", dir.toString());
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err()).contains("already exists");
    }

    @Test
    void changeScopedListsFilesTouchedWithLineCounts(@TempDir Path dir) throws Exception {
        PersonIdent me = new PersonIdent("Test", "test@example.com");
        try (Git git = Git.init().setDirectory(dir.toFile()).call()) {
            Files.writeString(dir.resolve("a.txt"), "one\ntwo\nthree\n");
            Files.writeString(dir.resolve("gone.txt"), "x\ny\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("first").setAuthor(me).setCommitter(me).setSign(false).call();
            Files.writeString(dir.resolve("a.txt"), "one\nTWO\nthree\nfour\n");
            Files.delete(dir.resolve("gone.txt"));
            Files.createDirectories(dir.resolve("src"));
            Files.writeString(dir.resolve("src/new.go"), "package x\n\nfunc f() {}\n");
            git.add().addFilepattern(".").call();
            git.rm().addFilepattern("gone.txt").call();
            git.commit().setMessage("batch acks").setAuthor(me).setCommitter(me).setSign(false).call();
        }
        CliRun r = CliRun.run("new-plan", "--slug", "batch-acks", "--mode", "change-scoped", "--repo", dir.toString(), "--commit", "HEAD");
        assertThat(r.exit()).as(r.err()).isZero();
        String text = Files.readString(dir.resolve("docs/testing-plans/batch-acks.md"));
        assertThat(text).contains("**Plan mode:** change-scoped").contains("— batch acks");
        assertThat(text).contains("- `a.txt` (+2 −1)\n");
        assertThat(text).contains("- `gone.txt` (+0 −2) delete\n");
        assertThat(text).contains("- `src/new.go` (+3 −0) add\n");
    }

    @Test
    void badInputIsAUserError(@TempDir Path dir) {
        assertThat(CliRun.run("new-plan", "--slug", "Bad Slug", "--mode", "project-wide", "--repo", dir.toString()).exit()).isEqualTo(2);
        CliRun r = CliRun.run("new-plan", "--slug", "x", "--mode", "change-scoped", "--repo", dir.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("not inside a git repository");
        assertThat(CliRun.run("new-plan", "--slug", "x", "--mode", "sideways").exit()).isEqualTo(2);
    }

    @Test
    void aPlanThatCannotBeWrittenIsExitFourAsForEveryOtherWrite(@TempDir Path dir) throws Exception {
        // was 2 (bad input) in new-plan while run, report and override said 4 for the same failure
        Files.writeString(dir.resolve("docs"), "a file where the plans' folder would go");
        CliRun r = CliRun.run("new-plan", "--slug", "kv", "--mode", "project-wide", "--repo", dir.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.WRITE_FAILED.code()).isEqualTo(4);
        assertThat(r.err()).contains("cannot write");
    }
}
