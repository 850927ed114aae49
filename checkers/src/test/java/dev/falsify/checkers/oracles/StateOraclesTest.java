package dev.falsify.checkers.oracles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.vocabulary.Validity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateOraclesTest {
    static final JsonNode BANK = Ops.json("{\"accounts\":[{\"id\":\"a\",\"balance\":5},{\"id\":\"b\",\"balance\":-5}],"
            + "\"joined\":[\"ann\",\"bob\"],\"members\":[\"ann\",\"bob\"]}");

    static CheckResult invariant(String text, JsonNode state) {
        return new FinalStateInvariantChecker().check(new CheckInput(List.of(), "ledger", Map.of("invariant", text), state,
                Map.of(), null), CheckBudget.unlimited());
    }

    @Test
    void sumOfBalancesIsZero() {
        assertThat(invariant("sum($.accounts[*].balance) == 0", BANK).validity()).isEqualTo(Validity.VALID);
        CheckResult r = invariant("sum($.accounts[*].balance) == 0 and count(accounts) = 2",
                Ops.json("{\"accounts\":[{\"balance\":5},{\"balance\":-4}]}"));
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(Ops.lines(r)).containsExactly("sum($.accounts[*].balance) == 0 is false: sum($.accounts[*].balance) = 1, 0 = 0");
    }

    @Test
    void everyJoinedMemberAppearsOnce() {
        String inv = "all($.joined[*], occurrences($.members[*], @) == 1)";
        assertThat(invariant(inv, BANK).validity()).isEqualTo(Validity.VALID);
        CheckResult r = invariant(inv, Ops.json("{\"joined\":[\"ann\",\"bob\"],\"members\":[\"ann\",\"ann\"]}"));
        assertThat(Ops.lines(r).get(0)).startsWith("all($.joined[*], occurrences($.members[*], @) == 1) is false for @ = \"ann\"");
        assertThat(invariant("unique(members) and min($.accounts[*].balance) >= -5 and max(accounts[*].balance) < 6 "
                + "and any(accounts, @.id == \"b\") and not count(joined) > 2", BANK).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void parseErrorsNameTheColumn() {
        assertThatThrownBy(() -> invariant("sum($.accounts[*].balance == 0", BANK))
                .isInstanceOf(InvariantSyntaxException.class)
                .hasMessageContaining("column 27").hasMessageContaining("expected ')' to close sum(, found '== 0'");
        assertThatThrownBy(() -> Invariant.parse("total($.x) == 1"))
                .isInstanceOf(InvariantSyntaxException.class).hasMessage("column 1: unknown function 'total'; known: all, any, "
                        + "count, max, min, occurrences, sum, unique");
        assertThatThrownBy(() -> Invariant.parse("count($.x) ==")).hasMessageStartingWith("column 14:");
    }

    @Test
    void wrongShapeIsWeakNotAPass() {
        CheckResult r = invariant("sum($.accounts[*].id) == 0", BANK);
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses().get(0).detail()).contains("needs numbers");
        assertThat(invariant("$.accounts[*].balance == 0", BANK).validity()).isEqualTo(Validity.UNKNOWN);
    }

    static CheckResult replicas(Map<String, JsonNode> dumps, Map<String, String> options) {
        return new ReplicaReconciliationChecker().check(new CheckInput(List.of(), "membership-table", options, null, dumps,
                null), CheckBudget.unlimited());
    }

    @Test
    void replicasConverge() {
        JsonNode s = Ops.json("{\"members\":[\"a\",\"b\"],\"epoch\":3}");
        assertThat(replicas(Map.of("n1", s, "n2", s, "n3", s), Map.of()).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void replicaDiffIsReadable() {
        CheckResult r = replicas(Map.of("n1", Ops.json("{\"members\":[\"a\",\"b\"],\"epoch\":3}"),
                "n2", Ops.json("{\"members\":[\"b\",\"a\",\"c\"],\"epoch\":4,\"x\":1}")), Map.of("unordered-arrays", "true"));
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(Ops.lines(r).get(0)).isEqualTo("n1 vs n2: 3 differences\n  $.epoch: n1 = 3, n2 = 4\n"
                + "  $.members: n2 has [\"c\"] that n1 lacks\n  $.x: only n2 has it (n2 = 1)");
    }

    @Test
    void oneReplicaIsWeak() {
        assertThat(replicas(Map.of("n1", Ops.json("{}")), Map.of()).validity()).isEqualTo(Validity.UNKNOWN);
    }

    static CheckResult fairness(String metrics, Map<String, String> options) {
        return new FairnessChecker().check(new CheckInput(List.of(), null, options, null, Map.of(), Ops.json(metrics)),
                CheckBudget.unlimited());
    }

    static final String METRICS = "{\"aggregate\":{\"p99\":10},\"groups\":{"
            + "\"a\":{\"p99\":12,\"throughput\":100,\"errors\":0,\"requests\":1000,\"repeat_p99\":[11,12,12.5]},"
            + "\"b\":{\"p99\":30,\"throughput\":40,\"errors\":3,\"requests\":1000,\"repeat_p99\":[10,30]}}}";

    @Test
    void fairnessFormulas() {
        Map<String, String> t = Map.of("max-p99-ratio", "2", "min-throughput", "50", "max-repeat-spread", "0.5");
        CheckResult r = fairness(METRICS, t);
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(Ops.lines(r)).containsExactly(
                "group b: worst_group_p99 / aggregate_p99 = 30 / 10 = 3 > 2",
                "group b: throughput 40 < 50",
                "group b: error rate 0.00300 (3 errors / 1000 requests) ≠ 0",
                "group b: repeat_spread = (30 - 10) / 10 = 2 > 0.500");
        String fair = "{\"aggregate\":{\"p99\":10},\"groups\":[{\"group\":\"a\",\"p99\":12,\"throughput\":100,\"error_rate\":0,"
                + "\"repeat_p99\":[11,12]},{\"group\":\"b\",\"p99\":11,\"throughput\":90,\"error_rate\":0,\"repeat_p99\":[10,11]}]}";
        CheckResult ok = fairness(fair, t);
        assertThat(ok.validity()).isEqualTo(Validity.VALID);
        assertThat(fairness(fair, Map.of()).summary()).contains("not judged (no threshold declared)");
    }

    @Test
    void fairnessWithoutMetricsIsWeak() {
        assertThat(fairness("{\"groups\":{\"a\":{}}}", Map.of("min-throughput", "1")).validity()).isEqualTo(Validity.UNKNOWN);
    }
}
