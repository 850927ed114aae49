package dev.falsify.runner.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.model.vocabulary.Validity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Each monitor outcome on the recorded raft-votes stream, through the proxy, and as the scenario's oracle. */
@Timeout(60)
class MonitorTest {
    @TempDir
    Path dir;

    private static final String TAP = MessageFiltersTest.TAP;

    private static String monitor(String body) {
        return "monitor:\n" + body;
    }

    private MessageEngine.Outcome run(String yaml, int expectDelivered) throws Exception {
        return run(yaml, expectDelivered, 0);
    }

    /** @param idleMs how long the run goes on after the stream (a sleep lasts at least that long, however fast the machine) */
    private MessageEngine.Outcome run(String yaml, int expectDelivered, long idleMs) throws Exception {
        try (MessageRig rig = new MessageRig(yaml, 7, dir)) {
            rig.sendLines(MessageRig.recorded("raft-votes.jsonl"));
            assertThat(rig.receivedLines(expectDelivered)).hasSize(expectDelivered);
            if (idleMs > 0) Thread.sleep(idleMs);
            return rig.finish();
        }
    }

    @Test
    void aReachedFailureStateIsAViolationWithTheTraceUpToIt() throws Exception {
        // "no AppendEntries reaches n1 before n1 voted": the stream has n1 vote first, so drop the Vote to reach failure
        String yaml = TAP + "filters:\n  - { name: lose-vote, if: { type: Vote }, then: drop }\n" + monitor("""
                  start: electing
                  transitions:
                    - { from: electing, on: { type: Vote, event: deliver }, to: elected }
                    - { from: electing, on: { type: AppendEntries, dst: n1 }, to: split-brain }
                    - { from: elected, on: { type: Commit }, to: success }
                  failure: [split-brain]
                """);
        MessageEngine.Outcome o = run(yaml, 8);
        assertThat(o.monitorOutcome()).isEqualTo("failure");
        assertThat(o.monitorState()).isEqualTo("split-brain");
        assertThat(o.reason()).contains("electing -> split-brain", "AppendEntries");
        assertThat(o.trace()).last().satisfies(e -> assertThat(e.kind()).isEqualTo(MessageEventKind.STATE));
        assertThat(o.trace()).anySatisfy(e -> assertThat(e.kind()).isEqualTo(MessageEventKind.DROP));
        CheckResult r = MonitorOracle.result(o, "artifacts/S1-7.messages.jsonl");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(r.checker()).isEqualTo("monitor");
        assertThat(r.counterexample().describe().get(0)).contains("failure state 'split-brain'");
        // the finding reads summary + counterexample: how the failure state was reached is said once
        String finding = r.summary() + "; " + String.join("; ", r.counterexample().describe());
        assertThat(finding.split(java.util.regex.Pattern.quote(o.reason()), -1)).as(finding).hasSize(2);
        assertThat(String.join("\n", r.counterexample().describe())).contains("drop Vote n1→n2 via p1 [lose-vote]");
    }

    /** "every Commit follows the Ack of the append before it": an Ack counts only for the index the monitor bound. */
    private static String correlated(String ackCondition) {
        return TAP + "filters:\n  - { name: current-acks, if: { type: Ack, index: \"$i\" }, then: observe }\n" + monitor("""
                  start: idle
                  transitions:
                    - { from: idle, on: { type: AppendEntries, dst: n1 }, bind: { i: index }, to: appending }
                    - { from: appending, on: %s, to: acked }
                    - { from: acked, on: { type: AppendEntries, dst: n1 }, bind: { i: index }, to: appending }
                    - { from: appending, on: { type: Commit }, to: unacked-commit }
                    - { from: acked, on: { type: Commit }, to: success }
                  failure: [unacked-commit]
                """.formatted(ackCondition));
    }

    @Test
    void aVariableBoundOnOneTransitionRelatesALaterMessageToIt() throws Exception {
        // index 2 is appended to n1 but only n3's late Ack of index 1 follows before the Commit
        MessageEngine.Outcome o = run(correlated("{ type: Ack, index: \"$i\" }"), 9);
        assertThat(o.monitorOutcome()).isEqualTo("failure");
        assertThat(o.monitorState()).isEqualTo("unacked-commit");
        assertThat(o.trace()).filteredOn(e -> e.kind() == MessageEventKind.STATE).extracting(MessageEvent::note)
                .anySatisfy(n -> assertThat(n).contains("idle -> appending", "(i=1)"))
                .anySatisfy(n -> assertThat(n).contains("acked -> appending", "(i=2)"));
        assertThat(o.filters()).singleElement().satisfies(f -> assertThat(f.acted())
                .as("only the Ack of the index bound when it was sent").isEqualTo(1));
        // without the correlation, the stale Ack of index 1 passes for the Ack of index 2
        assertThat(run(correlated("{ type: Ack }"), 9).monitorOutcome()).isEqualTo("success");
    }

    @Test
    void theSameMonitorHoldsWhenNothingIsDropped() throws Exception {
        String yaml = TAP + monitor("""
                  start: electing
                  transitions:
                    - { from: electing, on: { type: Vote }, to: elected }
                    - { from: electing, on: { type: AppendEntries, dst: n1 }, to: split-brain }
                    - { from: elected, on: { type: Commit }, to: success }
                  failure: [split-brain]
                """);
        MessageEngine.Outcome o = run(yaml, 9);
        assertThat(o.monitorOutcome()).isEqualTo("success");
        assertThat(o.reason()).contains("elected -> success");
        assertThat(MonitorOracle.result(o, "f").validity()).isEqualTo(Validity.VALID);
        assertThat(MonitorOracle.result(o, "f").counterexample()).isNull();
    }

    @Test
    void aMessageBoundLetsTheDefaultDecide() throws Exception {
        String yaml = TAP + monitor("""
                  start: waiting
                  transitions:
                    - { from: waiting, on: { type: Snapshot }, to: failure }
                  bound: 5 messages
                  default: success
                """);
        MessageEngine.Outcome o = run(yaml, 9);
        assertThat(o.monitorOutcome()).isEqualTo("success");
        assertThat(o.reason()).contains("bound of 5 messages", "default decides: success");
    }

    @Test
    void aTimeBoundLetsTheDefaultDecideAndTheRunsEndDecidesWithoutOne() throws Exception {
        String yaml = TAP + monitor("""
                  start: waiting
                  transitions:
                    - { from: waiting, on: { type: Snapshot }, to: success }
                  bound: 1ms
                  default: failure
                """);
        // the run outlasts the bound whatever the machine's speed; the bound decides even between two ticks
        MessageEngine.Outcome o = run(yaml, 9, 20);
        assertThat(o.monitorOutcome()).isEqualTo("failure");
        assertThat(o.reason()).contains("time bound");
        String endOnly = TAP + monitor("""
                  start: waiting
                  transitions:
                    - { from: waiting, on: { type: Snapshot }, to: failure }
                  default: success
                """);
        Path d = dir.resolve("b");
        java.nio.file.Files.createDirectories(d);
        dir = d;
        MessageEngine.Outcome o2 = run(endOnly, 9);
        assertThat(o2.monitorOutcome()).isEqualTo("success");
        assertThat(o2.reason()).contains("the run ended in state waiting");
    }

    @Test
    void withoutADefaultAnUndecidedMonitorIsUnknown() throws Exception {
        String yaml = TAP + monitor("""
                  start: waiting
                  transitions:
                    - { from: waiting, on: { type: Snapshot }, to: failure }
                """);
        MessageEngine.Outcome o = run(yaml, 9);
        assertThat(o.monitorOutcome()).isEmpty();
        assertThat(MonitorOracle.result(o, "f").validity()).isEqualTo(Validity.UNKNOWN);
    }

    @Test
    void logLinesAndStateChangesDriveTransitionsAndReleases() throws Exception {
        String yaml = "services:\n  - { name: n1, cmd: \"true\" }\n" + TAP
                + "filters:\n  - { name: hold-acks, if: { type: Ack }, then: { hold-until: { state: leader } } }\n" + monitor("""
                  start: follower
                  transitions:
                    - { from: follower, on: { log: "became leader", service: n1 }, to: leader }
                    - { from: leader, on: { type: Ack }, to: success }
                """);
        try (MessageRig rig = new MessageRig(yaml, 1, dir)) {
            assertThat(rig.engine.wantsLogLines()).isTrue();
            rig.sendLines(MessageRig.recorded("raft-votes.jsonl"));
            assertThat(rig.receivedLines(7)).hasSize(7);
            rig.engine.logLine("n1", "12:00 n1 became leader for term 2");
            assertThat(rig.receivedLines(2)).hasSize(2); // the two held Acks
            MessageEngine.Outcome o = rig.finish();
            assertThat(o.monitorOutcome()).isEqualTo("success");
            List<MessageEvent> states = rig.events().stream().filter(e -> e.kind() == MessageEventKind.STATE).toList();
            assertThat(states).extracting(MessageEvent::state).containsExactly("leader", "success");
            assertThat(states.get(0).note()).contains("became leader");
        }
    }
}
