package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.exec.ProcessReaper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Command faults (probe before/during, expectation) and STOP/CONT process faults on shell-only scenarios. */
@Timeout(90)
class ShellPlanRunTest {
    @TempDir
    Path dir;

    static final String OPS = "{\"op_id\":\"1\",\"process_id\":\"p1\",\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"write\",\"key\":null,"
            + "\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n"
            + "{\"op_id\":\"2\",\"process_id\":\"p2\",\"invoke_ts\":3,\"complete_ts\":4,\"op_type\":\"read\",\"key\":null,"
            + "\"input\":null,\"output\":1,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n";

    static String scenario(String id, String body) {
        return "### Scenario " + id + ": shell_" + id.toLowerCase() + "\n\n- **Falsifies if it FAILs:** C1\n"
                + "- **Smoke budget:** 1 seed × 2 s\n- **Hardening budget:** 1 seed × 2 s\n\n```run\ncwd: .\ntimeout: 30s\nseeds: [1]\n"
                + "workload:\n  cmd: \"sleep 2.5 && cp ops.jsonl {artifacts}/{scenario}-{seed}.jsonl\"\n"
                + "history: { path: \"{artifacts}/{scenario}-{seed}.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n" + body + "```\n\n";
    }

    @Test
    void commandAndStopFaultsProveOrFailTheirLanding() throws Exception {
        Files.writeString(dir.resolve("ops.jsonl"), OPS, StandardCharsets.UTF_8);
        String landsCmd = "faults:\n  - name: flag\n    at: 500ms\n    for: 1s\n    inject: \"touch injected.flag\"\n"
                + "    heal: \"rm -f injected.flag\"\n    landing:\n      probe: \"ls | grep -c injected.flag || true\"\n"
                + "      expect: \"delta > 0\"\n";
        String missesCmd = "faults:\n  - name: noop\n    at: 500ms\n    for: 1s\n    inject: \"true\"\n    heal: \"true\"\n"
                + "    landing:\n      probe: \"echo 5\"\n      expect: \"delta > 0\"\n";
        String stop = "services:\n  - name: ticker\n    cmd: \"while true; do echo tick; sleep 0.05; done\"\n"
                + "    ready: { log: \"tick\", timeout: 5s }\n"
                + "faults:\n  - name: freeze\n    at: 500ms\n    for: 1s\n    process: { service: ticker, signal: STOP/CONT }\n";
        String plan = "# Test Plan: shell\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n## 7. Scenarios\n\n"
                + scenario("S1", landsCmd) + scenario("S2", missesCmd) + scenario("S3", stop);
        Path planFile = dir.resolve("plan.md");
        Files.writeString(planFile, plan, StandardCharsets.UTF_8);
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        EventBus bus = new EventBus();
        bus.subscribe(e -> {
            if (!(e instanceof RunEvent.LogLine)) events.add(e);
        });
        RunResult r = PlanRunner.run(planFile, "plan.md", new RunOptions(dir.resolve("sessions"), List.of(), null, Map.of(),
                1, null, "test", new PrintWriter(new StringWriter())), bus);

        // a command fault's symmetry is unknown to the runner, so the asymmetric-variant audit item stays unticked
        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S1", Verdict.PASS_SMOKE)
                .containsEntry("S2", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN)
                .containsEntry("S3", Verdict.PASS_HARDENING);
        assertThat(r.reasons().get("S1")).contains("asymmetric");
        assertThat(dir.resolve("injected.flag")).as("healed").doesNotExist();
        String s1 = Files.readString(r.sessionDir().resolve("findings/S1.md"));
        assertThat(s1).contains("probe `ls | grep -c injected.flag || true`", "delta > 0");
        String s2 = Files.readString(r.sessionDir().resolve("findings/S2.md"));
        assertThat(s2).contains("noop");
        String s3 = Files.readString(r.sessionDir().resolve("findings/S3.md"));
        assertThat(s3).contains("process state", "stopped (T)");
        assertThat(events).anyMatch(e -> e instanceof RunEvent.FaultHealed h && h.fault().equals("freeze"));
        assertThat(ProcessReaper.liveCount()).isZero();
    }
}
