package dev.falsify.app.ui.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.workspace.PathClassifier.PathKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where each kind of path opens: the one decision File ▸ Open, drops, recent files and the tree share. */
class PathClassifierTest {
    @TempDir
    Path root;

    private Path file(String rel, String text) throws IOException {
        Path f = root.resolve(rel);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
        return f;
    }

    private Path session() throws IOException {
        Path s = Files.createDirectories(root.resolve("repo/test-sessions/kv/2026-11-30T041500Z"));
        Files.writeString(s.resolve("session-log.md"), "# Session\n");
        return s;
    }

    @Test
    void foldersAreSessionsOrWorkspaces() throws Exception {
        Path s = session();
        assertThat(PathClassifier.classify(s)).isEqualTo(PathKind.SESSION_FOLDER);
        Path reportOnly = file("b/findings/report.md", "# Findings\n").getParent().getParent();
        assertThat(PathClassifier.classify(reportOnly)).isEqualTo(PathKind.SESSION_FOLDER);
        Path byHand = file("manual/session.md", "# by hand\n").getParent();
        assertThat(PathClassifier.classify(byHand)).isEqualTo(PathKind.SESSION_FOLDER);
        assertThat(PathClassifier.classify(root.resolve("repo"))).isEqualTo(PathKind.WORKSPACE_FOLDER);
        assertThat(PathClassifier.classify(root.resolve("repo/test-sessions"))).as("the sessions root is no session")
                .isEqualTo(PathKind.WORKSPACE_FOLDER);
        assertThat(PathClassifier.isSessionFolder(s)).isTrue();
        assertThat(PathClassifier.isSessionFolder(root.resolve("repo"))).isFalse();
        assertThat(PathClassifier.isSessionFolder(s.resolve("session-log.md"))).as("a file is no session folder").isFalse();
    }

    @Test
    void markdownOutsideASessionIsAPlan() throws Exception {
        assertThat(PathClassifier.classify(file("repo/docs/testing-plans/kv.md", "# Test Plan: kv\n"))).isEqualTo(PathKind.PLAN);
        assertThat(PathClassifier.classify(file("notes/IDEAS.MARKDOWN", "x\n"))).isEqualTo(PathKind.PLAN);
    }

    @Test
    void everythingInASessionAndEveryOtherFileIsEvidence() throws Exception {
        Path s = session();
        assertThat(PathClassifier.classify(s.resolve("session-log.md"))).isEqualTo(PathKind.EVIDENCE);
        assertThat(PathClassifier.classify(file("repo/test-sessions/kv/2026-11-30T041500Z/findings/S1.md", "f\n")))
                .isEqualTo(PathKind.EVIDENCE);
        // three levels below the session: a node's file in an arm's artifacts
        assertThat(PathClassifier.classify(file("repo/test-sessions/kv/2026-11-30T041500Z/artifacts/S1-2/n1/notes.md", "n\n")))
                .isEqualTo(PathKind.EVIDENCE);
        for (String name : new String[] {"h.jsonl", "result.json", "h.edn", "run.log", "logo.png", "data"}) {
            assertThat(PathClassifier.classify(file("elsewhere/" + name, "x"))).as(name).isEqualTo(PathKind.EVIDENCE);
        }
    }

    @Test
    void theSessionIsLookedForOnlyAFewLevelsUp() throws Exception {
        session();
        // five folders below the session: too deep to be one of its files, so Markdown there is a plan
        Path deep = file("repo/test-sessions/kv/2026-11-30T041500Z/a/b/c/d/e/deep.md", "x\n");
        assertThat(PathClassifier.classify(deep)).isEqualTo(PathKind.PLAN);
    }

    @Test
    void aPathThatIsNotThereIsMissingAndRelativePathsCount() throws Exception {
        assertThat(PathClassifier.classify(root.resolve("gone.md"))).isEqualTo(PathKind.MISSING);
        assertThat(PathClassifier.classify(Path.of(""))).as("the empty relative path is the working folder")
                .isEqualTo(PathKind.WORKSPACE_FOLDER);
    }

    @Test
    void evidenceIsTitledWithItsSession() throws Exception {
        Path s = session();
        assertThat(PathClassifier.evidenceLabel(s.resolve("session-log.md")))
                .isEqualTo("session-log.md \u2014 kv @ 2026-11-30 04:15:00Z");
        assertThat(PathClassifier.evidenceLabel(file("elsewhere/h.jsonl", "x"))).isEqualTo("h.jsonl");
    }

    @Test
    void theWorkspaceOfAFileIsTheRepositoryAboveIt() throws Exception {
        Path plan = file("repo/docs/testing-plans/kv.md", "x\n");
        assertThat(PathClassifier.workspaceOf(plan)).isEqualTo(root.resolve("repo"));
        Files.createDirectories(root.resolve("git-repo/.git"));
        assertThat(PathClassifier.workspaceOf(file("git-repo/a/b/h.jsonl", "x"))).isEqualTo(root.resolve("git-repo"));
    }
}
