package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.SessionHeadline;
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
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real example system (three JVM nodes, fault proxies, the workload client) through the
 * executor, on ports of its own so it never meets a concurrently running demo.
 */
@Timeout(180)
class ExamplePlanRunTest {
    static final Path EXAMPLE = Path.of("../examples/replicated-kv").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    /** Ports are {port:NAME} placeholders the runner allocates free per run, so two runs of this test
     *  (or a demo) on one machine never collide. */
    static String nodes() {
        return """
                services:
                  - name: n1
                    cmd: "./kv node --id n1 --port {port:n1} --leader-peer-port {port:peer} --data {artifacts}/{scenario}-{seed}/n1"
                    ready: { log: "n1 listening on", timeout: 20s }
                  - name: n2
                    cmd: "./kv node --id n2 --port {port:n2} --leader 127.0.0.1:{port:p12} --bug ${KV_BUG:-none}"
                    ready: { tcp: "127.0.0.1:{port:n2}", timeout: 20s }
                  - name: n3
                    cmd: "./kv node --id n3 --port {port:n3} --leader 127.0.0.1:{port:p13} --bug ${KV_BUG:-none}"
                    ready: { tcp: "127.0.0.1:{port:n3}", timeout: 20s }
                proxies:
                  - { name: c2, listen: "127.0.0.1:{port:c2}", upstream: "127.0.0.1:{port:n2}" }
                  - { name: p12, listen: "127.0.0.1:{port:p12}", upstream: "127.0.0.1:{port:peer}" }
                  - { name: p13, listen: "127.0.0.1:{port:p13}", upstream: "127.0.0.1:{port:peer}" }
                  - { name: unused, listen: "127.0.0.1:{port:unused}", upstream: "127.0.0.1:{port:n3}" }
                """;
    }

    static String workload(double seconds) {
        return "workload:\n  cmd: \"./kv workload --nodes 127.0.0.1:{port:n1},127.0.0.1:{port:c2},127.0.0.1:{port:n3}"
                + " --clients 3 --keys 1 --seconds " + seconds
                + " --seed {seed} --history {artifacts}/{scenario}-{seed}.history.jsonl\"\n"
                + "history: { path: \"{artifacts}/{scenario}-{seed}.history.jsonl\", format: jsonl, model: cas-register }\n"
                + "checkers: [linearizability]\n";
    }

    static String scenario(String id, String name, String hardening, String run) {
        return "### Scenario " + id + ": " + name + "\n\n- **Falsifies if it FAILs:** C1\n- **Closes:** H1\n"
                + "- **Smoke budget:** 1 seed × 2 s\n- **Hardening budget:** " + hardening + "\n\n"
                + "#### §7.M — Model / history / checker\n\n- **Model under test:** cas-register\n"
                + "- **Operation history:** the 11 fields\n- **Checker:** linearizability\n"
                + "- **Nemesis + landing evidence:** proxy partition. Landing evidence: proxy dropped-bytes counter\n"
                + "- **Ambiguous outcomes:** timeouts are unknown\n- **Reduction plan:** shrink; classify as SUT, harness, checker or environment\n\n"
                + "```run\n" + run + "```\n\n";
    }

    static String plan(String scenarios) {
        return "# Test Plan: it-kv\n\n**SUT:** replicated-kv example\n**Status:** draft\n\n## 0. Architectural summary\n\nx\n\n"
                + "## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n|---|---|---|---|---|\n"
                + "| C1 | reads and writes are linearizable | safety | README | documented |\n\n"
                + "## 4. Failure-mode hypotheses\n\nH1. **Stale read** — a follower serves old data\n   - Could falsify: C1\n\n"
                + "## 6b. Environment requirements\n\n| Requirement | Version floor | Used by scenarios | Install hint |\n|---|---|---|---|\n"
                + "| `falsify-no-such-tool` | 1.0 | S3 | not installable |\n\n"
                + "## 7. Scenarios\n\n" + scenarios;
    }

    private RunResult run(String planText, Map<String, String> env, List<RunEvent> events) throws Exception {
        return run(planText, env, events, new AtomicBoolean());
    }

    private RunResult run(String planText, Map<String, String> env, List<RunEvent> events, AtomicBoolean cancel)
            throws Exception {
        Path planFile = dir.resolve("plan.md");
        Files.writeString(planFile, planText, StandardCharsets.UTF_8);
        EventBus bus = new EventBus();
        bus.subscribe(e -> {
            if (!(e instanceof RunEvent.LogLine)) events.add(e);
        });
        RunOptions o = new RunOptions(dir.resolve("sessions"), List.of(), null, env, 1, dir.resolve("index.db"), "test",
                new PrintWriter(new StringWriter()), cancel);
        return PlanRunner.run(planFile, "plan.md", o, bus);
    }

    @Test
    void cancelMidWorkloadTearsEverythingDownAndLeavesTheRestNotRun() throws Exception {
        String run = "cwd: " + EXAMPLE + "\ntimeout: 1m\nseeds: [1, 2]\nsetup: [\"./build.sh\"]\n" + nodes() + workload(30);
        AtomicBoolean cancel = new AtomicBoolean();
        List<RunEvent> events = new CopyOnWriteArrayList<>() {
            @Override
            public boolean add(RunEvent e) {
                if (e instanceof RunEvent.ProcessStarted p && p.process().equals("workload")) {
                    Thread t = new Thread(() -> {
                        try {
                            Thread.sleep(1500);
                        } catch (InterruptedException ignored) {
                            // cancel right away then
                        }
                        cancel.set(true);
                    });
                    t.start();
                }
                return super.add(e);
            }
        };
        RunResult r = run(plan(scenario("S1", "long_workload", "2 seeds × 30 s", run)
                + scenario("S2", "never_reached", "1 seed × 2 s", run)), Map.of(), events, cancel);
        // the 30 s workload was cut short by the cancel, not let run out (no wall-clock bound: CI may be slow)
        assertThat(events).filteredOn(e -> e instanceof RunEvent.ProcessEnded pe && pe.process().equals("workload"))
                .as("the workload ended once, by the cancel").singleElement()
                .matches(e -> ((RunEvent.ProcessEnded) e).reason().equals("cancel"));
        assertThat(r.verdicts()).containsEntry("S1", Verdict.NOT_RUN).containsEntry("S2", Verdict.NOT_RUN);
        assertThat(ProcessReaper.liveCount()).isZero();
        assertThat(events).anyMatch(e -> e instanceof RunEvent.ProcessEnded pe && pe.reason().equals("cancel"));
        assertThat(Files.exists(r.sessionDir().resolve("logs/S1-2"))).isFalse();
        assertThat(SessionReader.read(r.sessionDir()).interrupted()).as("a stopped run is marked interrupted").isTrue();
    }

    @Test
    void smokePassUnlandedFaultAndMissingToolEachLandOnTheirVerdict() throws Exception {
        String common = "cwd: " + EXAMPLE + "\ntimeout: 1m\nseeds: [1]\nsetup: [\"./build.sh\"]\n" + nodes();
        String s1 = common + workload(2);
        String s2 = common + workload(3) + "faults:\n  - name: cut-unused\n    at: 1s\n    for: 1s\n"
                + "    proxy: { name: unused, kind: partition }\n";
        String s3 = common + workload(2);
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        RunResult r = run(plan(scenario("S1", "smoke_reads_are_linearizable", "3 seeds × 2 s", s1)
                + scenario("S2", "partition_of_an_unused_link_is_not_proven", "1 seed × 2 s", s2)
                + scenario("S3", "needs_a_missing_tool", "1 seed × 2 s", s3)), Map.of(), events);

        assertThat(r.verdicts()).containsEntry("S1", Verdict.PASS_SMOKE)
                .containsEntry("S2", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN)
                .containsEntry("S3", Verdict.INCONCLUSIVE_ENV);
        assertThat(r.headline()).isEqualTo(SessionHeadline.DONE_WITH_CONCERNS);
        assertThat(ProcessReaper.liveCount()).isZero();

        Path s = r.sessionDir();
        assertThat(s.resolve("logs/S1-1/n1.out.log")).content().contains("n1 listening on ");
        assertThat(s.resolve("logs/S1-1/workload.out.log")).content().contains("workload done");
        assertThat(s.resolve("artifacts/S1-1.history.jsonl")).exists();
        assertThat(s.resolve("artifacts/S1-1.linearizability.check.json")).content().contains("\"valid\" : true");
        assertThat(s.resolve("artifacts/S2-1.cut-unused.proxy.json")).content().contains("\"connectionsSeen\" : 0");
        assertThat(Files.exists(s.resolve("logs/S3-1"))).as("S3 never started").isFalse();
        assertThat(s.resolve("findings/report.md")).exists();
        String log = Files.readString(s.resolve("session-log.md"));
        assertThat(log).contains("falsify-no-such-tool", "fault-injected", "landing NOT proven for cut-unused", "Session ended");

        SessionFolder folder = SessionReader.read(s);
        assertThat(folder.interrupted()).isFalse();
        assertThat(events).anyMatch(e -> e instanceof RunEvent.ProcessReady pr && pr.process().equals("n2"));
        assertThat(events).anyMatch(e -> e instanceof RunEvent.OracleChecked o && o.validity().equals("valid"));
        assertThat(dir.resolve("index.db")).exists();
    }

    @Test
    void theSeededBugFailsReproduciblyUnderAPartition() throws Exception {
        String run = "cwd: " + EXAMPLE + "\ntimeout: 1m\nseeds: [4, 5]\nsetup: [\"./build.sh\"]\n" + nodes() + workload(4)
                + "faults:\n  - name: partition-n2\n    at: 1s\n    for: 2s\n    proxy: { name: p12, kind: partition }\n";
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        RunResult r = run(plan(scenario("S1", "linearizable_under_partition", "2 seeds × 4 s", run)),
                Map.of("KV_BUG", "stale-follower-reads"), events);

        assertThat(r.verdicts()).containsEntry("S1", Verdict.FAIL_REPRODUCIBLE);
        assertThat(r.headline()).isEqualTo(SessionHeadline.FAIL);
        Path s = r.sessionDir();
        assertThat(s.resolve("logs/S1-4-rerun1/n2.out.log")).content().contains("leader unreachable");
        assertThat(s.resolve("artifacts/rerun1/S1-4-rerun1.history.jsonl")).exists();
        assertThat(Files.exists(s.resolve("logs/S1-5"))).as("stopped after the reproduced violation").isFalse();
        String finding = Files.readString(s.resolve("findings/S1.md"));
        assertThat(finding).contains("FAIL-reproducible", "--seed 4", "KV_BUG=stale-follower-reads");
        // the violation is drawn into findings/ as it is found, and the report embeds the picture
        assertThat(s.resolve("findings/S1-4.linearizability-counterexample.svg")).content()
                .contains("could not be placed next").doesNotContain("<script");
        assertThat(s.resolve("findings/report.md")).content()
                .contains("![S1-4 linearizability counterexample](S1-4.linearizability-counterexample.svg)");
        assertThat(finding).doesNotContain("linearizability, linearizability");
        assertThat(events).anyMatch(e -> e instanceof RunEvent.LandingChecked l && l.landed());
        assertThat(ProcessReaper.liveCount()).isZero();
    }

    @Test
    void aToxiproxyStyleToxicInARunBlockLandsWithItsEvidenceInTheSession() throws Exception {
        // the leader alone, its client link proxied; ports from {port:NAME}, so nothing here is fixed
        String run = "cwd: " + EXAMPLE + "\ntimeout: 1m\nseeds: [1]\nsetup: [\"./build.sh\"]\n"
                + "services:\n  - name: n1\n    cmd: \"./kv node --id n1 --port {port:n1} --leader-peer-port {port:peer}"
                + " --data {artifacts}/{scenario}-{seed}/n1\"\n    ready: { tcp: \"127.0.0.1:{port:n1}\", timeout: 20s }\n"
                + "proxies:\n  - { name: db, listen: \"127.0.0.1:{port:db}\", upstream: \"127.0.0.1:{port:n1}\" }\n"
                + "workload:\n  cmd: \"./kv workload --nodes 127.0.0.1:{port:db} --clients 2 --keys 1 --seconds 3"
                + " --seed {seed} --history {artifacts}/{scenario}-{seed}.history.jsonl\"\n"
                + "history: { path: \"{artifacts}/{scenario}-{seed}.history.jsonl\", format: jsonl, model: cas-register }\n"
                + "checkers: [linearizability]\n"
                + "faults:\n  - name: slow-answers\n    at: 500ms\n    for: 1500ms\n"
                + "    toxic: { proxy: db, type: latency, stream: downstream, attributes: { latency: 20, jitter: 5 } }\n";
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        RunResult r = run(plan(scenario("S1", "reads_stay_linearizable_with_slow_answers", "1 seed × 3 s", run)), Map.of(), events);

        assertThat(r.verdicts()).as("the hardening budget (1 seed × 3 s) met, the fault proven").containsEntry("S1", Verdict.PASS_HARDENING);
        Path s = r.sessionDir();
        String reading = Files.readString(s.resolve("artifacts/S1-1.slow-answers.proxy.json"));
        assertThat(reading).contains("\"kind\" : \"latency\"").doesNotContain("\"connectionsApplied\" : 0,");
        assertThat(reading).containsPattern("\"bytesDelayed\" : [1-9]");
        assertThat(events).anyMatch(e -> e instanceof RunEvent.LandingChecked l && l.landed());
        assertThat(ProcessReaper.liveCount()).isZero();
    }
}
