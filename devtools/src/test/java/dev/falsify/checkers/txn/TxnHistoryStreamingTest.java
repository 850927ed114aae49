package dev.falsify.checkers.txn;

// In devtools, not checkers: it reads histories from the scale generator, a dev tool (same package, so it sees TxnHistory).

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckResultJson;
import dev.falsify.devtools.bench.ScaleHistories;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.model.history.Op;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Txns are read op by op and keep a copy of their op without its value trees: what a txn cites of its
 * op is unchanged, and a history checked streamed answers exactly as the same history checked whole.
 */
class TxnHistoryStreamingTest {

    private static History generated(boolean broken, long seed) throws IOException {
        StringWriter w = new StringWriter();
        ScaleHistories.write(w, ScaleHistories.Kind.LIST_APPEND, 800, broken, seed);
        return Histories.parse(w.toString(), "la.edn", null);
    }

    @ParameterizedTest
    @ValueSource(longs = {3, 4, 5})
    void aTxnCitesItsOpAsBeforeWithoutItsValues(long seed) throws IOException {
        List<Op> ops = generated(true, seed).ops();
        TxnHistory h = TxnHistory.of(ops, Set.of("append", "r"));
        assertThat(h.txns()).hasSameSizeAs(ops);
        for (Txn t : h.txns()) {
            Op original = ops.get(t.node());
            assertThat(t.op()).usingRecursiveComparison().ignoringFields("input", "output").isEqualTo(original);
            assertThat(t.op().input().isNull()).isTrue();
            assertThat(t.op().output().isNull()).isTrue();
            assertThat(t.outcome()).isEqualTo(original.outcome());
            assertThat(t.label()).isEqualTo("T" + original.opId());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void streamedAndWholeGiveTheSameAnswer(boolean broken) throws IOException {
        History h = generated(broken, 11);
        ListAppendChecker checker = new ListAppendChecker();
        for (Map<String, String> options : List.of(Map.<String, String>of(), Map.of("realtime", "true", "process", "true"))) {
            CheckResult whole = checker.check(new CheckInput(h.ops(), null, options, null, Map.of(), null), CheckBudget.unlimited());
            CheckResult streamed = checker.check(h.ops().iterator(), null, options, CheckBudget.unlimited());
            assertThat(CheckResultJson.toJson(streamed).without("evidence").toString())
                    .isEqualTo(CheckResultJson.toJson(whole).without("evidence").toString());
            assertThat(streamed.evidence().opsTotal()).isEqualTo(whole.evidence().opsTotal()).isEqualTo(800);
        }
    }
}
