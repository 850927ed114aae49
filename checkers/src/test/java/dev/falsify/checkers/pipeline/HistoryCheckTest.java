package dev.falsify.checkers.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.lin.Models;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code falsify check}'s per-file check on histories in the shapes real recorders write, each with
 * an answer worked out by hand: tolerant reading must not change the verdict, and what the reader
 * found missing must keep a "valid" from passing silently.
 */
class HistoryCheckTest {

    private static CheckedHistory check(Path file) throws IOException {
        return HistoryCheck.standard().run(file, HistoryCheck.Request.of(null, null, CheckBudget.of(Duration.ofSeconds(30))));
    }

    private static Path variant(String name) {
        try {
            return Path.of(HistoryCheckTest.class.getResource("/dev/falsify/checkers/history/variants/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void staleReadsAreFoundWhateverTheTimestampForm() throws IOException {
        // each: write 1 completes, then a later read returns the old value (nil, or 0 never written)
        for (String name : new String[] {"float-seconds-stale-read.jsonl", "iso-times-stale-read.jsonl",
                "events.jsonl", "jepsen-log-stale-read.log"}) {
            CheckResult r = check(variant(name)).result();
            assertThat(r.validity()).as(name + ": " + r.summary()).isEqualTo(Validity.INVALID);
        }
    }

    @Test
    void counterexampleTimesAreMsFromTheStartAndEachLineIsSaidOnce() {
        // monotonic ns far from zero, as a real recorder writes them: the text must not show them raw
        String history = """
                {"op_id":"w1","process_id":"p0","invoke_ts":9000000000000,"complete_ts":9000002000000,"op_type":"write","key":"k","input":1,"output":null,"error":null,"timeout_marker":false,"node_seen":null,"fault_epoch":null}
                {"op_id":"r1","process_id":"p1","invoke_ts":9000003000000,"complete_ts":9000004500000,"op_type":"read","key":"k","input":null,"output":7,"error":null,"timeout_marker":false,"node_seen":null,"fault_epoch":null}
                """;
        CheckedHistory c = HistoryCheck.standard().run(new java.io.StringReader(history), "h.jsonl",
                HistoryCheck.Request.of(null, "kv", CheckBudget.of(Duration.ofSeconds(30))));
        assertThat(c.result().historyStartNs()).isEqualTo(9000000000000L);
        String text = String.join("\n", c.lines());
        assertThat(text).contains("[3.000, 4.500] ms").doesNotContain("9000003000000");
        // the partition is named once, and the prefix line of the summary is not printed again below it
        assertThat(c.result().summary()).startsWith("not linearizable (key k): longest linearizable prefix: 1 of 2 ops");
        assertThat(text).containsOnlyOnce("longest linearizable prefix");
    }

    @Test
    void aFailedWriteMarkedOnlyByTypeDoesNotExplainARead() throws IOException {
        CheckResult r = check(variant("outcome-type-field.jsonl")).result();
        assertThat(r.validity()).as(r.summary()).isEqualTo(Validity.INVALID);
    }

    @Test
    void tolerantFormsOfAValidHistoryStayValidAndUnweakened() throws IOException {
        for (String name : new String[] {"pretty-array.json", "crlf-bom-strings.jsonl"}) {
            CheckResult r = check(variant(name)).result();
            assertThat(r.validity()).as(name + ": " + r.summary()).isEqualTo(Validity.VALID);
            assertThat(r.weaknesses()).as(name).isEmpty();
        }
    }

    @Test
    void aTruncatedHistoryIsCheckedButWeak() throws IOException {
        CheckedHistory o = check(variant("truncated.jsonl"));
        assertThat(o.result().validity()).isEqualTo(Validity.VALID);
        assertThat(o.result().evidence().opsTotal()).isEqualTo(2);
        assertThat(o.result().weaknesses()).extracting(HistoryWeakness::kind).containsExactly("truncated-record");
        assertThat(o.result().notes()).hasSize(1);
    }

    @Test
    void aStringThatLooksLikeANumberIsShownQuotedInTheCounterexample(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h.jsonl");
        Files.writeString(f, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"write\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"read\",\"output\":\"1\"}\n");
        CheckResult r = check(f).result();
        assertThat(r.validity()).isEqualTo(Validity.INVALID); // the number 1 was written, the string "1" read
        assertThat(String.join("\n", r.counterexample().describe())).contains("read → \"1\"").contains("impossible in state 1");
    }

    @Test
    void registerSpellingsGetPutAndRwAreInferredAsARegister(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h.jsonl");
        Files.writeString(f, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"put\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"get\",\"output\":null}\n");
        CheckedHistory o = check(f);
        assertThat(o.result().model()).isEqualTo("register");
        assertThat(o.result().validity()).isEqualTo(Validity.INVALID); // a get after the put completed saw nil
        Files.writeString(f, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"w\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"r\",\"output\":1}\n");
        assertThat(check(f).result().validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void opsWithoutAnyOpTypeAskForAModelInsteadOfCrashing(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h.edn");
        Files.writeString(f, "{:process 0 :type :invoke :value 1}\n{:process 0 :type :ok :value 1}\n");
        assertThatThrownBy(() -> check(f))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageEndingWith("pass --model (" + String.join(", ", Models.NAMES) + "), found ops without op_type");
    }

    @Test
    void anEmptyHistoryIsSaidToBeEmpty(@TempDir Path dir) throws IOException {
        for (String content : new String[] {"", "\n\n", "; only a comment\n", "[]\n"}) {
            Path f = dir.resolve("h.edn");
            Files.writeString(f, content);
            CheckResult r = check(f).result();
            assertThat(r.validity()).isEqualTo(Validity.VALID);
            assertThat(r.weaknesses()).as("'" + content + "'").extracting(HistoryWeakness::kind).containsExactly("empty-history");
        }
    }

    /** A history of invocations only, in every format the readers take (issue 12). */
    static final Map<String, String> INVOCATIONS_ONLY = Map.of(
            "inv.edn", "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 1, :type :invoke, :f :read, :value nil}\n",
            "inv.log", "INFO  jepsen.util - 1\t:invoke\t:write\t1\nINFO  jepsen.util - 2\t:invoke\t:read\tnil\n",
            "inv-kv.txt", "{:process 0, :type :invoke, :f :put, :key \"1\", :value \"x\"}\n"
                    + "{:process 1, :type :invoke, :f :get, :key \"1\", :value nil}\n",
            "inv-events.jsonl", "{\"type\":\"invoke\",\"op_id\":\"a\",\"process\":0,\"f\":\"write\",\"value\":1,\"time\":5}\n"
                    + "{\"type\":\"invoke\",\"op_id\":\"b\",\"process\":1,\"f\":\"read\",\"value\":null,\"time\":6}\n",
            "history.txt", "0\t:invoke\t:write\t1\n1\t:invoke\t:read\tnil\n",
            "inv.jsonl", "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":null,\"op_type\":\"write\",\"input\":1}\n"
                    + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":1,\"complete_ts\":null,\"op_type\":\"read\"}\n");

    @Test
    void aHistoryOfInvocationsOnlyIsTooWeakInEveryFormat(@TempDir Path dir) throws IOException {
        java.util.Set<dev.falsify.checkers.history.HistoryFormat> formats = new java.util.HashSet<>();
        for (Map.Entry<String, String> e : INVOCATIONS_ONLY.entrySet()) {
            Path f = dir.resolve(e.getKey());
            Files.writeString(f, e.getValue());
            CheckedHistory o = check(f);
            formats.add(o.format());
            assertThat(o.result().evidence().opsTotal()).as(e.getKey()).isEqualTo(2);
            assertThat(o.result().weaknesses()).as(e.getKey() + ": " + o.result().summary())
                    .extracting(HistoryWeakness::kind).contains(HistoryCheck.NO_COMPLETED_OP);
            // the same ops in memory (the runner's way) get the same weaknesses
            var h = dev.falsify.checkers.history.Histories.readAll(f, null);
            CheckedHistory inMemory = HistoryCheck.standard().run(h, HistoryCheck.Request.of(null, null, CheckBudget.unlimited()));
            assertThat(inMemory.result().weaknesses()).isEqualTo(o.result().weaknesses());
            assertThat(inMemory.result().notes()).isEqualTo(o.result().notes());
        }
        assertThat(formats).hasSize(dev.falsify.checkers.history.HistoryFormat.values().length);
    }

    @Test
    void oneCompletedOpIsEnoughToJudge(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h.edn");
        Files.writeString(f, "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
                + "{:process 1, :type :invoke, :f :read, :value nil}\n");
        CheckResult r = check(f).result();
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.weaknesses()).isEmpty();
    }

    @Test
    void anOpIdTooBigForADoubleIsAnIdNotACrash(@TempDir Path dir) throws IOException {
        // found by HistoryFuzzTest: 1e400 overflowed to Infinity and its decimal value threw NumberFormatException
        Path f = dir.resolve("h.jsonl");
        Files.writeString(f, "{\"op_id\":1e400,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"write\",\"input\":1}\n");
        CheckResult r = check(f).result();
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.evidence().opsTotal()).isEqualTo(1);
    }

    @Test
    void aValueTooBigForADoubleIsAValueNotACrash(@TempDir Path dir) throws IOException {
        // found by HistoryFuzzTest: the model's canonical form took the decimal value of Infinity
        Path f = dir.resolve("h.edn");
        Files.writeString(f, "{:type :invoke, :f :write, :value 1e400, :process 0}\n{:type :ok, :f :write, :value 1e400, :process 0}\n"
                + "{:type :invoke, :f :read, :value nil, :process 1}\n{:type :ok, :f :read, :value 1, :process 1}\n");
        CheckResult r = check(f).result();
        assertThat(r.validity()).isEqualTo(Validity.INVALID); // Infinity was written, 1 read
    }
}
