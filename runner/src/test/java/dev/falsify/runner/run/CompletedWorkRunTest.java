package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.exec.ProcessReaper;
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

/**
 * Issue 29, item 3: a verdict needs completed work, and the checklist counts over every seed. The demo's S6 passed
 * although all 12 of its writes timed out; its "expected ops/s" item was ticked; its monitor was "VALID on 214/214
 * ops" (message events); and "monotonic timestamps for all 1519 ops" counted the first of two seeds only.
 */
@Timeout(240)
class CompletedWorkRunTest {
    @TempDir
    Path dir;

    static String op(int id, String process, long invoke, Long complete, String type, Object input, Object output, boolean timeout) {
        return "{\"op_id\":\"" + id + "\",\"process_id\":\"" + process + "\",\"invoke_ts\":" + invoke + ",\"complete_ts\":" + complete
                + ",\"op_type\":\"" + type + "\",\"key\":null,\"input\":" + input + ",\"output\":" + output
                + ",\"error\":null,\"timeout_marker\":" + timeout + ",\"node_seen\":null,\"fault_epoch\":null}\n";
    }

    static String scenario(String id, String seeds) {
        return "### Scenario " + id + ": shell_" + id.toLowerCase() + "\n\n- **Falsifies if it FAILs:** C1\n"
                + "- **Smoke budget:** 1 seed × 1 s\n- **Hardening budget:** 2 seeds × 1 s\n\n```run\ncwd: .\ntimeout: 30s\nseeds: " + seeds + "\n"
                + "workload:\n  cmd: \"sleep 1.1 && cp {scenario}-{seed}.jsonl {artifacts}/{scenario}-{seed}.jsonl\"\n"
                + "history: { path: \"{artifacts}/{scenario}-{seed}.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n\n";
    }

    private RunResult run(Path plan, List<String> scenarios) throws Exception {
        return PlanRunner.run(plan, plan.getFileName().toString(), new RunOptions(dir.resolve("sessions"), scenarios, null, Map.of(),
                1, null, "test", new PrintWriter(new StringWriter())), new EventBus());
    }

    @Test
    void checklistCountsEverySeedAndNothingCompletedIsTooWeak() throws Exception {
        // S1: seed 1 records 2 ops, seed 2 records 3, all completed; S2: both writes timed out (complete_ts null)
        Files.writeString(dir.resolve("S1-1.jsonl"), op(1, "p1", 1, 2L, "write", 1, null, false) + op(2, "p2", 3, 4L, "read", null, 1, false));
        Files.writeString(dir.resolve("S1-2.jsonl"), op(1, "p1", 1, 2L, "write", 1, null, false) + op(2, "p1", 3, 4L, "write", 2, null, false)
                + op(3, "p2", 5, 6L, "read", null, 2, false));
        Files.writeString(dir.resolve("S2-1.jsonl"), op(1, "p1", 1, null, "write", 1, null, true) + op(2, "p1", 3, null, "write", 2, null, true));
        String plan = "# Test Plan: work\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | safety | doc | documented |\n\n## 7. Scenarios\n\n"
                + scenario("S1", "[1, 2]") + scenario("S2", "[1]");
        Path planFile = Files.writeString(dir.resolve("plan.md"), plan, StandardCharsets.UTF_8);
        RunResult r = run(planFile, List.of());

        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S1", Verdict.PASS_SMOKE)
                .containsEntry("S2", Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK);
        assertThat(r.reasons().get("S1")).contains("linearizability on 2 + 3 ops (2 + 3 client ops completed)");
        assertThat(r.reasons().get("S2")).contains("linearizability: no client op completed in the run it judged");
        String s1 = Files.readString(r.sessionDir().resolve("findings/S1.md"));
        assertThat(s1).contains("[x] workload produced the expected ops/s for the expected duration — 5 of 5 ops completed, over all 2 seed(s)")
                .contains("for all 5 ops, over all 2 seed(s)").doesNotContain("for all 2 ops")
                .contains("linearizability 5/5 ops over 2 runs");
        String s2 = Files.readString(r.sessionDir().resolve("findings/S2.md"));
        assertThat(s2).contains("[ ] workload produced the expected ops/s for the expected duration")
                .contains("0 of 2 ops completed, over all 1 seed(s)");
        assertThat(ProcessReaper.liveCount()).isZero();
    }

    /**
     * The example's S6 as shipped before issue 29 (every REPL held the whole run: every write times out) judged
     * nothing completed; S6 as shipped now releases the hold after 2.5 s, so writes are acknowledged after a
     * follower's ACK and its PASS rests on them. Both from one run of a copy of the plan (the old S6 as S90,
     * an id the example plan does not use: its S8 is the power-loss scenario).
     */
    @Test
    void s6PassesOnAcknowledgedWritesAndTheAllTimeoutVariantIsTooWeak() throws Exception {
        String text = Files.readString(MessageScenarioRunTest.PLAN).replace("cwd: ../..", "cwd: \"" + ExamplePlanRunTest.EXAMPLE + "\"");
        int s6 = text.indexOf("### Scenario S6:");
        String old = text.substring(s6, text.indexOf("### Scenario S7:")).replace("### Scenario S6:", "### Scenario S90:")
                .replace("if: { type: REPL, link: \"p12|p13\", before: 2500ms }", "if: { type: REPL, link: \"p12|p13\" }");
        assertThat(old).contains("if: { type: REPL, link: \"p12|p13\" }");
        Path plan = Files.writeString(dir.resolve("replicated-kv.md"), text.replace("## 7b.", old + "## 7b."));
        RunResult r = run(plan, List.of("S6", "S90"));

        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S6", Verdict.PASS_SMOKE)
                .containsEntry("S90", Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK);
        assertThat(r.reasons().get("S90")).contains("monitor: no client op completed in the run it judged");
        assertThat(r.reasons().get("S6")).containsPattern("monitor on \\d+ message events \\([1-9]\\d* client ops completed\\)");
        String s6f = Files.readString(r.sessionDir().resolve("findings/S6.md"));
        assertThat(s6f).containsPattern("\\[x\\] workload produced the expected ops/s for the expected duration — [1-9]\\d* of \\d+ ops completed")
                .containsPattern("monitor \\d+/\\d+ message events").doesNotContainPattern("monitor \\d+/\\d+ ops");
        String s8f = Files.readString(r.sessionDir().resolve("findings/S90.md"));
        assertThat(s8f).containsPattern("\\[ \\] workload produced the expected ops/s for the expected duration — FAILED: 0 of \\d+ ops completed")
                .doesNotContain("[x] workload produced");
        assertThat(ProcessReaper.liveCount()).isZero();
    }
}
