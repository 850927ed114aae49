package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryReadersTest {

    @Test
    void jepsenEdnVectorConvertsValuesToJson() {
        String edn = """
                ; a txn history
                [{:process 0, :type :invoke, :f :txn, :value [[:append :x 1] [:r :x nil]], :index 0}
                 {:process 1 :type :invoke :f :read :value nil}
                 {:process 0, :type :ok, :f :txn, :value [[:append :x 1] [:r :x [1]]]}
                 {:process 1, :type :info, :f :read, :value nil, :error :timeout}]
                """;
        History h = Histories.parse(edn, "t.edn", null);
        assertThat(h.format()).isEqualTo(HistoryFormat.JEPSEN_EDN);
        assertThat(h.ops()).hasSize(2);
        Op txn = h.ops().get(0);
        assertThat(txn.opId()).isEqualTo("0");
        assertThat(txn.processId()).isEqualTo("0");
        assertThat(txn.opType()).isEqualTo("txn");
        assertThat(txn.input().toString()).isEqualTo("[[\"append\",\"x\",1],[\"r\",\"x\",null]]");
        assertThat(txn.output().toString()).isEqualTo("[[\"append\",\"x\",1],[\"r\",\"x\",[1]]]");
        assertThat(txn.invokeTs()).isEqualTo(0);
        assertThat(txn.completeTs()).isEqualTo(2);
        assertThat(txn.sourceLine()).isEqualTo(2);
        assertThat(txn.outcome()).isEqualTo(Outcome.OK);
        Op read = h.ops().get(1);
        assertThat(read.outcome()).isEqualTo(Outcome.UNKNOWN);
        assertThat(read.completeTs()).isNull();
        assertThat(read.error()).isEqualTo("timeout");
        assertThat(read.output().isNull()).isTrue();
        assertThat(read.opId()).isEqualTo("1");
    }

    @Test
    void jepsenEdnOneMapPerLineWithFailAndPendingOps() {
        String edn = """
                {:process 1, :type :invoke, :f :write, :value 3}
                {:process 2, :type :invoke, :f :cas, :value [1 2]}
                {:process 1, :type :fail, :f :write, :value 3, :error [:temporarily-unavailable nil]}
                {:process :nemesis, :type :info, :f :start, :value nil}
                {:process 1, :type :invoke, :f :read, :value nil}
                """;
        History h = Histories.parse(edn, "t.edn", null);
        assertThat(h.ops()).extracting(Op::opType).containsExactly("write", "cas", "read");
        assertThat(h.ops().get(0).outcome()).isEqualTo(Outcome.FAIL);
        assertThat(h.ops().get(0).error()).isEqualTo("[\"temporarily-unavailable\",null]");
        assertThat(h.ops().get(1).outcome()).isEqualTo(Outcome.UNKNOWN);
        assertThat(h.ops().get(1).input().toString()).isEqualTo("[1,2]");
        assertThat(h.ops().get(2).invokeTs()).isEqualTo(4);
    }

    @Test
    void jepsenEdnErrorsNameLineColumnAndExpectation() {
        // a completion no invoke opened is an op of its own (completions-only histories, as Elle writes them)
        History alone = Histories.parse("[{:process 1 :type :ok :f :read :value 1 :index 7}]", "a.edn", null);
        assertThat(alone.ops()).singleElement().satisfies(op -> {
            assertThat(op.opId()).isEqualTo("7");
            assertThat(op.outcome()).isEqualTo(Outcome.OK);
            assertThat(op.output().asInt()).isEqualTo(1);
        });
        assertThat(alone.notes()).extracting(dev.falsify.checkers.api.ReadNote::kind).containsExactly("no-invocation");
        assertThatThrownBy(() -> Histories.parse("[{:process 1 :type :ok :index 3} {:process 1 :type :ok :index 3}]", "a.edn", null))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageStartingWith("a.edn:1:34: expected a unique op id");
        assertThatThrownBy(() -> Histories.parse("""
                [{:process 1 :type :invoke :f :read}
                 {:process 1 :type :invoke :f :read}]""", "b.edn", null))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageStartingWith("b.edn:2:2: expected a completion");
        // a map never closed that swallowed the lines after it is malformed, at the map's position
        assertThatThrownBy(() -> Histories.parse("[{:process 1 :type :invoke :f :read\n  {:process 2 :type :invoke :f :read}\n", "c.edn", null))
                .isInstanceOf(HistoryFormatException.class)
                .satisfies(e -> {
                    HistoryFormatException h = (HistoryFormatException) e;
                    assertThat(h.file()).isEqualTo("c.edn");
                    assertThat(h.line()).isEqualTo(1);
                    assertThat(h.column()).isEqualTo(2);
                });
        assertThatThrownBy(() -> Histories.parse("[{:process 1 :type :invoke :f :read} 42]", "d.edn", null))
                .hasMessageStartingWith("d.edn:1:38: expected an operation map");
    }

    @Test
    void porcupineEtcdSemantics() {
        String log = String.join("\n",
                "INFO  jepsen.util - 0\t:invoke\t:cas\t[1 2]",
                "INFO  jepsen.util - 1\t:invoke\t:read\tnil",
                "INFO  jepsen.util - 0\t:fail\t:cas\t[1 2]",
                "INFO  jepsen.util - 1   :fail   :read   :timed-out",
                "INFO  jepsen.util - 2\t:invoke\t:write\t4",
                "INFO  jepsen.util - 2\t:info\t:write\t:timed-out",
                "INFO  jepsen.util - 3\t:invoke\t:read\tnil",
                "INFO  jepsen.util - 3\t:ok\t:read\t4",
                "");
        History h = Histories.parse(log, "e.log", null);
        assertThat(h.format()).isEqualTo(HistoryFormat.PORCUPINE_ETCD);
        assertThat(h.ops()).hasSize(4);
        Op cas = h.ops().get(0);
        assertThat(cas.outcome()).isEqualTo(Outcome.OK);
        assertThat(cas.output().booleanValue()).isFalse();
        assertThat(h.ops().get(1).outcome()).isEqualTo(Outcome.UNKNOWN);
        assertThat(h.ops().get(2).outcome()).isEqualTo(Outcome.UNKNOWN);
        assertThat(h.ops().get(2).input().asInt()).isEqualTo(4);
        assertThat(h.ops().get(3).output().asInt()).isEqualTo(4);
        assertThatThrownBy(() -> Histories.parse("INFO  jepsen.util - x\t:invoke\t:read\tnil\n", "f.log", HistoryFormat.PORCUPINE_ETCD))
                .hasMessage("f.log:1:21: expected a process number, found 'x'");
    }

    @Test
    void readsEveryCorpusFileAndDetectsItsFormat() throws IOException {
        assertFormat("porcupine/etcd", HistoryFormat.PORCUPINE_ETCD, 103);
        assertFormat("porcupine/kv", HistoryFormat.PORCUPINE_KV, 6);
        assertFormat("knossos", HistoryFormat.JEPSEN_EDN, 59);
        assertFormat("elle", HistoryFormat.JEPSEN_EDN, 3);
        History etcd0 = Histories.readAll(CorpusPaths.of("porcupine/etcd/etcd_000.log"), null);
        assertThat(etcd0.ops()).isNotEmpty();
        History empty = Histories.readAll(CorpusPaths.of("porcupine/etcd/etcd_095.log"), null);
        assertThat(empty.ops()).isEmpty();
        History kv = Histories.readAll(CorpusPaths.of("porcupine/kv/c01-ok.txt"), null);
        assertThat(kv.ops()).hasSize(58);
        assertThat(kv.ops()).allSatisfy(op -> assertThat(op.key()).isNotNull());
    }

    private static void assertFormat(String dir, HistoryFormat expected, int files) throws IOException {
        List<Path> paths;
        try (Stream<Path> s = Files.walk(CorpusPaths.of(dir))) {
            paths = s.filter(Files::isRegularFile).sorted().toList();
        }
        assertThat(paths).hasSize(files);
        for (Path p : paths) {
            History h = Histories.readAll(p, null);
            if (Files.size(p) > 0) assertThat(h.format()).as(p.toString()).isEqualTo(expected);
        }
    }

    @Test
    void jsonlRoundTripsThroughTheWriter(@TempDir Path dir) throws IOException {
        String jsonl = """
                {"op_id":1,"process_id":"c1","invoke_ts":10,"complete_ts":20,"op_type":"write","key":"x","input":3,"output":null,"error":null,"timeout_marker":false,"node_seen":"n1","fault_epoch":null}
                {"op_id":"b","process_id":2,"invoke_ts":15,"complete_ts":null,"op_type":"txn","key":null,"input":[["append","x",1]],"output":null,"error":null,"timeout_marker":true,"node_seen":null,"fault_epoch":"f1"}
                """;
        History h = Histories.parse(jsonl, "h.jsonl", null);
        assertThat(h.format()).isEqualTo(HistoryFormat.JSONL);
        assertThat(h.ops()).hasSize(2);
        assertThat(h.ops().get(0).opId()).isEqualTo("1");
        assertThat(h.ops().get(1).processId()).isEqualTo("2");
        assertThat(h.ops().get(1).outcome()).isEqualTo(Outcome.UNKNOWN);
        StringWriter sw = new StringWriter();
        try (JsonlHistoryWriter w = new JsonlHistoryWriter(sw)) {
            for (Op op : h.ops()) w.write(op);
        }
        assertThat(sw.toString()).isEqualTo(jsonl);
        Path file = dir.resolve("out.jsonl");
        JsonlHistoryWriter.writeAtomically(file, h.ops());
        assertThat(Histories.readAll(file, HistoryFormat.JSONL).ops()).isEqualTo(h.ops());
    }

    @Test
    void jsonlBadInputNamesLineAndColumn() {
        assertThatThrownBy(() -> Histories.parse("{\"op_id\":1,\"invoke_ts\":\"soon\"}\n", "h.jsonl", null))
                .hasMessage("h.jsonl:1:24: expected invoke_ts as an integer timestamp (ns), a number or an ISO-8601 instant, found \"soon\"");
        assertThatThrownBy(() -> Histories.parse("{\"op_id\":1,\"invoke_ts\":1}\n\n{\"op_id\":1,\"invoke_ts\":2}\n", "h.jsonl", null))
                .hasMessage("h.jsonl:3:10: expected a unique op_id (the same op_id twice is a recorder bug), found op_id 1 again");
        assertThatThrownBy(() -> Histories.parse("{\"op_id\":1,\"invoke_ts\":1}\n{\"op_id\":2,\n{\"op_id\":3,\"invoke_ts\":3}\n", "h.jsonl", null))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageStartingWith("h.jsonl:3:1: expected valid JSON");
        assertThatThrownBy(() -> Histories.parse("{\"op_id\":1}\n", "h.jsonl", null))
                .hasMessage("h.jsonl:1:1: expected an \"invoke_ts\" field (integer nanoseconds), found none");
    }

    @Test
    void unknownContentIsRejectedWithPosition() {
        assertThatThrownBy(() -> Histories.parse("; comment\nhello world\n", "x.txt", null))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageStartingWith("x.txt:2:1: expected a history in one of the formats");
    }

    @Test
    void ednParserHandlesTheLanguage() {
        var v = new EdnParser(new java.io.StringReader(
                "{:a #{1 2} \"k\" \\c :t #inst \"2020-01-01\" :n 12N :d 1.5 :r 1/2 :s sym #_ :gone :z (true nil)}"), "x")
                .readValue();
        assertThat(v.toString()).isEqualTo(
                "{\"a\":[1,2],\"k\":\"c\",\"t\":\"2020-01-01\",\"n\":12,\"d\":1.5,\"r\":0.5,\"s\":\"sym\",\"z\":[true,null]}");
    }
}
