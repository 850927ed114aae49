package dev.falsify.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.model.plan.PlanParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NewPlanDialogTest {
    @TempDir
    Path repo;

    @Test
    void changeScopedPlanListsTheFilesTheChosenCommitTouched() throws Exception {
        try (Git git = Git.init().setDirectory(repo.toFile()).call()) {
            Files.writeString(repo.resolve("a.txt"), "one\n");
            git.add().addFilepattern("a.txt").call();
            git.commit().setMessage("first").setAuthor("t", "t@example.com").setCommitter("t", "t@example.com").call();
            Files.createDirectories(repo.resolve("src"));
            Files.writeString(repo.resolve("src/Log.java"), "class Log {}\n");
            Files.writeString(repo.resolve("a.txt"), "one\ntwo\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("write-ahead log").setAuthor("t", "t@example.com").setCommitter("t", "t@example.com").call();
        }
        List<NewPlanDialog.CommitChoice> commits = NewPlanDialog.recentCommits(repo, 10);
        assertThat(commits).extracting(NewPlanDialog.CommitChoice::subject).containsExactly("write-ahead log", "first");
        assertThat(NewPlanDialog.findRepository(repo.resolve("src"))).contains(repo);

        Path plan = NewPlanDialog.create(repo, "wal-change", true, repo, commits.get(0).id());
        assertThat(plan).isEqualTo(repo.resolve("docs/testing-plans/wal-change.md"));
        String text = Files.readString(plan);
        assertThat(text).contains("src/Log.java").contains("a.txt").contains("change-scoped");
        assertThat(PlanParser.parse(text).header().mode()).isEqualTo("change-scoped");
        // never overwrites
        assertThatThrownBy(() -> NewPlanDialog.create(repo, "wal-change", false, null, null)).hasMessageContaining("already exists");
    }

    @Test
    void projectWidePlanAndBadSlugs() throws Exception {
        Path plan = NewPlanDialog.create(repo, "kv", false, null, null);
        assertThat(PlanParser.parse(Files.readString(plan)).header().slug()).isEqualTo("kv");
        assertThatThrownBy(() -> NewPlanDialog.create(repo, "../evil", false, null, null)).hasMessageContaining("slug");
        assertThat(NewPlanDialog.recentCommits(repo, 5)).isEmpty();
    }
}
