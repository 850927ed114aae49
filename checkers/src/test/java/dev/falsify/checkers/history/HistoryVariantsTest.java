package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.checkers.api.ReadNote;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Histories in the shapes real recorders and agents write (fixtures under {@code variants/}): each is
 * read, not rejected, and what the reader tolerated or found missing is said in its notes.
 */
class HistoryVariantsTest {

    static Path variant(String name) {
        try {
            return Path.of(HistoryVariantsTest.class.getResource("variants/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static History read(String name) throws IOException {
        return Histories.readAll(variant(name), null);
    }

    private static List<String> kinds(History h) {
        return h.notes().stream().map(ReadNote::kind).toList();
    }

    @Test
    void prettyPrintedJsonArrayWithCommentsAndTrailingCommaIsJsonl() throws IOException {
        History h = read("pretty-array.json");
        assertThat(h.format()).isEqualTo(HistoryFormat.JSONL);
        assertThat(h.ops()).extracting(Op::opId).containsExactly("w1", "r1");
        assertThat(h.ops().get(0).input().get("tags").toString()).isEqualTo("[\"x\",\"y\"]");
        assertThat(h.ops().get(1).sourceLine()).isEqualTo(18);
        assertThat(h.notes()).isEmpty();
    }

    @Test
    void bomCrlfStringNumbersAndLooseBooleansAreReadWithNotes() throws IOException {
        History h = read("crlf-bom-strings.jsonl");
        assertThat(h.ops()).hasSize(3);
        Op first = h.ops().get(0);
        assertThat(first.invokeTs()).isEqualTo(1000);
        assertThat(first.completeTs()).isEqualTo(2000);
        assertThat(first.opType()).isEqualTo("write");
        assertThat(first.outcome()).isEqualTo(Outcome.OK); // "error": "" is no error
        assertThat(h.ops().get(1).outcome()).isEqualTo(Outcome.UNKNOWN); // "timeout_marker": "true"
        assertThat(h.ops().get(1).sourceLine()).isEqualTo(3);
        assertThat(h.ops().get(2).opType()).isEqualTo("read");
        assertThat(h.ops().get(2).outcome()).isEqualTo(Outcome.OK); // "error": false
        assertThat(kinds(h)).contains("timestamps-as-text", "empty-error", "boolean-as-text", "boolean-error");
        assertThat(h.notes()).noneMatch(ReadNote::weakens);
    }

    @Test
    void jepsenTypeFieldOnARowSetsTheOutcome() throws IOException {
        History h = read("outcome-type-field.jsonl");
        assertThat(h.ops()).extracting(Op::outcome)
                .containsExactly(Outcome.OK, Outcome.FAIL, Outcome.UNKNOWN, Outcome.OK);
    }

    @Test
    void jsonEventsArePairedByOpIdOrProcess() throws IOException {
        History h = read("events.jsonl");
        assertThat(h.format()).isEqualTo(HistoryFormat.JSONL);
        assertThat(h.ops()).extracting(Op::opType).containsExactly("write", "read", "read", "write");
        Op write = h.ops().get(0);
        assertThat(write.opId()).isEqualTo("a");
        assertThat(write.processId()).isEqualTo("0");
        assertThat(write.input().asInt()).isEqualTo(1);
        assertThat(write.invokeTs()).isEqualTo(0);
        assertThat(write.completeTs()).isEqualTo(2);
        assertThat(h.ops().get(2).processId()).isEqualTo("2");
        Op open = h.ops().get(3);
        assertThat(open.opId()).isEqualTo("c");
        assertThat(open.outcome()).isEqualTo(Outcome.UNKNOWN);
        assertThat(kinds(h)).containsExactly("never-completed");
    }

    @Test
    void mixingEventsAndRowsIsBadInput() {
        String text = "{\"op_id\":1,\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"read\"}\n"
                + "{\"type\":\"invoke\",\"process\":0,\"f\":\"read\"}\n";
        assertThatThrownBy(() -> Histories.parse(text, "m.jsonl", null))
                .hasMessage("m.jsonl:2:1: expected a row per operation like line 1 (with invoke_ts), found an event (type invoke)");
    }

    @Test
    void aRepeatedOpIdOnInvokesIsBadInputInEveryFormat() {
        assertThatThrownBy(() -> Histories.parse("{:index 1 :process 0 :type :invoke :f :read}\n"
                + "{:index 2 :process 0 :type :ok :f :read :value nil}\n"
                + "{:index 1 :process 1 :type :invoke :f :read}\n", "d.edn", null))
                .hasMessage("d.edn:3:1: expected a unique op id (:index / op_id; the same id on two invokes is a recorder bug), found id 1 again");
        assertThatThrownBy(() -> Histories.parse("{\"type\":\"invoke\",\"op_id\":\"a\",\"process\":0,\"f\":\"read\"}\n"
                + "{\"type\":\"ok\",\"op_id\":\"a\",\"value\":null}\n"
                + "{\"type\":\"invoke\",\"op_id\":\"a\",\"process\":1,\"f\":\"read\"}\n", "d.jsonl", null))
                .hasMessageStartingWith("d.jsonl:3:1: expected a unique op id");
    }

    @Test
    void canonicalRowsWrittenOncePerEventArePaired() {
        History h = Histories.parse(
                "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":5,\"complete_ts\":null,\"op_type\":\"write\",\"input\":3,\"type\":\"invoke\"}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":6,\"complete_ts\":null,\"op_type\":\"read\",\"type\":\"invoke\"}\n"
                + "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":5,\"complete_ts\":9,\"op_type\":\"write\",\"input\":3,\"type\":\"ok\"}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":6,\"complete_ts\":11,\"op_type\":\"read\",\"output\":3,\"type\":\"ok\"}\n",
                "r.jsonl", null);
        assertThat(h.ops()).extracting(Op::opId).containsExactly("1", "2");
        assertThat(h.ops().get(0).input().asInt()).isEqualTo(3);
        assertThat(h.ops().get(1).output().asInt()).isEqualTo(3);
        assertThat(h.ops().get(1).outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void aTypeFieldNamingTheOperationIsTheOpType() {
        History h = Histories.parse("{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"type\":\"Write\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"read\",\"type\":\"invoke\",\"output\":1}\n",
                "t.jsonl", null);
        assertThat(h.ops()).extracting(Op::opType).containsExactly("write", "read");
        assertThat(h.ops()).extracting(Op::outcome).containsExactly(Outcome.OK, Outcome.OK); // a completed row, whatever "invoke" says
        assertThat(kinds(h)).containsExactly("op-type-from-type");
    }

    @Test
    void aJsonArrayNeverClosedIsTruncatedAfterItsLastCompleteOp() {
        History h = Histories.parse("[\n{\"op_id\":1,\"process_id\":0,\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"read\"},\n", "a.json", null);
        assertThat(h.ops()).hasSize(1);
        assertThat(h.notes()).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo("truncated-record");
            assertThat(n.detail()).startsWith("the input ends before the ']' that closes the history");
        });
    }

    @Test
    void inAFileOfRowsARowMarkedInvokeIsARowNeverCompleted() {
        History h = Histories.parse("{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"write\",\"input\":1,\"type\":\"ok\"}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":null,\"op_type\":\"read\",\"type\":\"invoke\"}\n",
                "r.jsonl", null);
        assertThat(h.ops()).extracting(Op::opId).containsExactly("1", "2");
        assertThat(h.ops().get(1).completeTs()).isNull();
        assertThat(h.ops().get(1).timeoutMarker()).isFalse(); // left for weakness detection: missing-completion
    }

    @Test
    void fractionalSecondsKeepTheirOrder() throws IOException {
        History h = read("float-seconds-stale-read.jsonl");
        Op write = h.ops().get(0);
        Op read = h.ops().get(1);
        assertThat(write.invokeTs()).isLessThan(write.completeTs());
        assertThat(write.completeTs()).isLessThan(read.invokeTs());
        assertThat(kinds(h)).containsExactly("fractional-timestamps");
    }

    @Test
    void isoInstantsAreEpochNanoseconds() throws IOException {
        History h = read("iso-times-stale-read.jsonl");
        assertThat(h.ops().get(0).invokeTs()).isEqualTo(1_714_557_600_100_000_000L);
        assertThat(h.ops().get(1).completeTs()).isEqualTo(1_714_557_600_400_000_000L);
    }

    @Test
    void aRecordCutOffAtTheEndIsATruncatedHistoryNotAnError() throws IOException {
        for (String name : List.of("truncated.jsonl", "truncated-line.edn", "truncated-vector.edn", "truncated.log")) {
            History h = read(name);
            assertThat(h.ops()).as(name).hasSizeGreaterThanOrEqualTo(2);
            assertThat(h.notes()).as(name).anySatisfy(n -> {
                assertThat(n.kind()).isEqualTo("truncated-record");
                assertThat(n.weakens()).isTrue();
            });
        }
        assertThat(read("truncated.jsonl").notes().get(0).line()).isEqualTo(3);
    }

    @Test
    void malformedInTheMiddleIsStillAnError() {
        // an EDN string never closed runs over line breaks to the end: not a truncation
        assertThatThrownBy(() -> Histories.parse("[{:process 0 :type :invoke :f :write :value \"abc}\n]\n", "s.edn", null))
                .hasMessage("s.edn:1:45: expected a closing '\"' for the string opened here, found end of input");
        // the etcd log's cut-off line is only tolerated at the very end, without a line break
        assertThatThrownBy(() -> Histories.parse("INFO  jepsen.util - 1\t:invoke\t:cas\t[1 \nINFO  jepsen.util - 1\t:ok\t:cas\t[1 2]\n",
                "t.log", null))
                .hasMessageStartingWith("t.log:1:");
    }

    @Test
    void deeplyNestedValuesAreBadInputNotAStackOverflow() {
        String deep = "[{:process 0 :type :invoke :f :write :value " + "[".repeat(50_000) + "]".repeat(50_000) + "}]";
        assertThatThrownBy(() -> Histories.parse(deep, "d.edn", null))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageStartingWith("d.edn:1:1044: expected values nested at most 1000 deep");
    }

    @Test
    void aFileWithNoOpLineIsNotAJepsenLog() {
        String jsonl = "{\"op_id\":1,\"invoke_ts\":1}\n{\"op_id\":2,\"invoke_ts\":2}\n";
        assertThatThrownBy(() -> Histories.parse(jsonl, "j.jsonl", HistoryFormat.PORCUPINE_ETCD))
                .hasMessageStartingWith("j.jsonl:1:1: expected 'INFO  jepsen.util - <process> :<type> :<f> <value>' lines"
                        + " (no line of this file is an operation)");
    }

    @Test
    void jepsenLogWithTimestampsOtherLoggersAndNemesisLines() throws IOException {
        History h = read("jepsen-log-stale-read.log");
        assertThat(h.format()).isEqualTo(HistoryFormat.PORCUPINE_ETCD);
        assertThat(h.ops()).extracting(Op::opType).containsExactly("write", "read");
        assertThat(h.ops().get(1).output().asInt()).isZero();
        assertThat(h.notes()).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo("skipped-lines");
            assertThat(n.line()).isEqualTo(1);
            assertThat(n.weakens()).isFalse();
        });
    }

    @Test
    void detectionLooksInsideBrackets() {
        assertThat(FormatDetector.detect("[\n  {\"op_id\": 1}\n]", "a")).isEqualTo(HistoryFormat.JSONL);
        assertThat(FormatDetector.detect("{\n  \"op_id\": 1\n}", "a")).isEqualTo(HistoryFormat.JSONL);
        assertThat(FormatDetector.detect("// recorder v2\n{\"op_id\": 1}", "a")).isEqualTo(HistoryFormat.JSONL);
        assertThat(FormatDetector.detect("[{\"process\" 0 \"type\" \"invoke\"}]", "a")).isEqualTo(HistoryFormat.JEPSEN_EDN);
        assertThat(FormatDetector.detect("[{:process 0 :type :invoke}]", "a")).isEqualTo(HistoryFormat.JEPSEN_EDN);
        assertThat(FormatDetector.detect("INFO  jepsen.core - starting\nINFO  jepsen.util - 0\t:invoke\t:read\tnil", "a"))
                .isEqualTo(HistoryFormat.PORCUPINE_ETCD);
        assertThat(FormatDetector.detect("INFO  jepsen.util - :nemesis\t:info\t:start\tnil", "a"))
                .isEqualTo(HistoryFormat.PORCUPINE_ETCD);
        assertThatThrownBy(() -> FormatDetector.detect("INFO  jepsen.core - starting\nINFO  jepsen.core - done\n", "l.log"))
                .hasMessageStartingWith("l.log:1:1: expected a history");
    }
}
