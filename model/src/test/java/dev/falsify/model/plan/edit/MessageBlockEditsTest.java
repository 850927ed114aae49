package dev.falsify.model.plan.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.edit.MessageBlockEdits.FilterRow;
import dev.falsify.model.plan.edit.MessageBlockEdits.TransitionRow;
import dev.falsify.model.plan.run.RunSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Filter and monitor rows as minimal patches of the run block, and rows that survive a write and a re-read. */
class MessageBlockEditsTest {
    static final Path EXAMPLE = Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md");

    static final String PLAN = "# Test Plan: msgs\n\n## 7. Scenarios\n\n### Scenario S1: votes\n\n```run\n"
            + "proxies:\n  - { name: p1, listen: \"127.0.0.1:1\", upstream: \"127.0.0.1:2\" }\n"
            + "workload: { cmd: \"true\" }   # kept as written\n"
            + "messages:\n  - { proxy: p1, framing: newline, fields: { type: \"$.type\", seq: \"$.seq\" } }\n"
            + "filters:\n  - name: slow\n    if: { type: Vote, link: p1 }\n    then: { delay: 20ms }\n"
            + "  - { name: watch, if: { type: Ack }, then: observe }\n"
            + "monitor:\n  start: a\n  transitions:\n    - { from: a, on: { type: Vote }, bind: { s: seq }, to: b }\n"
            + "    - { from: b, on: { type: Ack, seq: \"$s\" }, to: success }\n"
            + "```\n\nAfter the block.\n";

    private static MessageBlockEdits edits(String text) {
        return MessageBlockEdits.of(PlanParser.parse(text), "S1").orElseThrow();
    }

    private static RunSpec spec(String text) {
        Plan p = PlanParser.parse(text);
        var rb = p.scenario("S1").orElseThrow().run().orElseThrow();
        assertThat(rb.errors()).as("run block errors in\n" + text).isEmpty();
        return rb.spec();
    }

    /** Every byte before the first edit and after the last is unchanged. */
    private static void assertMinimal(String before, PlanPatch patch, String after) {
        int[] r = patch.range();
        assertThat(after).startsWith(before.substring(0, r[0]));
        assertThat(after).endsWith(before.substring(r[1]));
    }

    @Test
    void readsRowsFromBlockAndFlowItemsWithTheirLines() {
        MessageBlockEdits e = edits(PLAN);
        assertThat(e.filters()).extracting(MessageBlockEdits.Item::row).containsExactly(
                new FilterRow("slow", "p1", "type: Vote", "delay", "20ms"),
                new FilterRow("watch", "", "type: Ack", "observe", ""));
        assertThat(e.filters().get(0).startLine()).isEqualTo(14);
        assertThat(e.filters().get(0).endLine()).isEqualTo(16);
        assertThat(e.filters().get(1).coversLine(17)).isTrue();
        var m = e.monitor().orElseThrow();
        assertThat(m.start()).isEqualTo("a");
        assertThat(m.transitions()).extracting(MessageBlockEdits.Item::row).containsExactly(
                new TransitionRow("a", "type: Vote", "b", "s: seq"), new TransitionRow("b", "type: Ack, seq: $s", "success", ""));
    }

    @Test
    void editingAFilterRewritesOnlyThatItemAndReadsBackTheSame() {
        FilterRow row = new FilterRow("hold", "p1", "type: Vote, seq: $s, payload: \"a, b\"", "hold-until", "type: Ack, count: <=2");
        PlanPatch patch = edits(PLAN).setFilter(0, row);
        String after = patch.apply(PLAN);
        assertMinimal(PLAN, patch, after);
        assertThat(after).contains("  - { name: hold, if: { link: p1, type: Vote, seq: \"$s\", payload: \"a, b\" }, "
                + "then: { hold-until: { type: Ack, count: \"<=2\" } } }\n  - { name: watch");
        assertThat(edits(after).filters().get(0).row()).isEqualTo(row);
        RunSpec.MessageFilter f = spec(after).filters().get(0);
        assertThat(f.when().match()).containsExactly(java.util.Map.entry("link", "p1"), java.util.Map.entry("type", "Vote"),
                java.util.Map.entry("seq", "$s"), java.util.Map.entry("payload", "a, b"));
        assertThat(f.until().match()).containsEntry("count", "<=2");
    }

    /** Whatever a user types into a cell: the edit is refused with a reason, or the plan still parses and reads back. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"type: {", "type: [x]", "type: \"a", ": x", "type:", "type: a,, b",
            "type: a # not a comment", "type: 'a'", "type: a\nb", "type: \\", "type: a: b", "#", "type: *", "type: &x", "{ type: A }",
            "type: \"a\\\"b\"", "payload: \"[{\"", "type: \u2028"})
    void aCellTypedAnyHowIsRefusedOrReadsBack(String conditions) {
        FilterRow row = new FilterRow("f", "", conditions, "observe", "");
        PlanPatch patch;
        try {
            patch = edits(PLAN).setFilter(1, row);
        } catch (PlanEditException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        String after = patch.apply(PLAN);
        assertMinimal(PLAN, patch, after);
        var rb = PlanParser.parse(after).scenario("S1").orElseThrow().run().orElseThrow();
        // the rest of the block is as it was: only this item's problems, if any, and the filter reads back
        assertThat(rb.errors()).as(after).allSatisfy(e -> assertThat(e.span().startLine()).isEqualTo(17));
        assertThat(edits(after).filters()).as(after).hasSize(2);
        assertThat(edits(after).filters().get(1).row().name()).isEqualTo("f");
    }

    @Test
    void everyActionRoundTrips() {
        for (FilterRow row : List.of(new FilterRow("a", "", "type: X", "drop", ""), new FilterRow("b", "p1", "", "duplicate", ""),
                new FilterRow("c", "", "src: \"n*\"", "delay", "200ms"), new FilterRow("d", "", "type: X", "hold-until", "2s"),
                new FilterRow("e", "", "type: X", "deliver", ""), new FilterRow("f", "", "type: X", "observe", ""))) {
            String after = edits(PLAN).addFilter(row).apply(PLAN);
            assertThat(edits(after).filters()).last().satisfies(i -> assertThat(i.row()).isEqualTo(row.conditions().contains("n*")
                    ? new FilterRow("c", "", "src: n*", "delay", "200ms") : row));
            assertThat(spec(after).filters()).hasSize(3).last().satisfies(f -> assertThat(f.action()).isEqualTo(row.action()));
        }
        assertThatThrownBy(() -> MessageBlockEdits.flow(new FilterRow("x", "", "", "drop", "5ms"))).hasMessageContaining("takes no parameter");
    }

    @Test
    void addRemoveAndReorderFilters() {
        String added = edits(PLAN).addFilter(new FilterRow("new", "", "type: Commit", "drop", "")).apply(PLAN);
        assertThat(added).contains("  - { name: watch, if: { type: Ack }, then: observe }\n"
                + "  - { name: new, if: { type: Commit }, then: drop }\nmonitor:");
        PlanPatch move = edits(added).moveFilter(2, -1);
        String moved = move.apply(added);
        assertMinimal(added, move, moved);
        assertThat(edits(moved).filters()).extracting(i -> i.row().name()).containsExactly("slow", "new", "watch");
        String removed = edits(moved).removeFilter(0).apply(moved);
        assertThat(removed).doesNotContain("slow").contains("filters:\n  - { name: new");
        assertThat(spec(removed).filters()).extracting(RunSpec.MessageFilter::name).containsExactly("new", "watch");
        // no filters yet: the key is added at the end of the block
        String bare = PLAN.replaceAll("(?s)filters:.*?monitor:", "monitor:");
        String first = edits(bare).addFilter(new FilterRow("f", "", "type: Vote", "drop", "")).apply(bare);
        assertThat(first).contains("to: success }\nfilters:\n  - { name: f, if: { type: Vote }, then: drop }\n```");
        assertThat(spec(first).filters()).hasSize(1);
    }

    @Test
    void monitorTransitionsAndFields() {
        TransitionRow t = new TransitionRow("b", "type: Nack, seq: $s", "failure", "");
        String added = edits(PLAN).addTransition(t).apply(PLAN);
        assertThat(added).contains("to: success }\n    - { from: b, on: { type: Nack, seq: \"$s\" }, to: failure }\n```");
        assertThat(edits(added).monitor().orElseThrow().transitions()).last().satisfies(i -> assertThat(i.row()).isEqualTo(t));
        assertThat(spec(added).monitor().transitions()).hasSize(3);
        String edited = edits(added).setTransition(0, new TransitionRow("a", "type: Vote", "b", "s: seq, t: type")).apply(added);
        assertThat(spec(edited).monitor().transitions().get(0).bind()).containsEntry("t", "type");
        String bound = edits(edited).setMonitorField("bound", "4s").apply(edited);
        bound = edits(bound).setMonitorField("default", "success").apply(bound);
        bound = edits(bound).setMonitorField("failure", "lost, late").apply(bound);
        assertThat(bound).contains("  start: a\n  transitions:").contains("\n  bound: 4s").contains("\n  failure: [lost, late]");
        RunSpec.Monitor m = spec(bound.replace("to: failure }", "to: lost }")).monitor();
        assertThat(m.bound()).hasSeconds(4);
        assertThat(m.failure()).containsExactly("lost", "late");
        String started = edits(bound).setMonitorField("start", "b").apply(bound);
        assertThat(edits(started).monitor().orElseThrow().start()).isEqualTo("b");
        String cleared = edits(bound).setMonitorField("bound", "").apply(bound);
        assertThat(cleared).doesNotContain("bound:").contains("default: success");
        String fewer = edits(cleared).removeTransition(2).apply(cleared);
        assertThat(spec(fewer.replace("failure: [lost, late]", "failure: [lost]")).monitor().transitions()).hasSize(2);
    }

    @Test
    void aMonitorIsCreatedByItsFirstTransition() {
        String bare = PLAN.replaceAll("(?s)monitor:.*?```", "```");
        String after = edits(bare).addTransition(new TransitionRow("idle", "type: Vote", "success", "")).apply(bare);
        assertThat(after).contains("then: observe }\nmonitor:\n  start: idle\n  transitions:\n    - { from: idle, on: { type: Vote }, to: success }\n```");
        assertThat(spec(after).monitor().start()).isEqualTo("idle");
    }

    @Test
    void theExamplePlansMessageScenariosReadAndRewriteToThemselves() throws Exception {
        String plan = Files.readString(EXAMPLE, StandardCharsets.UTF_8);
        for (String id : List.of("S6", "S7")) {
            MessageBlockEdits e = MessageBlockEdits.of(PlanParser.parse(plan), id).orElseThrow();
            assertThat(e.filters()).isNotEmpty();
            for (int i = 0; i < e.filters().size(); i++) {
                String after = e.setFilter(i, e.filters().get(i).row()).apply(plan);
                var before = PlanParser.parse(plan).scenario(id).orElseThrow().run().orElseThrow().spec().filters().get(i);
                var again = PlanParser.parse(after).scenario(id).orElseThrow().run().orElseThrow();
                assertThat(again.errors()).isEmpty();
                assertThat(again.spec().filters().get(i).when().match()).isEqualTo(before.when().match());
                assertThat(again.spec().filters().get(i).action()).isEqualTo(before.action());
            }
            var ts = e.monitor().orElseThrow().transitions();
            for (int i = 0; i < ts.size(); i++) {
                String after = e.setTransition(i, ts.get(i).row()).apply(plan);
                var again = PlanParser.parse(after).scenario(id).orElseThrow().run().orElseThrow();
                assertThat(again.errors()).isEmpty();
                var t0 = PlanParser.parse(plan).scenario(id).orElseThrow().run().orElseThrow().spec().monitor().transitions().get(i);
                assertThat(again.spec().monitor().transitions().get(i).on().match()).isEqualTo(t0.on().match());
                assertThat(again.spec().monitor().transitions().get(i).bind()).isEqualTo(t0.bind());
            }
        }
    }
}
