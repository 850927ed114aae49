package dev.falsify.app.ui.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which file `falsify gui SESSION_DIR` shows for session folders as the runner and as people write them. */
class SessionDocumentTest {
    @TempDir
    Path root;

    @Test
    void aRunnerSessionShowsItsReportElseItsLog() throws Exception {
        // test-sessions/<plan-slug>/<UTC>/ — the parent is the plan slug, not test-sessions
        Path s = Files.createDirectories(root.resolve("test-sessions/kv/2026-11-30T041500Z"));
        Files.writeString(s.resolve("session-log.md"), "# Session\n");
        assertThat(PathClassifier.sessionDocument(s)).contains(s.resolve("session-log.md"));
        Files.createDirectories(s.resolve("findings"));
        Files.writeString(s.resolve("findings/report.md"), "# Findings: kv @ 2026-11-30T041500Z\n");
        assertThat(PathClassifier.sessionDocument(s)).contains(s.resolve("findings/report.md"));
        // its files are read, not linted as plans; a plan beside the sessions is a plan
        assertThat(PathClassifier.isSessionFile(s.resolve("findings/report.md"))).isTrue();
        assertThat(PathClassifier.isSessionFile(s.resolve("session-log.md"))).isTrue();
        Files.createDirectories(root.resolve("docs/testing-plans"));
        assertThat(PathClassifier.isSessionFile(root.resolve("docs/testing-plans/kv.md"))).isFalse();
    }

    @Test
    void handWrittenLayoutsInOtherCasesAreSessionsToo() throws Exception {
        Path s = Files.createDirectories(root.resolve("run-a"));
        Files.writeString(s.resolve("Notes.md"), "notes\n");
        Files.writeString(s.resolve("Session_Log.MD"), "# Session\n");
        assertThat(PathClassifier.sessionDocument(s)).contains(s.resolve("Session_Log.MD"));

        Path manual = Files.createDirectories(root.resolve("manual"));
        Files.writeString(manual.resolve("session.md"), "# by hand\n");
        assertThat(PathClassifier.sessionDocument(manual)).contains(manual.resolve("session.md"));
    }

    @Test
    void aPlainFolderIsAWorkspaceNotASession() throws Exception {
        Path ws = Files.createDirectories(root.resolve("repo/docs/testing-plans"));
        Files.writeString(ws.resolve("kv.md"), "# Test Plan: kv\n");
        assertThat(PathClassifier.sessionDocument(root.resolve("repo"))).isEmpty();
        assertThat(PathClassifier.sessionDocument(ws)).isEmpty();
    }
}
