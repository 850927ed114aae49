package dev.falsify.checkers.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.ReadNote;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.model.vocabulary.Validity;
import java.io.Reader;
import java.io.StringReader;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A verdict needs completed work (issue 29): a history in which nothing succeeded is too weak in
 * every format, whatever a recorder writes for "no error"; a check stopped by its budget — reading
 * included — or by running out of memory answers UNKNOWN, never VALID and never a violation.
 */
class CompletedWorkTest {
    private static final Duration BUDGET = Duration.ofSeconds(30);

    /** Histories in which every op failed (or failed and timed out), in every format the readers take. */
    static final Map<String, String> NOTHING_SUCCEEDED = new LinkedHashMap<>();

    static {
        NOTHING_SUCCEEDED.put("rows.jsonl", """
                {"op_id":1,"process_id":0,"invoke_ts":0,"complete_ts":5,"op_type":"write","input":1,"error":"timeout"}
                {"op_id":2,"process_id":1,"invoke_ts":10,"complete_ts":15,"op_type":"read","output":7,"error":"conn refused"}
                """);
        NOTHING_SUCCEEDED.put("rows-type.jsonl", """
                {"op_id":1,"process_id":0,"invoke_ts":0,"complete_ts":5,"op_type":"write","input":1,"type":"fail"}
                {"op_id":2,"process_id":1,"invoke_ts":10,"complete_ts":null,"op_type":"write","input":2,"type":"info"}
                """);
        NOTHING_SUCCEEDED.put("events.jsonl", """
                {"type":"invoke","process":0,"f":"write","value":1}
                {"type":"fail","process":0,"f":"write","value":1,"error":"timeout"}
                {"type":"invoke","process":1,"f":"read","value":null}
                {"type":"fail","process":1,"f":"read","value":7}
                """);
        NOTHING_SUCCEEDED.put("all-fail.edn", """
                [{:process 0 :type :invoke :f :write :value 1}
                 {:process 0 :type :fail :f :write :value 1}
                 {:process 1 :type :invoke :f :read :value nil}
                 {:process 1 :type :fail :f :read :value 7 :error :timeout}]
                """);
        NOTHING_SUCCEEDED.put("fail-and-info.edn", """
                {:process 0 :type :invoke :f :write :value 1}
                {:process 0 :type :fail :f :write :value 1}
                {:process 1 :type :invoke :f :write :value 2}
                {:process 1 :type :info :f :write :value 2}
                """);
        NOTHING_SUCCEEDED.put("list-append.edn", """
                {:process 0 :type :invoke :f :txn :value [[:append :x 1]]}
                {:process 0 :type :fail :f :txn :value [[:append :x 1]]}
                {:process 1 :type :invoke :f :txn :value [[:r :x nil]]}
                {:process 1 :type :fail :f :txn :value [[:r :x nil]]}
                """);
        NOTHING_SUCCEEDED.put("etcd.log", """
                INFO  jepsen.util - 0\t:invoke\t:write\t1
                INFO  jepsen.util - 0\t:fail\t:write\t1
                INFO  jepsen.util - 1\t:invoke\t:read\tnil
                INFO  jepsen.util - 1\t:fail\t:read\tnil
                """);
        NOTHING_SUCCEEDED.put("history.txt", """
                0\t:invoke\t:write\t1
                0\t:fail\t:write\t1
                1\t:invoke\t:read\tnil
                1\t:fail\t:read\tnil
                """);
        NOTHING_SUCCEEDED.put("kv.txt", """
                {:process 0, :type :invoke, :f :put, :key "1", :value "x"}
                {:process 0, :type :fail, :f :put, :key "1", :value "x"}
                {:process 1, :type :invoke, :f :get, :key "1", :value nil}
                {:process 1, :type :fail, :f :get, :key "1", :value nil}
                """);
    }

    @Test
    void aHistoryInWhichNothingSucceededIsTooWeakInEveryFormat() {
        java.util.Set<HistoryFormat> formats = new java.util.HashSet<>();
        for (Map.Entry<String, String> e : NOTHING_SUCCEEDED.entrySet()) {
            CheckedHistory c = check(e.getValue(), e.getKey(), null);
            formats.add(c.format());
            CheckResult r = c.result();
            String what = e.getKey() + ": " + String.join("\n", c.lines());
            assertThat(r.evidence().opsTotal()).as(what).isEqualTo(2);
            assertThat(r.validity()).as(what).isNotEqualTo(Validity.INVALID);
            assertThat(r.weaknesses()).as(what).extracting(HistoryWeakness::kind).contains(HistoryCheck.NO_SUCCESSFUL_OP);
            // and so with every checker that judges the history
            for (Checker checker : CheckerRegistry.standard().all()) {
                if (!checker.judgesHistory()) continue;
                CheckedHistory other;
                try {
                    other = check(e.getValue(), e.getKey(), checker.name());
                } catch (RuntimeException refused) {
                    continue; // a checker that cannot read these ops says so: bad input, not a pass
                }
                assertThat(other.result().validity() == Validity.VALID && other.result().weaknesses().isEmpty())
                        .as(e.getKey() + " with " + checker.name() + ": " + other.lines()).isFalse();
            }
        }
        assertThat(formats).hasSize(HistoryFormat.values().length);
    }

    @Test
    void recordersSpellingsOfNoErrorAreSuccessesThatGetChecked() {
        // each history: a write of 1 completes, then a read returns 2, which nobody wrote: not linearizable
        Map<String, String> spellings = new LinkedHashMap<>();
        for (String word : List.of("None", "nil", "<nil>", "null", "ok", "success", "0", "false", "NONE", " OK ", "")) {
            spellings.put("\"" + word + "\"", "\"" + word + "\"");
        }
        spellings.put("0", "0");
        spellings.put("false", "false");
        spellings.put("0.0", "0.0");
        for (Map.Entry<String, String> e : spellings.entrySet()) {
            String history = "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":5,\"op_type\":\"write\",\"input\":1,"
                    + "\"error\":" + e.getValue() + "}\n"
                    + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":10,\"complete_ts\":15,\"op_type\":\"read\",\"output\":2,"
                    + "\"error\":" + e.getValue() + "}\n";
            CheckedHistory c = check(history, "h.jsonl", null);
            String what = "error " + e.getKey() + ": " + String.join("\n", c.lines());
            assertThat(c.result().validity()).as(what).isEqualTo(Validity.INVALID);
            assertThat(c.result().notes()).as(what).extracting(ReadNote::kind).isNotEmpty()
                    .allMatch(k -> k.endsWith("-error") || k.equals("no-error-word"));
        }
        // anything else is an error code: the op failed, and a history of only such ops is too weak
        for (String error : List.of("\"1\"", "\"timeout\"", "1", "-1", "true", "\"None of the replicas answered\"", "{\"code\":0}")) {
            String history = "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":5,\"op_type\":\"write\",\"input\":1,"
                    + "\"error\":" + error + "}\n";
            CheckResult r = check(history, "h.jsonl", null).result();
            assertThat(r.weaknesses()).as("error " + error + ": " + r.summary()).extracting(HistoryWeakness::kind)
                    .contains(HistoryCheck.NO_SUCCESSFUL_OP);
        }
    }

    @Test
    void oneSuccessfulOpAmongFailedOnesIsEnoughToJudge() {
        CheckResult r = check("""
                {:process 0 :type :invoke :f :write :value 1}
                {:process 0 :type :ok :f :write :value 1}
                {:process 1 :type :invoke :f :write :value 2}
                {:process 1 :type :fail :f :write :value 2}
                """, "h.edn", null).result();
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.weaknesses()).isEmpty();
    }

    @Test
    void theTimeoutBoundsReadingTheHistoryToo() {
        // an endless history: the old pipeline started the clock only once every op was read
        CheckBudget budget = CheckBudget.of(Duration.ofMillis(300));
        CheckedHistory c = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> HistoryCheck.standard()
                .run(new EndlessHistory(), "endless.edn", HistoryCheck.Request.of(null, "register", budget)));
        assertThat(c.result().validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(c.result().summary()).startsWith("unknown: time budget of PT0.3S exhausted while reading the history (")
                .endsWith(" ops read, the rest not)");
        assertThat(c.result().evidence().opsTotal()).isPositive();
    }

    @Test
    void aFileWhoseReadingOutlastsTheTimeoutAnswersUnknown(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        // one op, then megabytes of blanks: no op ends among them, the reader itself must stop
        java.nio.file.Path f = dir.resolve("h.edn");
        java.nio.file.Files.writeString(f, "{:process 0 :type :invoke :f :write :value 1}\n" + " ".repeat(4 << 20));
        CheckedHistory c = HistoryCheck.standard().run(f, HistoryCheck.Request.of(null, null, CheckBudget.of(Duration.ofNanos(1))));
        assertThat(c.result().validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(c.result().summary()).startsWith("unknown: time budget of PT0.000000001S exhausted while reading the history");
        assertThat(c.format()).isEqualTo(HistoryFormat.JEPSEN_EDN);
        assertThat(c.toJson().get("valid").asText()).isEqualTo("unknown");
    }

    @Test
    void aCheckerThatRunsOutOfMemoryOrStackAnswersUnknown() {
        for (Error error : List.of(new OutOfMemoryError("Java heap space"), new StackOverflowError())) {
            CheckerRegistry registry = new CheckerRegistry().register(new Failing(error));
            CheckedHistory c = new HistoryCheck(registry).run(new StringReader(
                    "{:process 0 :type :invoke :f :write :value 1}\n{:process 0 :type :ok :f :write :value 1}\n"), "h.edn",
                    HistoryCheck.Request.of("failing", null, CheckBudget.of(BUDGET)));
            assertThat(c.result().validity()).as(error.toString()).isEqualTo(Validity.UNKNOWN);
            assertThat(c.result().summary()).as(error.toString()).startsWith("unknown: the check ran out of");
            assertThat(c.result().checker()).isEqualTo("failing");
        }
    }

    private static CheckedHistory check(String text, String name, String checker) {
        return HistoryCheck.standard().run(new StringReader(text), name,
                HistoryCheck.Request.of(checker, null, CheckBudget.of(BUDGET)));
    }

    /** A checker that fails as a search that outgrew the heap or the stack does. */
    private record Failing(Error error) implements Checker {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public List<dev.falsify.model.vocabulary.HistoryModel> models() {
            return List.of();
        }

        @Override
        public List<String> needs() {
            return List.of();
        }

        @Override
        public CheckResult check(CheckInput input, CheckBudget budget) {
            throw error;
        }
    }

    /** A register history that never ends: process 0 writes and reads back forever. */
    private static final class EndlessHistory extends Reader {
        private String pending = "";
        private int pos;
        private long n;

        @Override
        public int read(char[] cbuf, int off, int len) {
            if (pos == pending.length()) {
                StringBuilder b = new StringBuilder();
                for (int i = 0; i < 100; i++, n++) {
                    b.append("{:process 0 :type :invoke :f :write :value ").append(n).append("}\n")
                            .append("{:process 0 :type :ok :f :write :value ").append(n).append("}\n");
                }
                pending = b.toString();
                pos = 0;
            }
            int k = Math.min(len, pending.length() - pos);
            pending.getChars(pos, pos + k, cbuf, off);
            pos += k;
            return k;
        }

        @Override
        public void close() {
        }
    }
}
