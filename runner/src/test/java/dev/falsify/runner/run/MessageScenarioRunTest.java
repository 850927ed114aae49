package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.model.session.MessageEventLog;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.exec.ProcessReaper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example plan's message-level scenarios through the whole runner: the monitor is the oracle and the
 * filters are the faults, so the verdicts come out of the one evidence → verdict path. S6 holds with the
 * store as shipped and fails, reproducibly, with the leader's seeded ack-before-replication bug; S7 holds on
 * its three seeds and, its filters being asymmetric, earns PASS-hardening.
 */
@Timeout(240)
class MessageScenarioRunTest {
    static final Path PLAN = ExamplePlanRunTest.EXAMPLE.resolve("docs/testing-plans/replicated-kv.md");

    @TempDir
    Path dir;

    private RunResult run(List<String> scenarios, Map<String, String> env) throws Exception {
        RunOptions o = new RunOptions(dir.resolve("sessions"), scenarios, null, env, 1, null, "test",
                new PrintWriter(new StringWriter()));
        return PlanRunner.run(PLAN, "replicated-kv.md", o, new EventBus());
    }

    /**
     * A filter is a fault: one that never fired did not land, so S6 — its monitor content — cannot pass on it.
     * The example plan with a third filter on a message type nobody sends, run from a copy; its monitor also
     * steps on the leader's log lines, which the runner feeds it.
     */
    @Test
    void aFilterThatNeverFiredMakesTheScenarioInconclusive() throws Exception {
        String text = Files.readString(PLAN).replace("cwd: ../..", "cwd: \"" + ExamplePlanRunTest.EXAMPLE + "\"")
                .replace("  - { name: count-acks, if: { type: ACK }, then: observe }\n",
                        "  - { name: count-acks, if: { type: ACK }, then: observe }\n  - { name: never, if: { type: NOPE }, then: drop }\n")
                // and the monitor notes the leader's timeout log lines: service log lines reach it through the runner
                .replace("    - { from: idle, on: { link: c1, type: PUT }, bind: { v: value }, to: writing }\n",
                        "    - { from: idle, on: { link: c1, type: PUT }, bind: { v: value }, to: writing }\n"
                        + "    - { from: writing, on: { log: \"no follower acknowledged\", service: n1 }, to: writing }\n"
                        + "    - { from: idle, on: { log: \"no follower acknowledged\", service: n1 }, to: idle }\n");
        Path plan = Files.writeString(dir.resolve("replicated-kv.md"), text);
        RunOptions o = new RunOptions(dir.resolve("sessions"), List.of("S6"), null, Map.of(), 1, null, "test",
                new PrintWriter(new StringWriter()));
        RunResult r = PlanRunner.run(plan, "replicated-kv.md", o, new EventBus());
        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S6", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        assertThat(r.reasons().get("S6")).contains("filter never landing not proven").doesNotContain("hold-replication");
        assertThat(Files.readString(r.sessionDir().resolve("findings/S6.md"))).contains("filter never drop acted on 0 of", "it never fired");
        assertThat(MessageEventLog.read(r.sessionDir().resolve("artifacts/S6-1.messages.jsonl")))
                .anySatisfy(e -> assertThat(e.kind() + " " + e.note()).contains("STATE", "log n1: ", "no follower acknowledged seq"));
        assertThat(ProcessReaper.liveCount()).isZero();
    }

    @Test
    void theMonitorDecidesS6ByTheBugAndS7Holds() throws Exception {
        RunResult off = run(List.of("S6", "S7"), Map.of());
        assertThat(off.verdicts()).as(off.reasons().toString()).containsEntry("S6", Verdict.PASS_SMOKE)
                .containsEntry("S7", Verdict.PASS_HARDENING);
        assertThat(off.reasons().get("S6")).contains("2 fault(s) landed", "monitor", "hardening budget not met");
        // S7's filters each act on one direction of their link: the audit's asymmetric variant is evaluated
        assertThat(off.reasons().get("S7")).contains("hardening budget met").doesNotContain("not evaluated");
        List<MessageEvent> s6 = MessageEventLog.read(off.sessionDir().resolve("artifacts/S6-1.messages.jsonl"));
        assertThat(s6).anyMatch(e -> e.kind() == MessageEventKind.HOLD && e.type().equals("REPL") && e.filter().equals("hold-replication"));
        assertThat(s6).anyMatch(e -> e.kind() == MessageEventKind.RELEASE);
        assertThat(s6).noneMatch(e -> e.kind() == MessageEventKind.STATE && e.state().equals("acked-early"));
        // the leader's log lines carry wall-clock stamps that fall among the messages' (through the log's clock
        // anchor), so its log viewer can follow the space-time view's instant: its timeouts happen while REPLs are held
        MessageEventLog.ClockAnchor anchor = MessageEventLog.anchor(off.sessionDir().resolve("artifacts/S6-1.messages.jsonl")).orElseThrow();
        List<String> n1 = Files.readAllLines(off.sessionDir().resolve("logs/S6-1/n1.out.log"));
        assertThat(n1).isNotEmpty().allSatisfy(l -> assertThat(l).containsPattern("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z n1"));
        String timeout = n1.stream().filter(l -> l.contains("no follower acknowledged")).findFirst().orElseThrow();
        long stamp = java.time.Instant.parse(timeout.substring(0, timeout.indexOf(' '))).toEpochMilli() * 1000;
        long firstWall = anchor.wallMicros() + (s6.get(0).monoNanos() - anchor.monoNanos()) / 1000;
        long lastWall = anchor.wallMicros() + (s6.get(s6.size() - 1).monoNanos() - anchor.monoNanos()) / 1000;
        assertThat(stamp).as("the timeout's stamp among the messages' times").isBetween(firstWall - 1000, lastWall + 1000);
        List<MessageEvent> s7 = MessageEventLog.read(off.sessionDir().resolve("artifacts/S7-1.messages.jsonl"));
        assertThat(s7).anyMatch(e -> e.kind() == MessageEventKind.DUPLICATE && e.link().equals("p12"));
        assertThat(s7).anyMatch(e -> e.kind() == MessageEventKind.DELAY && e.link().equals("p13") && e.delayMs() == 50);

        RunResult on = run(List.of("S6"), Map.of("KV_BUG", "ack-before-replication"));
        assertThat(on.verdicts()).as(on.reasons().toString()).containsEntry("S6", Verdict.FAIL_REPRODUCIBLE);
        String finding = Files.readString(on.sessionDir().resolve("findings/S6.md"));
        assertThat(finding).contains("reached acked-early", "deliver OK n1→client");
        // the trace up to the early ack delivers no REPL to a follower: each one the leader sent by then is held
        // (with the seeded bug it may send none before it answers, so the trace need not show a hold at all)
        int ack = finding.indexOf("deliver OK n1→client");
        assertThat(finding.substring(0, ack)).doesNotContain("deliver REPL");
        if (finding.substring(0, ack).contains("send REPL")) {
            assertThat(finding.substring(0, ack)).containsPattern("hold REPL n1→n2 via p12|hold REPL n1→n3 via p13");
        }
        // every attempt is reported: the first run's and the re-run's monitor results and event logs
        assertThat(finding).contains("artifacts/S6-1.messages.jsonl", "artifacts/rerun1/S6-1-rerun1.messages.jsonl");
        assertThat(on.sessionDir().resolve("artifacts/rerun1/S6-1-rerun1.messages.jsonl")).exists();
        assertThat(ProcessReaper.liveCount()).isZero();
    }
}
