package dev.falsify.runner.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitUnderTestTest {
    @TempDir
    Path dir;

    @Test
    void readsHeadAndDirtyState() throws Exception {
        assertThat(CommitUnderTest.of(dir)).isEmpty();
        try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
            Files.writeString(dir.resolve("a.txt"), "1");
            git.add().addFilepattern("a.txt").call();
            String sha = git.commit().setMessage("c1").setAuthor("t", "t@example.com").setCommitter("t", "t@example.com")
                    .setSign(false).call().getName();
            Files.createDirectories(dir.resolve("sub"));
            CommitUnderTest clean = CommitUnderTest.of(dir.resolve("sub")).orElseThrow();
            assertThat(clean.sha()).isEqualTo(sha);
            assertThat(clean.dirty()).isFalse();
            assertThat(clean.branch()).isEqualTo("main");
            Files.writeString(dir.resolve("untracked.txt"), "u");
            assertThat(CommitUnderTest.of(dir).orElseThrow().dirty()).isFalse();
            Files.writeString(dir.resolve("a.txt"), "2");
            CommitUnderTest dirty = CommitUnderTest.of(dir).orElseThrow();
            assertThat(dirty.dirty()).isTrue();
            assertThat(dirty.label()).isEqualTo(sha + "-dirty");
        }
    }
}
