package dev.falsify.runner.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Each filter action on the recorded raft-votes stream, end to end through a loopback proxy (port 0). */
@Timeout(60)
class MessageFiltersTest {
    static final String TAP = "messages:\n  - proxy: p1\n    framing: newline\n"
            + "    fields: { type: \"$.type\", src: \"$.from\", dst: \"$.to\", index: \"$.index\" }\n";

    @TempDir
    Path dir;

    private static List<String> types(List<String> lines) {
        return lines.stream().map(MessageRig::type).toList();
    }

    private static List<MessageEvent> of(List<MessageEvent> events, MessageEventKind kind) {
        return events.stream().filter(e -> e.kind() == kind).toList();
    }

    @Test
    void dropRemovesWholeMessagesAndCountsThem() throws Exception {
        List<String> stream = MessageRig.recorded("raft-votes.jsonl");
        try (MessageRig rig = new MessageRig(TAP + "filters:\n  - name: no-votes\n    if: { type: RequestVote }\n    then: drop\n", 1, dir)) {
            rig.sendLines(stream);
            List<String> got = rig.receivedLines(stream.size() - 2);
            assertThat(types(got)).doesNotContain("RequestVote").startsWith("Vote").endsWith("Commit");
            MessageEngine.Outcome o = rig.finish();
            assertThat(o.messages()).isEqualTo(stream.size());
            assertThat(o.filters()).singleElement().satisfies(f -> {
                assertThat(f.acted()).isEqualTo(2);
                assertThat(f.directions()).containsExactly("p1 upstream");
                assertThat(f.asymmetric()).as("acted on one direction of p1 only").isTrue();
            });
            List<MessageEvent> ev = rig.events();
            assertThat(of(ev, MessageEventKind.SEND)).hasSize(stream.size());
            assertThat(of(ev, MessageEventKind.DROP)).hasSize(2).allSatisfy(e -> {
                assertThat(e.filter()).isEqualTo("no-votes");
                assertThat(e.type()).isEqualTo("RequestVote");
                assertThat(e.src()).isEqualTo("n2");
                assertThat(e.payload()).contains("\"term\":1");
            });
            assertThat(of(ev, MessageEventKind.DELIVER)).hasSize(stream.size() - 2).allSatisfy(e -> assertThat(e.filter()).isEmpty());
            assertThat(ev.get(0).fields()).doesNotContainKey("type");
            assertThat(ev.stream().filter(e -> e.type().equals("Ack")).findFirst().orElseThrow().fields()).containsEntry("index", "1");
        }
    }

    @Test
    void aFilterIsAsymmetricWhenItChangedDeliveryInOneDirectionOfEachLinkOnly() {
        assertThat(new MessageEngine.FilterCount("hold", "hold-until", 4, List.of("p12 downstream", "p13 downstream")).asymmetric())
                .isTrue();
        assertThat(new MessageEngine.FilterCount("both", "drop", 4, List.of("p12 downstream", "p12 upstream")).asymmetric())
                .as("both directions of p12: symmetric").isFalse();
        assertThat(new MessageEngine.FilterCount("watch", "observe", 4, List.of("p12 upstream")).asymmetric())
                .as("observing changes nothing, so it is no fault variant").isFalse();
        assertThat(new MessageEngine.FilterCount("never", "drop", 0, List.of()).asymmetric()).isFalse();
    }

    @Test
    void delayHoldsOneMessageBackWhileLaterOnesPass() throws Exception {
        try (MessageRig rig = new MessageRig(TAP + "filters:\n  - { name: slow-vote, if: { type: Vote }, then: { delay: 300ms } }\n", 1, dir)) {
            rig.sendLines(List.of("{\"type\":\"Vote\",\"from\":\"n1\",\"to\":\"n2\"}", "{\"type\":\"Ack\",\"from\":\"n1\",\"to\":\"n2\"}"));
            assertThat(types(rig.receivedLines(2))).containsExactly("Ack", "Vote");
            rig.finish();
            List<MessageEvent> ev = rig.events();
            MessageEvent delay = of(ev, MessageEventKind.DELAY).get(0);
            assertThat(delay.delayMs()).isEqualTo(300);
            MessageEvent delivered = of(ev, MessageEventKind.DELIVER).stream().filter(e -> e.type().equals("Vote")).findFirst().orElseThrow();
            assertThat(delivered.timeMicros() - delay.timeMicros()).isGreaterThanOrEqualTo(300_000);
            assertThat(delivered.message()).isEqualTo(delay.message());
            assertThat(delivered.filter()).isEqualTo("slow-vote");
        }
    }

    @Test
    void duplicateDeliversTwiceAndObserveOnlyCounts() throws Exception {
        List<String> stream = MessageRig.recorded("raft-votes.jsonl");
        String filters = "filters:\n  - { name: twice, if: { type: Ack }, then: duplicate }\n"
                + "  - { name: watch-appends, if: { type: AppendEntries, dst: n1 }, then: observe }\n"
                + "  - { name: never, if: { type: Snapshot }, then: drop }\n";
        try (MessageRig rig = new MessageRig(TAP + filters, 1, dir)) {
            rig.sendLines(stream);
            List<String> got = rig.receivedLines(stream.size() + 2);
            assertThat(types(got).stream().filter("Ack"::equals).count()).isEqualTo(4);
            assertThat(types(got)).endsWith("Commit");
            MessageEngine.Outcome o = rig.finish();
            assertThat(o.filters()).extracting(MessageEngine.FilterCount::acted).containsExactly(2L, 2L, 0L);
            List<MessageEvent> ev = rig.events();
            assertThat(of(ev, MessageEventKind.DUPLICATE)).hasSize(2);
            assertThat(of(ev, MessageEventKind.DELIVER).stream().filter(e -> e.filter().equals("watch-appends")).count()).isEqualTo(2);
        }
    }

    @Test
    void sourceDestinationFieldPayloadAndTimeWindowEachSelectTheirMessages() throws Exception {
        List<String> stream = MessageRig.recorded("raft-votes.jsonl");
        String filters = "filters:\n"
                + "  - { name: late, if: { type: AppendEntries, after: 1h }, then: drop }\n"      // the window has not opened
                + "  - { name: by-src, if: { src: n3 }, then: drop }\n"
                + "  - { name: by-dst, if: { dst: n3, type: RequestVote, before: 1h }, then: drop }\n"
                + "  - { name: by-field, if: { type: AppendEntries, index: \"2\" }, then: drop }\n"
                + "  - { name: by-payload, if: { payload: \"\\\"granted\\\":true\" }, then: drop }\n"
                + "  - { name: pass-commit, if: { type: Commit }, then: deliver }\n";
        try (MessageRig rig = new MessageRig(TAP + filters, 1, dir)) {
            rig.sendLines(stream);
            List<String> got = rig.receivedLines(stream.size() - 4);
            assertThat(got).extracting(l -> MessageRig.type(l) + " " + l.replaceAll(".*\"from\":\"(n\\d)\",\"to\":\"(n\\d)\".*", "$1>$2"))
                    .containsExactly("RequestVote n2>n1", "AppendEntries n2>n1", "AppendEntries n2>n3", "Ack n1>n2", "Commit n2>n1");
            MessageEngine.Outcome o = rig.finish();
            assertThat(o.filters()).extracting(f -> f.name() + "=" + f.acted())
                    .containsExactly("late=0", "by-src=1", "by-dst=1", "by-field=1", "by-payload=1", "pass-commit=1");
            List<MessageEvent> ev = rig.events();
            assertThat(of(ev, MessageEventKind.DROP)).extracting(e -> e.filter() + ":" + e.type())
                    .containsExactlyInAnyOrder("by-src:Ack", "by-dst:RequestVote", "by-field:AppendEntries", "by-payload:Vote");
            // a deliver filter labels what it let through
            assertThat(of(ev, MessageEventKind.DELIVER)).filteredOn(e -> e.type().equals("Commit")).singleElement()
                    .satisfies(e -> assertThat(e.filter()).isEqualTo("pass-commit"));
        }
    }

    @Test
    void countAndMonitorStateNarrowAFilter() throws Exception {
        String yaml = TAP + "filters:\n  - { name: first-two-appends, if: { type: AppendEntries, count: \"<=2\" }, then: drop }\n"
                + "  - { name: after-commit, if: { state: committed, type: Ack }, then: drop }\n"
                + "monitor:\n  start: open\n  transitions:\n    - { from: open, on: { type: Commit, event: send }, to: committed }\n"
                + "    - { from: committed, on: { type: Done }, to: success }\n";
        try (MessageRig rig = new MessageRig(yaml, 1, dir)) {
            rig.sendLines(MessageRig.recorded("raft-votes.jsonl"));
            rig.sendLines(List.of("{\"type\":\"Ack\",\"from\":\"n9\"}", "{\"type\":\"Done\"}"));
            List<String> got = rig.receivedLines(8);
            // the third AppendEntries passes; the Ack after the Commit is dropped, the two before it are not
            assertThat(types(got)).containsExactly("RequestVote", "RequestVote", "Vote", "Ack", "AppendEntries", "Ack", "Commit", "Done");
            MessageEngine.Outcome o = rig.finish();
            assertThat(o.filters()).extracting(MessageEngine.FilterCount::acted).containsExactly(2L, 1L);
            assertThat(o.monitorOutcome()).isEqualTo("success");
        }
    }

    @Test
    void heldMessagesGoOutWhenTheConditionHoldsInAnOrderTheSeedChooses() throws Exception {
        String yaml = TAP + "filters:\n  - name: hold-votes\n    if: { type: Vote }\n    then: { hold-until: { type: Go } }\n";
        List<String> votes = new ArrayList<>();
        for (int i = 0; i < 8; i++) votes.add("{\"type\":\"Vote\",\"from\":\"n" + i + "\",\"to\":\"n0\"}");
        Set<List<String>> orders = new HashSet<>();
        for (long seed : new long[]{1, 2, 3, 1}) {
            Path d = dir.resolve("seed" + seed + "-" + orders.size());
            java.nio.file.Files.createDirectories(d);
            try (MessageRig rig = new MessageRig(yaml, seed, d)) {
                rig.sendLines(votes);
                rig.sendLines(List.of("{\"type\":\"Go\"}"));
                List<String> got = rig.receivedLines(9);
                assertThat(types(got).get(0)).as("Go overtakes the held votes").isEqualTo("Go");
                List<String> order = got.subList(1, 9).stream().map(l -> l.replaceAll(".*\"from\":\"(n\\d)\".*", "$1")).toList();
                assertThat(order).containsExactlyInAnyOrder("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7");
                List<MessageEvent> ev = rigEvents(rig);
                assertThat(of(ev, MessageEventKind.HOLD)).hasSize(8);
                assertThat(of(ev, MessageEventKind.RELEASE)).hasSize(8).allSatisfy(e -> assertThat(e.filter()).isEqualTo("hold-votes"));
                if (seed == 1 && !orders.isEmpty()) {
                    assertThat(orders).as("seed 1 again releases in the same order").contains(order);
                }
                orders.add(order);
            }
        }
        assertThat(orders).as("different seeds, different release orders").hasSizeGreaterThan(1);
    }

    private static List<MessageEvent> rigEvents(MessageRig rig) throws Exception {
        rig.finish();
        return rig.events();
    }

    @Test
    void messagesStillHeldOrDelayedWhenTheRunEndsAreRecordedAsDropped() throws Exception {
        String yaml = TAP + "filters:\n  - { name: forever, if: { type: Vote }, then: { hold-until: { type: Never } } }\n"
                + "  - { name: slow, if: { type: Append }, then: { delay: 60s } }\n";
        try (MessageRig rig = new MessageRig(yaml, 1, dir)) {
            rig.sendLines(List.of("{\"type\":\"Vote\"}", "{\"type\":\"Append\"}", "{\"type\":\"Ack\"}"));
            assertThat(types(rig.receivedLines(1))).containsExactly("Ack");
            rig.finish();
            List<MessageEvent> ev = rig.events();
            // every message's story ends in the log: the Vote held and the Append delayed were never delivered
            assertThat(of(ev, MessageEventKind.DROP)).extracting(e -> e.type() + " " + e.filter() + ": " + e.note())
                    .containsExactly("Vote forever: still held when the run ended", "Append slow: still delayed when the run ended");
            assertThat(of(ev, MessageEventKind.DELIVER)).extracting(MessageEvent::type).containsExactly("Ack");
        }
    }

    @Test
    void lengthPrefixedAndRegexFramingsWithNamedGroups() throws Exception {
        String lp = "messages:\n  - { proxy: p1, framing: length-prefixed-4, fields: { type: \"^(\\\\w+)\" }, nodes: { client: a, upstream: b } }\n"
                + "filters:\n  - { name: no-ping, if: { type: PING }, then: drop }\n";
        try (MessageRig rig = new MessageRig(lp, 1, dir, false)) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            for (String m : List.of("PING 1", "DATA hello", "PING 2", "DATA bye")) {
                byte[] b = m.getBytes(StandardCharsets.UTF_8);
                out.write(new byte[]{0, 0, 0, (byte) b.length});
                out.write(b);
            }
            rig.send(out.toByteArray());
            assertThat(rig.receivedUntil("bye", StandardCharsets.ISO_8859_1)).isEqualTo("\0\0\0\nDATA hello\0\0\0\bDATA bye");
            rig.finish();
            assertThat(rig.events()).filteredOn(e -> e.kind() == MessageEventKind.SEND)
                    .extracting(MessageEvent::type).containsExactly("PING", "DATA", "PING", "DATA");
            assertThat(rig.events()).allSatisfy(e -> assertThat(e.src() + ">" + e.dst()).isEqualTo("a>b"));
        }
        Path d2 = dir.resolve("regex");
        java.nio.file.Files.createDirectories(d2);
        String rx = "messages:\n  - { proxy: p1, framing: \"regex:[^;]*;\", fields: { type: \"(?<type>[a-z]+)@\", src: \"@(?<src>\\\\w+)\" } }\n"
                + "filters:\n  - { name: no-b, if: { src: b* }, then: drop }\n";
        assertThat(through(rx, d2, "vote@alice;vote@bob;ack@carol;", "vote@alice;ack@carol;"))
                .filteredOn(e -> e.kind() == MessageEventKind.DROP).singleElement()
                .satisfies(e -> assertThat(e.type() + "/" + e.src()).isEqualTo("vote/bob"));
    }

    /** Sends raw text through a rig of {@code yaml}, checks upstream got {@code expected}, and returns the run's events. */
    private static List<MessageEvent> through(String yaml, Path d, String send, String expected) throws Exception {
        try (MessageRig rig = new MessageRig(yaml, 1, d, false)) {
            rig.send(send.getBytes(StandardCharsets.UTF_8));
            String tail = expected.substring(Math.max(0, expected.length() - 5));
            assertThat(rig.receivedUntil(tail, StandardCharsets.UTF_8)).isEqualTo(expected);
            rig.finish();
            return rig.events();
        }
    }

    @Test
    void bytesNoRegexMessageCanStartAtFlowOnUnframedInsteadOfStalling() throws Exception {
        String rx = "messages:\n  - { proxy: p1, framing: \"regex:\\\\{[^}]*\\\\}\", fields: { type: \"t=(\\\\w+)\" } }\n"
                + "filters:\n  - { name: no-b, if: { type: B }, then: drop }\n";
        assertThat(through(rx, dir, "hello {t=A}{t=B}{t=C}", "hello {t=A}{t=C}")).filteredOn(e -> e.kind() == MessageEventKind.SEND)
                .extracting(MessageEvent::payload).containsExactly("hello ", "{t=A}", "{t=B}", "{t=C}");
    }

    @Test
    void theLogReadsBackAsWritten() throws Exception {
        try (MessageRig rig = new MessageRig(TAP, 1, dir)) {
            rig.sendLines(List.of("{\"type\":\"A\\n\\u001b[31m\",\"from\":\"x\"}"));
            rig.receivedLines(1);
            rig.finish();
            List<MessageEvent> ev = rig.events();
            assertThat(ev).extracting(MessageEvent::seq).containsExactly(0L, 1L);
            assertThat(ev.stream().map(MessageEvent::kind).map(MessageEventKind::id).collect(Collectors.joining(","))).isEqualTo("send,deliver");
            assertThat(ev.get(0).type()).isEqualTo("A\n\u001b[31m");
            assertThat(ev.get(0).payload()).doesNotContain("\u001b").contains("\\u001b");
        }
    }
}
