package dev.falsify.model.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.PlanParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** P017 on the message-level part of a run block: filters and monitors checked against the taps and each other. */
class MessageRulesTest {
    /** The run block starts on plan line RUN_LINE + 1 (the line after the fence). */
    static final int RUN_LINE = 12;

    static String plan(String messagePart) {
        return "# Test Plan: msgs\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | votes elect | liveness | doc | documented |\n\n## 7. Scenarios\n\n"
                + "### Scenario S1: a_leader_is_elected\n\n```run\n"
                + "proxies:\n  - { name: p1, listen: \"127.0.0.1:1\", upstream: \"127.0.0.1:2\" }\n"
                + "  - { name: p2, listen: \"127.0.0.1:3\", upstream: \"127.0.0.1:4\" }\n"
                + "services:\n  - { name: n1, cmd: \"true\" }\nworkload: { cmd: \"true\" }\n"
                + "messages:\n  - { proxy: p1, framing: newline, fields: { type: \"$.type\", term: \"$.term\" } }\n"
                + messagePart + "```\n";
    }

    static List<Diagnostic> p017(String messagePart) {
        return PlanLinter.lint(PlanParser.parse(plan(messagePart))).stream().filter(d -> d.rule().equals("P017")).toList();
    }

    static final String MONITOR = "monitor:\n  start: waiting\n  transitions:\n"
            + "    - { from: waiting, on: { type: Vote, term: \"2\" }, to: success }\n";

    @Test
    void aValidBlockHasNoP017() {
        assertThat(p017("filters:\n  - { name: f, if: { type: Vote, link: p1, count: \"<=2\", state: waiting, after: 1s }, then: drop }\n"
                + "  - { if: { payload: \"granted\" }, then: { hold-until: { log: \"leader\", service: n1 } } }\n"
                + "  - { if: { src: \"n*|n2\" }, then: { delay: 20ms } }\n" + MONITOR + "  bound: 500 messages\n  default: failure\n"))
                .isEmpty();
        assertThat(PlanParser.parse(plan(MONITOR)).scenario("S1").orElseThrow().run().orElseThrow().spec().monitor().isTerminal("success"))
                .isTrue();
    }

    @Test
    void unknownConditionFieldsAreNamedAtTheirPosition() {
        List<Diagnostic> ds = p017("filters:\n  - if: { type: Vote, colour: red }\n    then: drop\n");
        assertThat(ds).singleElement().satisfies(d -> {
            assertThat(d.message()).contains("S1:", "unknown condition field 'colour'", "term", "payload");
            assertThat(d.line()).isEqualTo(RUN_LINE + 11);
            assertThat(d.column()).isEqualTo(23);
        });
        assertThat(p017("filters:\n  - { if: { type: Vote }, then: drop, when: now }\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("unknown field 'when'"));
        assertThat(p017("monitor:\n  start: a\n  states: [a]\n  transitions:\n    - { from: a, on: { type: X }, to: success }\n"))
                .singleElement().satisfies(d -> assertThat(d.message()).contains("unknown field 'states'"));
    }

    @Test
    void unreachableStatesAndMonitorsWithoutATerminalState() {
        List<Diagnostic> unreachable = p017(MONITOR + "    - { from: limbo, on: { type: Ack }, to: failure }\n");
        assertThat(unreachable).singleElement().satisfies(d -> {
            assertThat(d.message()).contains("monitor state 'limbo' is unreachable", "from 'waiting'");
            assertThat(d.line()).isEqualTo(RUN_LINE + 14);
        });
        List<Diagnostic> endless = p017("monitor:\n  start: a\n  transitions:\n    - { from: a, on: { type: X }, to: b }\n"
                + "    - { from: b, on: { type: Y }, to: a }\n");
        assertThat(endless).singleElement().satisfies(d -> assertThat(d.message()).contains("monitor has no terminal state"));
        // a named failure state is terminal; a transition out of it is an error
        assertThat(p017("monitor:\n  start: a\n  failure: [split]\n  transitions:\n    - { from: a, on: { type: X }, to: split }\n"))
                .isEmpty();
        assertThat(p017("monitor:\n  start: a\n  transitions:\n    - { from: a, on: { type: X }, to: success }\n"
                + "    - { from: success, on: { type: Y }, to: a }\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("'success' is terminal"));
    }

    @Test
    void monitorVariablesAreBoundByAMessageAndComparedOnlyWhereBound() {
        String bound = "monitor:\n  start: a\n  transitions:\n"
                + "    - { from: a, on: { type: Vote }, bind: { t: term }, to: b }\n"
                + "    - { from: b, on: { type: Ack, term: \"$t\" }, to: success }\n";
        assertThat(p017(bound + "filters:\n  - { if: { type: Vote, term: \"$t\" }, then: drop }\n")).isEmpty();
        var t = PlanParser.parse(plan(bound)).scenario("S1").orElseThrow().run().orElseThrow().spec().monitor().transitions();
        assertThat(t.get(0).bind()).containsEntry("t", "term");
        assertThat(t.get(1).on().match()).containsEntry("term", "$t");
        assertThat(p017(bound.replace("\"$t\"", "\"$x\""))).singleElement().satisfies(d -> {
            assertThat(d.message()).contains("monitor variable '$x', which no transition binds");
            assertThat(d.line()).isEqualTo(RUN_LINE + 14);
        });
        assertThat(p017(bound.replace("bind: { t: term }", "bind: { t: colour }"))).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("'colour' is not a message field", "term"));
        assertThat(p017("monitor:\n  start: a\n  transitions:\n    - { from: a, on: { log: up, service: n1 }, bind: { t: term }, to: b }\n"
                + "    - { from: b, on: { term: \"$t\" }, to: success }\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("matches no message"));
        assertThat(p017(bound.replace("term: \"$t\"", "payload: \"$t\""))).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("payload cannot compare with a monitor variable"));
    }

    @Test
    void aFilterNamingALinkWithoutMessagesFraming() {
        assertThat(p017("filters:\n  - { if: { type: Vote, link: p2 }, then: drop }\n")).singleElement().satisfies(d -> {
            assertThat(d.message()).contains("link 'p2', which has no messages framing", "messages: - { proxy: p2");
            assertThat(d.line()).isEqualTo(RUN_LINE + 11);
        });
        assertThat(p017("filters:\n  - { if: { link: p9 }, then: drop }\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("link 'p9'", "declared: p1"));
        String noTaps = plan("filters:\n  - { if: { type: Vote }, then: drop }\n").replace(
                "messages:\n  - { proxy: p1, framing: newline, fields: { type: \"$.type\", term: \"$.term\" } }\n", "");
        assertThat(PlanLinter.lint(PlanParser.parse(noTaps))).filteredOn(d -> d.rule().equals("P017")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("no link has a messages entry"));
    }

    @Test
    void valuesActionsAndBoundsAreChecked() {
        assertThat(p017("filters:\n  - { if: { count: \"about 3\", after: soon, event: teleport, state: nowhere }, then: drop }\n" + MONITOR))
                .extracting(Diagnostic::message).satisfiesExactlyInAnyOrder(
                        m -> assertThat(m).contains("count 'about 3'"), m -> assertThat(m).contains("after 'soon'"),
                        m -> assertThat(m).contains("event 'teleport'"), m -> assertThat(m).contains("unknown monitor state 'nowhere'"));
        assertThat(p017("filters:\n  - { if: { log: leader }, then: drop }\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("a filter acts on messages"));
        assertThat(p017("filters:\n  - { if: { type: A }, then: { hold-until: [x] } }\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("hold-until needs a release condition"));
        assertThat(p017("filters:\n  - { if: { type: A }, then: { drop: 3 } }\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("drop takes no argument"));
        assertThat(p017(MONITOR + "  bound: 30s\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("bound needs a default"));
        assertThat(p017(MONITOR + "  bound: lots\n  default: success\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("number of messages"));
        assertThat(p017("messages:\n  - { proxy: p2, framing: \"regex:[\", fields: { type: \"$..bad\" } }\n")).hasSize(2);
        assertThat(p017("messages:\n  - { proxy: p2, framing: \"regex:[^;]*\" }\n")).singleElement().satisfies(d -> {
            assertThat(d.message()).contains("matches the empty string");
            assertThat(d.span().startColumn()).as("at the framing's value").isGreaterThan(1);
        });
    }
}
