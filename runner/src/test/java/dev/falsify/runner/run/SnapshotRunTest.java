package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.exec.ProcessReaper;
import dev.falsify.runner.trust.PlanSnapshot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The runner executes the snapshot it is given, never the file as it is by then. */
@Timeout(60)
class SnapshotRunTest {
    @TempDir
    Path dir;

    private static String plan(String marker) {
        return "# Test Plan: snap\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n## 7. Scenarios\n\n"
                + "### Scenario S1: register_reads_its_write\n\n- **Falsifies if it FAILs:** C1\n\n```run\ncwd: .\nseeds: [1]\n"
                + "services:\n  - name: up\n    cmd: \"touch {artifacts}/up.flag && exec sleep 30\"\n"
                + "    ready: { cmd: \"test -f '{artifacts}/up.flag'\", timeout: 10s }\n"
                + "workload:\n  cmd: \"touch " + marker + " && cp ops.jsonl {artifacts}/h.jsonl\"\n"
                + "history: { path: \"{artifacts}/h.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n";
    }

    @Test
    void anEditAfterTheSnapshotDoesNotRun() throws Exception {
        Files.writeString(dir.resolve("ops.jsonl"), ShellPlanRunTest.OPS, StandardCharsets.UTF_8);
        Path file = dir.resolve("plan.md");
        Files.writeString(file, plan("shown.flag"), StandardCharsets.UTF_8);
        PlanSnapshot snapshot = PlanSnapshot.read(file);
        Files.writeString(file, plan("swapped.flag"), StandardCharsets.UTF_8); // edited after the user saw it

        RunResult r = PlanRunner.run(snapshot, "plan.md", new RunOptions(dir.resolve("sessions"), List.of(), null, Map.of(),
                1, null, "test", new PrintWriter(new StringWriter())), new EventBus());

        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S1", Verdict.PASS_SMOKE);
        assertThat(dir.resolve("shown.flag")).exists();
        assertThat(dir.resolve("swapped.flag")).doesNotExist();
        // the readiness command saw the placeholder's variable (it runs with the seed's environment)
        assertThat(r.sessionDir().resolve("artifacts/up.flag")).exists();
        assertThat(ProcessReaper.liveCount()).isZero();
    }

    @Test
    void aServiceNameCannotPutItsLogsOutsideTheSession() throws Exception {
        Files.writeString(dir.resolve("ops.jsonl"), ShellPlanRunTest.OPS, StandardCharsets.UTF_8);
        Path file = dir.resolve("plan.md");
        Files.writeString(file, plan("w.flag").replace("name: up", "name: \"../../../../../escaped\""), StandardCharsets.UTF_8);
        RunResult r = PlanRunner.run(PlanSnapshot.read(file), "plan.md", new RunOptions(dir.resolve("sessions"), List.of(),
                null, Map.of(), 1, null, "test", new PrintWriter(new StringWriter())), new EventBus());
        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S1", Verdict.PASS_SMOKE);
        assertThat(dir.resolve("escaped.out.log")).doesNotExist();
        try (var files = Files.list(r.sessionDir().resolve("logs/S1-1"))) {
            assertThat(files.map(f -> f.getFileName().toString())).contains("_.-..-..-..-..-escaped.out.log");
        }
    }
}
