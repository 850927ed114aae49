package dev.falsify.checkers.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckResultJson;
import dev.falsify.checkers.api.OracleViolations;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.model.vocabulary.Validity;
import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 30's answers that differed from Jepsen's: the counter workload (its completions carry the
 * amount added), Jepsen's history.txt, and which checker each Jepsen workload's ops call for.
 */
class JepsenParityTest {
    static CheckedHistory check(String text, String name, String model, Map<String, String> options) {
        return HistoryCheck.standard().run(new StringReader(text), name,
                new HistoryCheck.Request(null, model, null, options, null, Map.of(), null, CheckBudget.unlimited()));
    }

    static CheckResult result(String text, String name) {
        return check(text, name, null, Map.of()).result();
    }

    /** add 1, add 1, read 2, as Jepsen's counter workload records it (completion value = amount added). */
    private static final String ADD_ADD_READ = """
            {:process 0, :type :invoke, :f :add, :value 1}
            {:process 0, :type :ok, :f :add, :value 1}
            {:process 1, :type :invoke, :f :add, :value 1}
            {:process 1, :type :ok, :f :add, :value 1}
            {:process 2, :type :invoke, :f :read, :value nil}
            {:process 2, :type :ok, :f :read, :value 2}
            """;

    @Test
    void jepsensCounterIsItsOwnCheckerAndAnAddsValueIsNoNewValue() {
        CheckResult auto = result(ADD_ADD_READ, "counter.edn");
        assertThat(auto.checker()).isEqualTo("counter");
        assertThat(auto.validity()).as(auto.summary()).isEqualTo(Validity.VALID);
        // --model counter: linearizability against the counter model, the add's completion no post-value
        CheckResult model = check(ADD_ADD_READ, "counter.edn", "counter", Map.of()).result();
        assertThat(model.checker()).isEqualTo("linearizability");
        assertThat(model.validity()).as(model.summary()).isEqualTo(Validity.VALID);
        // the canonical schema's inc carries the value after it: inc 1 → 1, inc 1 → 1 is a lost increment
        String inc = """
                {"op_id":1,"process_id":0,"invoke_ts":0,"complete_ts":1,"op_type":"inc","input":1,"output":1}
                {"op_id":2,"process_id":1,"invoke_ts":2,"complete_ts":3,"op_type":"inc","input":1,"output":1}
                """;
        assertThat(result(inc, "inc.jsonl").validity()).isEqualTo(Validity.INVALID);
    }

    @Test
    void aCounterReadOutsideItsBoundsIsListedWithTheBounds() {
        String h = ADD_ADD_READ + """
                {:process 3, :type :invoke, :f :add, :value 4}
                {:process 2, :type :invoke, :f :read, :value nil}
                {:process 2, :type :ok, :f :read, :value 7}
                {:process 3, :type :info, :f :add, :value 4}
                """;
        CheckResult r = result(h, "counter.edn");
        assertThat(r.checker()).isEqualTo("counter");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        OracleViolations v = (OracleViolations) r.counterexample();
        assertThat(v.items()).hasSize(1);
        assertThat(v.items().get(0).explanation()).startsWith("read 7 (op").contains("outside [2, 6]");
        assertThat(v.items().get(0).fields().get("lower").asLong()).isEqualTo(2);
        assertThat(v.items().get(0).fields().get("upper").asLong()).isEqualTo(6);
        assertThat(v.items().get(0).fields().get("line").asInt()).isEqualTo(8);
        assertThat(CheckResultJson.toJson(r).path("counterexample").path("items").toString()).contains("\"upper\":6");
    }

    @Test
    void anAddOnlyCounterIsNotCheckedAsASetAndAnIntegerReadIsNoBadInput() {
        String addsOnly = """
                {:process 0, :type :invoke, :f :add, :value 1}
                {:process 0, :type :ok, :f :add, :value 1}
                {:process 1, :type :invoke, :f :add, :value 1}
                {:process 1, :type :ok, :f :add, :value 1}
                """;
        CheckResult r = result(addsOnly, "adds.edn");
        assertThat(r.checker()).isEqualTo("counter");
        assertThat(r.validity()).as("nothing read: no evidence").isEqualTo(Validity.UNKNOWN);
    }

    @Test
    void historyTxtIsReadLikeItsEdnTwin() {
        String txt = """
                0\t:invoke\t:txn\t[[:append 5 1] [:r 6 nil]]
                1\t:invoke\t:txn\t[[:append 6 1] [:r 5 nil]]
                0\t:ok\t:txn\t[[:append 5 1] [:r 6 nil]]
                1\t:ok\t:txn\t[[:append 6 1] [:r 5 nil]]
                :nemesis\t:info\t:start-partition\t:majority
                2\t:invoke\t:txn\t[[:r 5 nil] [:r 6 nil]]
                2\t:ok\t:txn\t[[:r 5 [1]] [:r 6 [1]]]
                """;
        CheckedHistory c = check(txt, "history.txt", null, Map.of());
        assertThat(c.format()).isEqualTo(HistoryFormat.JEPSEN_TXT);
        assertThat(c.result().checker()).isEqualTo("list-append");
        assertThat(c.result().validity()).isEqualTo(Validity.INVALID);
        assertThat(((TxnCounterexample) c.result().counterexample()).anomalyTypes()).contains("G2-item");
        // registers go to the register models, a failed cas did not happen (unlike Porcupine's etcd logs)
        String reg = """
                0\t:invoke\t:write\t1
                0\t:ok\t:write\t1
                1\t:invoke\t:cas\t[1 2]
                1\t:fail\t:cas\t[1 2]\tcas failed: no such key
                2\t:invoke\t:read\tnil
                2\t:ok\t:read\t1
                """;
        CheckedHistory r = check(reg, "history.txt", null, Map.of());
        assertThat(r.result().checker()).isEqualTo("linearizability");
        assertThat(r.result().model()).isEqualTo("cas-register");
        assertThat(r.result().validity()).isEqualTo(Validity.VALID);
        var h = dev.falsify.checkers.history.Histories.parse(reg, "history.txt", null);
        assertThat(h.ops().get(1).error()).isEqualTo("cas failed: no such key");
    }

    @Test
    void aMalformedHistoryTxtLineIsBadInputAtItsLineAndColumn() {
        String txt = "0\t:invoke\t:write\t1\n0\t:okay\t:write\t1\n";
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> result(txt, "history.txt"))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageStartingWith("history.txt:2:3: expected :invoke, :ok, :fail or :info, found ':okay'");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> result("0\t:invoke\t:write\t[1 2\n", "history.txt"))
                .isInstanceOf(HistoryFormatException.class).hasMessageStartingWith("history.txt:1:");
    }

    @Test
    void eachJepsenWorkloadGoesToItsChecker() {
        assertThat(result("""
                {:process 0, :type :invoke, :f :generate, :value nil}
                {:process 0, :type :ok, :f :generate, :value 7}
                """, "ids.edn").checker()).isEqualTo("unique-ids");
        assertThat(result("""
                {:process 0, :type :invoke, :f :transfer, :value {:from 0, :to 1, :amount 5}}
                {:process 0, :type :ok, :f :transfer, :value {:from 0, :to 1, :amount 5}}
                {:process 1, :type :invoke, :f :read, :value nil}
                {:process 1, :type :ok, :f :read, :value {0 5, 1 15}}
                """, "bank.edn").checker()).isEqualTo("bank");
        assertThat(result("""
                {:process 0, :type :invoke, :f :enqueue, :value 1}
                {:process 0, :type :ok, :f :enqueue, :value 1}
                {:process 1, :type :invoke, :f :dequeue, :value nil}
                {:process 1, :type :ok, :f :dequeue, :value 1}
                """, "queue.edn").checker()).isEqualTo("total-queue");
        assertThat(result("""
                {:process 0, :type :invoke, :f :add, :value 1}
                {:process 0, :type :ok, :f :add, :value 1}
                {:process 1, :type :invoke, :f :read, :value nil}
                {:process 1, :type :ok, :f :read, :value #{1}}
                """, "set.edn").checker()).isEqualTo("set-full");
        assertThat(result("""
                {:process 0, :type :invoke, :f :write, :value [[:w 0 1]]}
                {:process 0, :type :ok, :f :write, :value [[:w 0 1]]}
                {:process 1, :type :invoke, :f :read, :value [[:r 0 nil] [:r 1 nil]]}
                {:process 1, :type :ok, :f :read, :value [[:r 0 1] [:r 1 nil]]}
                """, "long-fork.edn").checker()).isEqualTo("long-fork");
        // a set and a FIFO queue in the canonical schema stay with linearizability's set and queue models
        assertThat(result("""
                {"op_id":1,"process_id":0,"invoke_ts":0,"complete_ts":1,"op_type":"add","input":1}
                {"op_id":2,"process_id":1,"invoke_ts":2,"complete_ts":3,"op_type":"read","output":[1]}
                """, "s.jsonl").checker()).isEqualTo("linearizability");
        assertThat(result("""
                {"op_id":1,"process_id":0,"invoke_ts":0,"complete_ts":1,"op_type":"enqueue","input":1}
                {"op_id":2,"process_id":1,"invoke_ts":2,"complete_ts":3,"op_type":"dequeue","output":1}
                """, "q.jsonl").checker()).isEqualTo("linearizability");
    }

    @Test
    void aReadOfTheInitialValueIsNotExplainedByAWriteInvokedAfterIt() {
        // early reads of 0, which nothing wrote before they completed; much later a write of 0 fails
        String h = """
                {:process 0, :type :invoke, :f :read, :value nil}
                {:process 0, :type :ok, :f :read, :value 0}
                {:process 1, :type :invoke, :f :write, :value 1}
                {:process 1, :type :ok, :f :write, :value 1}
                {:process 0, :type :invoke, :f :read, :value nil}
                {:process 0, :type :ok, :f :read, :value 1}
                {:process 2, :type :invoke, :f :write, :value 0}
                {:process 2, :type :fail, :f :write, :value 0}
                {:process 0, :type :invoke, :f :read, :value nil}
                {:process 0, :type :ok, :f :read, :value 1}
                """;
        CheckResult r = result(h, "register.edn");
        assertThat(r.validity()).as(r.summary()).isEqualTo(Validity.VALID);
        assertThat(r.summary()).contains("initial value 0, inferred from line 1");
    }

    @Test
    void aViolationThatDisappearsFromAnUnknownInitialValueIsNeverReported() {
        // from nil the read of 3 can only come from the failed write of 3 (an aborted read); from 3 it is fine
        String h = """
                {:process 0, :type :invoke, :f :read, :value nil}
                {:process 1, :type :invoke, :f :write, :value 3}
                {:process 1, :type :fail, :f :write, :value 3}
                {:process 0, :type :ok, :f :read, :value 3}
                """;
        CheckResult r = result(h, "register.edn");
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.hasWeakness(HistoryCheck.INITIAL_VALUE_ASSUMED)).isTrue();
        assertThat(r.weaknesses().get(r.weaknesses().size() - 1).detail()).contains("--initial");
        // a violation whatever the initial value stands
        String stale = """
                {:process 0, :type :invoke, :f :write, :value 1}
                {:process 0, :type :ok, :f :write, :value 1}
                {:process 0, :type :invoke, :f :write, :value 2}
                {:process 0, :type :ok, :f :write, :value 2}
                {:process 1, :type :invoke, :f :read, :value nil}
                {:process 1, :type :ok, :f :read, :value 1}
                """;
        CheckResult s = result(stale, "stale.edn");
        assertThat(s.validity()).isEqualTo(Validity.INVALID);
        assertThat(s.summary()).contains("from any initial value");
    }
}
