package dev.falsify.checkers.oracles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.OracleViolations;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.vocabulary.Validity;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Jepsen workload checkers beyond what Jepsen's own tests cover (those are the reference suite,
 * {@code reference/jepsen}): the options Jepsen takes from its test map, ops they cannot read, and
 * where Falsify says more than Jepsen.
 */
class WorkloadCheckersTest {
    private static CheckResult check(String checker, String edn, Map<String, String> options) {
        return HistoryCheck.standard().run(new StringReader(edn), "h.edn", new HistoryCheck.Request(checker, null, null,
                options, null, Map.of(), null, CheckBudget.unlimited())).result();
    }

    private static List<String> explanations(CheckResult r) {
        return ((OracleViolations) r.counterexample()).items().stream().map(OracleViolations.Violation::explanation).toList();
    }

    private static final String BANK = """
            {:process 0, :type :invoke, :f :transfer, :value {:from 0, :to 1, :amount 5}}
            {:process 0, :type :ok, :f :transfer, :value {:from 0, :to 1, :amount 5}}
            {:process 1, :type :invoke, :f :read, :value nil}
            {:process 1, :type :ok, :f :read, :value {0 45, 1 55}}
            {:process 1, :type :invoke, :f :read, :value nil}
            {:process 1, :type :ok, :f :read, :value {0 40, 1 55}}
            """;

    @Test
    void bankWithoutItsTotalTakesTheFirstReadsAndSaysSo() {
        CheckResult r = check(null, BANK, Map.of());
        assertThat(r.checker()).isEqualTo("bank");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(explanations(r)).singleElement().asString().startsWith("wrong-total: the read op 4@line5")
                .contains("sums to 95, not the total 100 (that of the first read, op 2@line3").contains("--option total=N");
        // given, the total is the test's, and both reads are wrong
        CheckResult given = check(null, BANK, Map.of("total", "90"));
        assertThat(((OracleViolations) given.counterexample()).items()).hasSize(2);
        // reads that agree with each other, no total given: the first may be as wrong as the rest
        CheckResult agree = check(null, BANK.replace("{0 40, 1 55}", "{0 50, 1 50}"), Map.of());
        assertThat(agree.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(agree.hasWeakness("total-not-given")).isTrue();
        assertThat(check(null, BANK.replace("{0 40, 1 55}", "{0 50, 1 50}"), Map.of("total", "100")).validity())
                .isEqualTo(Validity.VALID);
    }

    @Test
    void aQueueDrainedToTheEndLosesNothingAndAnUnknownDrainMayHaveTakenTheRest() {
        String drained = """
                {:process 0, :type :invoke, :f :enqueue, :value 1}
                {:process 0, :type :ok, :f :enqueue, :value 1}
                {:process 0, :type :invoke, :f :enqueue, :value 2}
                {:process 0, :type :ok, :f :enqueue, :value 2}
                {:process 1, :type :invoke, :f :drain, :value nil}
                {:process 1, :type :ok, :f :drain, :value [1 2]}
                """;
        assertThat(check(null, drained, Map.of()).validity()).isEqualTo(Validity.VALID);
        String lost = drained.replace("[1 2]", "[1]");
        CheckResult r = check(null, lost, Map.of());
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(explanations(r)).singleElement().asString().startsWith("lost: 1 acknowledged enqueues were never dequeued (2)");
        String crashed = drained.replace("{:process 1, :type :ok, :f :drain, :value [1 2]}", "{:process 1, :type :info, :f :drain, :value nil}");
        CheckResult unknown = check(null, crashed, Map.of());
        assertThat(unknown.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(unknown.hasWeakness("unknown-dequeues")).isTrue();
    }

    @Test
    void aCounterMayGoDownWhenItsOpsSaySo() {
        String h = """
                {:process 0, :type :invoke, :f :add, :value 5}
                {:process 0, :type :ok, :f :add, :value 5}
                {:process 0, :type :invoke, :f :add, :value -3}
                {:process 1, :type :invoke, :f :read, :value nil}
                {:process 1, :type :ok, :f :read, :value 2}
                {:process 1, :type :invoke, :f :read, :value nil}
                {:process 1, :type :ok, :f :read, :value 1}
                """;
        CheckResult r = check(null, h, Map.of());
        assertThat(r.checker()).isEqualTo("counter");
        // 2 is within [2, 5] (the decrement may have happened); 1 is below it whatever happened
        assertThat(explanations(r)).singleElement().asString().startsWith("read 1 (op").contains("outside [2, 5]");
    }

    @Test
    void opsAWorkloadCannotReadAreBadInputNotAPass() {
        assertThatThrownBy(() -> check("counter", """
                {:process 0, :type :invoke, :f :read, :value nil}
                {:process 0, :type :ok, :f :read, :value [1 2]}
                """, Map.of())).isInstanceOf(HistoryFormatException.class).hasMessageContaining("h.edn:1:")
                .hasMessageContaining("a counter read's value must be an integer, found [1,2]");
        assertThatThrownBy(() -> check("unique-ids", """
                {:process 0, :type :invoke, :f :read, :value nil}
                {:process 0, :type :ok, :f :read, :value 1}
                """, Map.of())).isInstanceOf(HistoryFormatException.class).hasMessageContaining("expected generate");
    }

    @Test
    void setFullSaysMoreThanJepsenWhereJepsenCannotSee() {
        String h = """
                {:process 0, :type :invoke, :f :add, :value 1}
                {:process 0, :type :ok, :f :add, :value 1}
                {:process 0, :type :invoke, :f :add, :value 2}
                {:process 0, :type :fail, :f :add, :value 2}
                {:process 1, :type :invoke, :f :read, :value nil}
                {:process 1, :type :ok, :f :read, :value [1 1 2 9]}
                """;
        CheckResult r = check(null, h, Map.of());
        assertThat(r.checker()).isEqualTo("set-full");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(explanations(r)).anySatisfy(e -> assertThat(e).startsWith("duplicated: the read op").endsWith("holds 1 2 times"))
                .anySatisfy(e -> assertThat(e).startsWith("unexpected: the read op").contains("holds 9"))
                .anySatisfy(e -> assertThat(e).startsWith("aborted read: 2 was read"));
    }

    @Test
    void longForkNamesTheForkingPairAndAKeyWrittenTwiceIsTooWeak() {
        String fork = """
                {:process 0, :type :invoke, :f :write, :value [[:w :x 1]]}
                {:process 1, :type :invoke, :f :write, :value [[:w :y 1]]}
                {:process 2, :type :invoke, :f :read, :value [[:r :x nil] [:r :y nil]]}
                {:process 2, :type :ok, :f :read, :value [[:r :x 1] [:r :y nil]]}
                {:process 3, :type :invoke, :f :read, :value [[:r :y nil] [:r :x nil]]}
                {:process 3, :type :ok, :f :read, :value [[:r :y 1] [:r :x nil]]}
                {:process 0, :type :ok, :f :write, :value [[:w :x 1]]}
                {:process 1, :type :ok, :f :write, :value [[:w :y 1]]}
                """;
        CheckResult r = check(null, fork, Map.of());
        assertThat(r.checker()).isEqualTo("long-fork");
        assertThat(explanations(r)).singleElement().asString().startsWith("long fork: the read op ")
                .contains("saw key x = 1 but not key y's write").contains("saw key y = 1 but not key x's write");
        var item = ((OracleViolations) r.counterexample()).items().get(0).fields();
        assertThat(item.get("reads")).hasSize(2);
        assertThat(item.get("reads").get(0).get("values").toString()).isEqualTo("{\"x\":1,\"y\":null}");
        String twice = fork + "{:process 4, :type :invoke, :f :write, :value [[:w :x 2]]}\n";
        CheckResult weak = check("long-fork", twice, Map.of());
        assertThat(weak.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(weak.hasWeakness("multiple-writes")).isTrue();
    }
}
