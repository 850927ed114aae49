package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one session and workspace layout: what is a session, and names built and read back the same way. */
class SessionLayoutTest {
    @TempDir
    Path root;

    @Test
    void aSessionHasALogOrAFindingsReportInAnySpelling() throws Exception {
        Path log = Files.createDirectories(root.resolve("a"));
        Files.writeString(log.resolve("Session_Log.MD"), "# s\n");
        Path report = Files.createDirectories(root.resolve("b/Findings"));
        Files.writeString(report.resolve("Report.md"), "# r\n");
        Path logsOnly = Files.createDirectories(root.resolve("c/logs"));
        Path handWritten = Files.createDirectories(root.resolve("d"));
        Files.writeString(handWritten.resolve("session.md"), "# by hand\n");

        assertThat(SessionLayout.isSession(log)).isTrue();
        assertThat(SessionLayout.isSession(report.getParent())).isTrue();
        assertThat(SessionLayout.isSession(logsOnly.getParent())).as("a logs/ folder alone is no session").isFalse();
        assertThat(SessionLayout.isSession(handWritten)).as("the command line never writes into a hand-written folder").isFalse();
        assertThat(SessionLayout.isSession(log.resolve("Session_Log.MD"))).as("a file is no session").isFalse();
        assertThat(SessionLayout.isSession(root.resolve("missing"))).isFalse();
        // where the place already says "session" (a child of test-sessions/), its parts are enough
        assertThat(WorkspaceLayout.isSessionInRoot(logsOnly.getParent())).isTrue();
        assertThat(WorkspaceLayout.isSessionInRoot(handWritten)).isTrue();
        // the window shows a hand-written folder through its session.md; the reader's report path is the spelled one
        assertThat(SessionLayout.document(handWritten)).contains(handWritten.resolve("session.md"));
        assertThat(SessionLayout.reportPath(report.getParent())).isEqualTo(report.resolve("Report.md"));
        assertThat(SessionLayout.document(root)).isEmpty();
    }

    @Test
    void checkResultNamesAreBuiltAndReadBackTheSameWay() {
        String name = SessionLayout.checkResultName("S1.2-1", "linearizability");
        assertThat(name).isEqualTo("S1.2-1.linearizability.check.json");
        assertThat(SessionLayout.parseCheckResult(name, "linearizability"))
                .contains(new SessionLayout.CheckResultName("S1.2-1", "linearizability"));
        // the testkit's <label>.check.json: the label is the whole stem, the checker only inside the file
        assertThat(SessionLayout.parseCheckResult(SessionLayout.checkResultName("S1"), "linearizability"))
                .contains(new SessionLayout.CheckResultName("S1", ""));
        assertThat(SessionLayout.parseCheckResult("S1-1.history.jsonl", "linearizability")).isEmpty();
        assertThat(SessionLayout.parseCheckResult(".check.json", "")).isEmpty();
        // "S1" is not "S1.2-1": a label that prefixes another never picks up its results
        assertThat(SessionLayout.isCheckResultOf(name, "S1")).isFalse();
        assertThat(SessionLayout.isCheckResultOf(name, "S1.2-1")).isTrue();
        assertThat(SessionLayout.isCheckResultOf("S1.check.json", "S1")).isTrue();
        assertThat(SessionLayout.isCheckResultOf("S1-1.monitor.check.json", "S1-1")).isTrue();
        assertThat(SessionLayout.isCheckResultOf("S1-10.monitor.check.json", "S1-1")).isFalse();
        // a checker name that would make the file name ambiguous or leave the folder is refused
        assertThatThrownBy(() -> SessionLayout.checkResultName("S1", "a.b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SessionLayout.checkResultName("S1", "../x")).isInstanceOf(IllegalArgumentException.class);
        assertThat(SessionLayout.historyName("S1-1")).isEqualTo("S1-1.history.jsonl");
        assertThat(SessionLayout.historyLabel("S1-1.history.jsonl")).contains("S1-1");
        assertThat(SessionLayout.historyLabel(".history.jsonl")).isEmpty();
    }

    @Test
    void thePartsOfASessionFolder() {
        Path s = Path.of("s");
        assertThat(SessionLayout.processLog(s, "S1-1", "n/1", "out")).isEqualTo(Path.of("s/logs/S1-1").resolve(
                SessionWriter.fileNamePart("n/1") + ".out.log"));
        assertThat(SessionLayout.rerunArtifactsDir(s, 2)).isEqualTo(Path.of("s/artifacts/rerun2"));
        assertThat(SessionLayout.eventsFile(s)).isEqualTo(Path.of("s/artifacts/events.jsonl"));
    }

    @Test
    void aPlansSessionsGoToItsWorkspaceWhateverTheWorkingDirectory() throws Exception {
        Path plan = Files.createDirectories(root.resolve("repo/docs/testing-plans")).resolve("kv.md");
        Files.writeString(plan, "# Test Plan: kv\n");
        assertThat(WorkspaceLayout.defaultSessionRoot(plan)).isEqualTo(root.resolve("repo/test-sessions"));
        assertThat(WorkspaceLayout.isPlan(plan)).isTrue();
        assertThat(WorkspaceLayout.isPlan(plan.resolveSibling(".autosave.kv.md"))).isFalse();
        // a plan kept elsewhere: the nearest repository (.git) above it
        Files.createDirectories(root.resolve("git/.git"));
        Path loose = Files.createDirectories(root.resolve("git/plans")).resolve("x.md");
        Files.writeString(loose, "# Test Plan: x\n");
        assertThat(WorkspaceLayout.defaultSessionRoot(loose)).isEqualTo(root.resolve("git/test-sessions"));
    }
}
