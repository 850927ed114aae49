package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** report, import, sessions and history, run in-process on a copy of the hand-written agent session folders. */
class SessionCommandsTest {
    static final Path AGENT_REPO = Path.of("../model/src/test/resources/agent-repo");
    static final Path GOLDEN = Path.of("../model/src/test/resources/golden/report-2026-11-28T101500Z.md");

    @TempDir
    Path tmp;
    Path repo;
    Path done;
    Path db;

    record Run(int code, String out, String err) {
    }

    Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = FalsifyCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @BeforeEach
    void copyRepo() throws IOException {
        repo = tmp.resolve("repo");
        ForeignSessionCommandsTest.copyTree(AGENT_REPO, repo);
        done = repo.resolve("test-sessions/replicated-kv/2026-11-28T101500Z");
        db = tmp.resolve("home/falsify.db");
    }

    @Test
    void reportWritesFindingsReportMdFoundViaThePlanLine() throws IOException {
        Run r = run("report", done.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("findings/report.md").contains("FAIL");
        assertThat(r.err()).isEmpty();
        assertThat(Files.readString(done.resolve("findings/report.md"))).isEqualTo(Files.readString(GOLDEN));
    }

    @Test
    void reportToStdoutAndWithAnExplicitPlan() throws IOException {
        Run r = run("report", done.toString(), "--out", "-", "--plan",
                repo.resolve("docs/testing-plans/replicated-kv.md").toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).isEqualTo(Files.readString(GOLDEN));
        assertThat(done.resolve("findings/report.md")).doesNotExist();
    }

    @Test
    void reportWithoutItsPlanStillWritesAndWarns() throws IOException {
        Files.delete(repo.resolve("docs/testing-plans/replicated-kv.md"));
        Run r = run("report", done.toString(), "--out", tmp.resolve("r.md").toString());
        assertThat(r.code()).isZero();
        assertThat(r.err()).contains("warning: plan docs/testing-plans/replicated-kv.md not found");
        assertThat(Files.readString(tmp.resolve("r.md"))).contains("## Coverage summary")
                .contains("plan not found: docs/testing-plans/replicated-kv.md");
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty/sub"));
        Run r = run("report", tmp.resolve("nope").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("nope: not a session folder").doesNotContain("Exception");
        Run p = run("report", done.toString(), "--plan", tmp.resolve("missing.md").toString());
        assertThat(p.code()).isEqualTo(2);
        assertThat(p.err()).contains("missing.md: plan not found");
        Run i = run("import", empty.getParent().toString(), "--db", db.toString());
        assertThat(i.code()).isEqualTo(2);
        assertThat(i.err()).contains("no session folder here");
    }

    @Test
    void importIsIdempotentAndSessionsAndHistoryAnswer() throws IOException {
        Run first = run("import", repo.resolve("test-sessions").toString(), "--db", db.toString());
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).contains("2 session folders: 2 added, 0 updated, 0 unchanged");
        Run again = run("import", repo.resolve("test-sessions").toString(), "--db", db.toString());
        assertThat(again.out()).contains("2 added".replace("2 added", "0 added, 0 updated, 2 unchanged"));

        Run list = run("sessions", "--db", db.toString());
        assertThat(list.code()).isZero();
        assertThat(list.out()).contains("2026-11-28T101500Z").contains("FAIL").contains("DONE_WITH_CONCERNS*")
                .contains("* interrupted");
        Run json = run("sessions", "--plan", "replicated-kv", "--json", "--db", db.toString());
        assertThat(json.out()).contains("\"headline\" : \"FAIL\"").contains("\"interrupted\" : true")
                .contains("\"S03\" : \"PARTIAL-surface\"");
        assertThat(run("sessions", "--plan", "nope", "--db", db.toString()).out()).contains("no sessions for plan nope");

        Run history = run("history", "S1", "--db", db.toString());
        assertThat(history.code()).isZero();
        assertThat(history.out()).contains("FAIL-reproducible").contains("PASS-smoke").contains("<- flip")
                .contains("S1: 2 sessions, 1 flip \u2014 flaky");
        assertThat(run("history", "S9", "--db", db.toString()).out()).contains("no indexed session records scenario S9");
    }

    @Test
    void aCorruptStoreIsRebuiltWithAMessage() throws IOException {
        run("import", repo.resolve("test-sessions").toString(), "--db", db.toString());
        Files.writeString(db, "garbage");
        Files.deleteIfExists(db.resolveSibling("falsify.db-wal"));
        Files.deleteIfExists(db.resolveSibling("falsify.db-shm"));
        Run r = run("sessions", "--db", db.toString());
        assertThat(r.code()).isZero();
        assertThat(r.err()).contains("was corrupt").contains("rebuilt it from 2 session folders");
        assertThat(r.out()).contains("2026-11-28T101500Z").contains("2026-11-29T090000Z");
    }

    @Test
    void anOverrideIsRecordedInTheFolderIndexedAndShownInTheReport() throws IOException {
        Run o = run("override", done.toString(), "s1", "--verdict", "FAIL-nondeterministic", "--blame", "harness",
                "--taxdc", "timing; liveness", "--severity", "P2", "--author", "alice", "--reason", "host clock jumped",
                "--db", db.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("recorded override for S01");
        assertThat(Files.readString(done.resolve("findings/overrides.md"))).contains("| S01 | FAIL-nondeterministic | harness |")
                .contains("| alice |").contains("host clock jumped");
        assertThat(run("history", "S1", "--db", db.toString()).out()).contains("FAIL-nondeterministic");
        Run r = run("report", done.toString(), "--out", "-");
        assertThat(r.out()).contains("FAIL-nondeterministic (override by alice; computed FAIL-reproducible)")
                .contains("- **Blame:** harness (override by alice)")
                .contains("timing; tags: liveness; severity P2");
        Run bad = run("override", done.toString(), "S9", "--verdict", "PASS-smoke", "--reason", "x", "--db", db.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("no arm S9 in this session (arms: S01, S02, S03/api, S03/export, S04)");
        Run badVerdict = run("override", done.toString(), "S1", "--verdict", "GREEN", "--reason", "x", "--db", db.toString());
        assertThat(badVerdict.err()).contains("--verdict GREEN: expected one of PASS-smoke");
        assertThat(run("override", done.toString(), "S1", "--reason", "x", "--db", db.toString()).err())
                .contains("nothing to override");
    }

    /** Every file under {@code dir} with its bytes, to see that a command wrote nothing. */
    static java.util.Map<String, String> snapshot(Path dir) throws IOException {
        java.util.Map<String, String> files = new java.util.TreeMap<>();
        try (var s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                files.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "/" : Files.readString(p));
            }
        }
        return files;
    }

    @Test
    void reportAndOverrideRefuseAFolderThatIsNotASessionAndWriteNothing() throws IOException {
        Path notes = Files.createDirectories(tmp.resolve("notes"));
        Files.writeString(notes.resolve("README.md"), "# My notes\n\nS1 PASS-smoke, honest.\n");
        Files.createDirectories(notes.resolve("artifacts"));
        Files.writeString(notes.resolve("artifacts/S1-1.history.jsonl"), TerminalOutputTest.HISTORY);
        var before = snapshot(notes);
        for (String[] args : new String[][] {{"report", notes.toString()}, {"report", notes.toString(), "--out", "-"},
                {"override", notes.toString(), "S1", "--verdict", "FAIL-reproducible", "--reason", "x", "--db", db.toString()}}) {
            Run r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).contains(notes + ": not a session folder (it has no session-log.md and no findings/report.md)")
                    .contains("nothing was written").doesNotContain("Exception");
            assertThat(r.out()).isEmpty();
            assertThat(snapshot(notes)).as(String.join(" ", args)).isEqualTo(before);
        }
        assertThat(notes.resolve("findings")).doesNotExist();
    }

    @Test
    void aScenarioOrPlanNoIndexedSessionHasIsExitTwo() throws IOException {
        assertThat(run("sessions", "--db", db.toString()).code()).as("an empty store lists nothing").isZero();
        run("import", repo.resolve("test-sessions").toString(), "--db", db.toString());
        Run text = run("history", "S9", "--db", db.toString());
        assertThat(text.code()).isEqualTo(2);
        assertThat(text.out()).contains("no indexed session records scenario S9 (in " + db + ")");
        Run json = run("history", "S9", "--json", "--db", db.toString());
        assertThat(json.code()).isEqualTo(2);
        assertThat(json.out().strip()).isEqualTo("[ ]");
        assertThat(json.err()).contains("falsify: no indexed session records scenario S9");
        assertThat(run("history", "S1", "--plan", "nope", "--db", db.toString()).code()).isEqualTo(2);
        assertThat(run("history", "S1", "--plan", "replicated-kv", "--db", db.toString()).code()).isZero();
        Run plan = run("sessions", "--plan", "nope", "--db", db.toString());
        assertThat(plan.code()).isEqualTo(2);
        assertThat(run("sessions", "--plan", "nope", "--json", "--db", db.toString()).code()).isEqualTo(2);
        assertThat(run("sessions", "--plan", "replicated-kv", "--db", db.toString()).code()).isZero();
    }
}
