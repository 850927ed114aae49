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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --parallel N} with {@code {port:NAME}}: seeds overlap, each has its own ports, verdicts are the sequential ones. */
@Timeout(120)
class ParallelSeedsTest {
    @TempDir
    Path dir;

    /** A write of 1 then a read of 2: not linearizable. */
    static final String BAD = ShellPlanRunTest.OPS.replace("\"output\":1", "\"output\":2");

    private RunResult run(String runBody, int parallel) throws Exception {
        Files.writeString(dir.resolve("ops.jsonl"), ShellPlanRunTest.OPS, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("bad.jsonl"), BAD, StandardCharsets.UTF_8);
        String plan = "# Test Plan: parallel\n\n## 7. Scenarios\n\n### Scenario S1: shell_s1\n\n- **Falsifies if it FAILs:** C1\n"
                + "- **Smoke budget:** 1 seed × 1 s\n\n```run\ncwd: .\ntimeout: 60s\n" + runBody
                + "history: { path: \"{artifacts}/{scenario}-{seed}.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n";
        Path planFile = dir.resolve("plan.md");
        Files.writeString(planFile, plan, StandardCharsets.UTF_8);
        return PlanRunner.run(planFile, "plan.md", new RunOptions(dir.resolve("sessions-" + parallel), List.of(), null, Map.of(),
                1, null, "test", new PrintWriter(new StringWriter())).withParallel(parallel), new EventBus());
    }

    @Test
    void seedsRunTogetherEachOnItsOwnPorts() throws Exception {
        // each workload waits for all three to be running: only a parallel run gets past this barrier
        String body = "seeds: [1, 2, 3]\n"
                + "services:\n  - { name: up, cmd: \"sleep 60\" }\n"
                + "proxies:\n  - { name: p, listen: \"127.0.0.1:{port:p}\", upstream: \"127.0.0.1:{port:up}\" }\n"
                + "workload:\n  cmd: \"echo {port:p} {port:up} > {artifacts}/ports-{seed}; touch {artifacts}/running-{seed}; i=0; "
                + "while [ $(ls {artifacts} | grep -c '^running-') -lt 3 ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done; "
                + "[ $i -lt 300 ] && sleep 1.1 && cp ops.jsonl {artifacts}/{scenario}-{seed}.jsonl\"\n";
        RunResult r = run(body, 3);
        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S1", Verdict.PASS_SMOKE);
        Set<String> ports = new HashSet<>();
        for (int seed = 1; seed <= 3; seed++) {
            String[] p = Files.readString(r.sessionDir().resolve("artifacts/ports-" + seed)).trim().split(" ");
            assertThat(p).hasSize(2);
            assertThat(p[0]).isNotEqualTo(p[1]).matches("\\d+");
            ports.add(p[0]);
            ports.add(p[1]);
            // the same {port:p} in the workload and in the proxy's listen address
            assertThat(Files.readString(r.sessionDir().resolve("session-log.md"))).contains("p 127.0.0.1:" + p[0] + " -> 127.0.0.1:" + p[1]);
        }
        assertThat(ports).as("every seed its own ports").hasSize(6);
        assertThat(ProcessReaper.liveCount()).isZero();
    }

    @Test
    void aReproducedViolationGivesTheSequentialVerdictAndSeeds() throws Exception {
        // seed 2 violates (and again on its re-run); sequentially seed 3 never runs
        String body = "seeds: [1, 2, 3]\nproxies:\n  - { name: p, listen: \"127.0.0.1:{port:p}\", upstream: \"127.0.0.1:{port:up}\" }\n"
                + "workload:\n  cmd: \"sleep 1.1; if [ {seed} = 2 ]; then cp bad.jsonl {artifacts}/{scenario}-{seed}.jsonl; "
                + "else cp ops.jsonl {artifacts}/{scenario}-{seed}.jsonl; fi\"\n";
        RunResult sequential = run(body, 1);
        RunResult parallel = run(body, 3);
        assertThat(sequential.verdicts()).containsEntry("S1", Verdict.FAIL_REPRODUCIBLE);
        assertThat(parallel.verdicts()).isEqualTo(sequential.verdicts());
        String seq = Files.readString(sequential.sessionDir().resolve("findings/S1.md"));
        String par = Files.readString(parallel.sessionDir().resolve("findings/S1.md"));
        assertThat(seq).contains("seeds [3] not run");
        assertThat(par).contains("seeds [3] not run");
        assertThat(ProcessReaper.liveCount()).isZero();
    }
}
