package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CheckCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Run(int exit, String out, String err) {
        List<JsonNode> jsonLines() throws IOException {
            List<JsonNode> lines = new ArrayList<>();
            for (String l : out.split("\n")) if (!l.isBlank()) lines.add(JSON.readTree(l));
            return lines;
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = FalsifyCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    static Path corpus(String relative) {
        String shared = System.getProperty("falsify.shared");
        return (shared != null ? Path.of(shared) : Path.of("../../shared")).resolve("corpora").resolve(relative);
    }

    @Test
    void validHistoryExitsZeroWithEvidence() {
        Run r = run("check", corpus("porcupine/etcd/etcd_002.log").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("etcd_002.log: LINEARIZABLE — checker linearizability, model cas-register (porcupine-etcd), 77 ops, ")
                .contains("ms: linearizable: 77 ops, 1 partition, ");
    }

    @Test
    void violationExitsOneWithCounterexample() throws IOException {
        Run r = run("check", "--json", corpus("porcupine/etcd/etcd_000.log").toString());
        assertThat(r.exit()).isEqualTo(1);
        JsonNode line = r.jsonLines().get(0);
        assertThat(line.get("valid").asBoolean()).isFalse();
        assertThat(line.get("checker").asText()).isEqualTo("linearizability");
        assertThat(line.get("model").asText()).isEqualTo("cas-register");
        assertThat(line.get("evidence").get("ops").asLong()).isEqualTo(85);
        assertThat(line.get("evidence").has("statesExplored")).isTrue();
        JsonNode prefix = line.get("counterexample").get("partitions").get(0).get("prefixes").get(0);
        assertThat(prefix.get("linearized").size()).isEqualTo(prefix.get("length").asInt());
        assertThat(prefix.get("couldNotPlace").size()).isPositive();
        Run again = run("check", "--json", corpus("porcupine/etcd/etcd_000.log").toString());
        assertThat(again.jsonLines().get(0).get("counterexample")).isEqualTo(line.get("counterexample"));
    }

    @Test
    void severalInputsGiveOneLineEachAndTheWorstExitCode(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("broken.jsonl");
        Files.writeString(bad, "{\"op_id\":1,\"process_id\":1,\"invoke_ts\":\"x\"}\n");
        Run r = run("check", "--json", corpus("porcupine/kv").toString(), bad.toString());
        assertThat(r.exit()).isEqualTo(2);
        List<JsonNode> lines = r.jsonLines();
        assertThat(lines).hasSize(7);
        assertThat(lines.get(0).get("file").asText()).endsWith("c01-bad.txt");
        assertThat(lines.get(0).get("valid").asBoolean()).isFalse();
        assertThat(lines.get(1).get("valid").asBoolean()).isTrue();
        assertThat(lines.get(6).get("error").asText())
                .isEqualTo(bad + ":1:39: expected invoke_ts as an integer timestamp (ns), a number or an ISO-8601 instant, found \"x\"");
        assertThat(r.err()).contains(bad + ":1:39: expected invoke_ts").doesNotContain("Exception");
    }

    @Test
    void emptyHistoryIsReportedAsEmptyNotAsAPass() throws IOException {
        Run r = run("check", "--json", corpus("porcupine/etcd/etcd_095.log").toString());
        assertThat(r.exit()).isEqualTo(3);
        JsonNode line = r.jsonLines().get(0);
        assertThat(line.get("valid").asBoolean()).isTrue();
        assertThat(line.get("evidence").get("ops").asLong()).isZero();
        assertThat(line.get("weaknesses").get(0).get("kind").asText()).isEqualTo("empty-history");
        Run human = run("check", corpus("porcupine/etcd/etcd_095.log").toString());
        assertThat(human.exit()).isEqualTo(3);
        assertThat(human.out()).contains("etcd_095.log: EMPTY HISTORY (nothing to check)").doesNotContain("LINEARIZABLE");
    }

    @Test
    void emptyHistoryIsWeakForEveryChecker(@TempDir Path dir) throws IOException {
        Path empty = dir.resolve("empty.jsonl");
        Files.writeString(empty, "\n");
        for (String checker : List.of("session", "list-append", "monotonic-read")) {
            Run r = run("check", "--json", "--checker", checker, empty.toString());
            assertThat(r.exit()).as(checker + ": " + r.out() + r.err()).isEqualTo(3);
            assertThat(r.jsonLines().get(0).get("weaknesses").toString()).as(checker).contains("empty-history");
        }
    }

    @Test
    void formatNamesPeopleReachForAreAccepted() {
        Path edn = corpus("knossos/cas-register/bad/cas-failure.edn");
        for (String f : List.of("edn", "jepsen", "auto", "JEPSEN-EDN")) {
            Run r = run("check", "--format", f, "--model", "cas-register", edn.toString());
            assertThat(r.exit()).as(f + ": " + r.err()).isEqualTo(1);
        }
        Run wrong = run("check", "--format", "yaml", edn.toString());
        assertThat(wrong.exit()).isEqualTo(2);
        assertThat(wrong.err()).contains("unknown history format 'yaml'");
    }

    @Test
    void anEmptyFinalStateFileIsBadInputNotAnEmptyState(@TempDir Path dir) throws IOException {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"write\",\"key\":\"k\",\"input\":1}\n");
        Path state = dir.resolve("state.json");
        Files.writeString(state, "");
        Run r = run("check", "--checker", "no-lost-ack", "--final-state", state.toString(), h.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(state + ":1:1: expected a JSON value, found an empty file");
        assertThat(r.out()).doesNotContain("lost");
    }

    @Test
    void anEmptyHistoryDoesNotWeakenACheckerThatJudgesOnlyTheFinalState(@TempDir Path dir) throws IOException {
        Path empty = dir.resolve("empty.jsonl");
        Files.writeString(empty, "");
        Path state = dir.resolve("state.json");
        Files.writeString(state, "{\"accounts\":[{\"balance\":1},{\"balance\":-1}]}");
        Run r = run("check", "--checker", "final-state-invariant", "--final-state", state.toString(),
                "--invariant", "sum($.accounts[*].balance) == 0", empty.toString());
        assertThat(r.exit()).as(r.out()).isZero();
        assertThat(r.out()).contains("VALID").doesNotContain("empty-history");
    }

    @Test
    void truncatedHistoryIsCheckedAndWeakWithTheReadersNotes(@TempDir Path dir) throws IOException {
        Path cut = dir.resolve("cut.jsonl");
        Files.writeString(cut, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":\"5\",\"complete_ts\":9,\"op_type\":\"write\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":12,\"comp");
        Run r = run("check", "--json", cut.toString());
        assertThat(r.exit()).isEqualTo(3);
        JsonNode line = r.jsonLines().get(0);
        assertThat(line.get("evidence").get("opsTotal").asLong()).isEqualTo(1);
        assertThat(line.get("weaknesses").get(0).get("kind").asText()).isEqualTo("truncated-record");
        assertThat(line.get("notes").get(0).get("kind").asText()).isEqualTo("timestamps-as-text");
        assertThat(line.get("notes").get(1).get("line").asInt()).isEqualTo(2);
        Run human = run("check", cut.toString());
        assertThat(human.out()).contains("note: line 1: timestamps written as strings")
                .contains("weak history: truncated-record: the input ends inside a record");
    }

    @Test
    void timeoutGivesUnknownAndExitThree() throws IOException {
        Run r = run("check", "--json", "--timeout", "0ms", corpus("knossos/cas-register/good/memstress3-0.edn").toString());
        if (r.exit() == 3) {
            assertThat(r.jsonLines().get(0).get("valid").asText()).isEqualTo("unknown");
        } else {
            // the search can finish before the first budget check on a fast machine
            assertThat(r.exit()).isZero();
        }
    }

    @Test
    void modelIsInferredForJepsenEdnAndOpsThatDoNotFitAreBadInput(@TempDir Path dir) throws IOException {
        Run mutex = run("check", corpus("knossos/mutex/bad/etcd.edn").toString());
        assertThat(mutex.exit()).isEqualTo(1);
        assertThat(mutex.out()).contains("model mutex");
        Path weird = dir.resolve("w.edn");
        Files.writeString(weird, "[{:process 0 :type :invoke :f :frobnicate :value 1}\n {:process 0 :type :ok :f :frobnicate :value 1}]\n");
        Run r = run("check", "--model", "register", weird.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(weird + ":1:1: expected an operation of model register (op_type 'frobnicate'");
        Run unknownModel = run("check", "--model", "nonsense", weird.toString());
        assertThat(unknownModel.exit()).isEqualTo(2);
        assertThat(unknownModel.err()).contains("'nonsense'").doesNotContain("Exception");
        Run unknownLinModel = run("check", "--checker", "linearizability", "--model", "nonsense", weird.toString());
        assertThat(unknownLinModel.exit()).isEqualTo(2);
        assertThat(unknownLinModel.err()).contains("unknown model 'nonsense'");
    }

    @Test
    void weakHistoryIsReported(@TempDir Path dir) throws IOException {
        Path h = dir.resolve("weak.jsonl");
        Files.writeString(h, """
                {"op_id":1,"process_id":1,"invoke_ts":10,"complete_ts":20,"op_type":"write","key":null,"input":1,"output":null,"error":null,"timeout_marker":false,"node_seen":null,"fault_epoch":null}
                {"op_id":2,"process_id":1,"invoke_ts":15,"complete_ts":null,"op_type":"read","key":null,"input":null,"output":1,"error":null,"timeout_marker":true,"node_seen":null,"fault_epoch":null}
                """);
        Run r = run("check", "--model", "register", h.toString());
        assertThat(r.exit()).isEqualTo(3);
        assertThat(r.out()).contains("weak history: output-on-timeout").contains("weak history: non-monotonic-timestamps");
    }
}
