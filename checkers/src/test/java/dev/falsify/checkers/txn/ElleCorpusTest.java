package dev.falsify.checkers.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.checkers.history.CorpusPaths;
import dev.falsify.checkers.history.Histories;
import dev.falsify.model.vocabulary.Validity;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Elle histories in the shared corpus, read through the jepsen-edn reader. */
class ElleCorpusTest {
    static CheckResult check(String file, Map<String, String> options) throws Exception {
        var h = Histories.readAll(CorpusPaths.of("elle/" + file), null);
        return new ListAppendChecker().check(new CheckInput(h.ops(), "list-append", options, null, Map.of(), null),
                CheckBudget.of(Duration.ofSeconds(60)));
    }

    @Test
    void paperExampleAnomalyIsFoundAndExplained() throws Exception {
        CheckResult r = check("paper-example.edn", Map.of());
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        TxnCounterexample cx = (TxnCounterexample) r.counterexample();
        assertThat(cx.anomalyTypes()).containsExactly("G-single");
        TxnCounterexample.Anomaly a = cx.anomalies().get(0);
        assertThat(a.txns()).extracting(TxnCounterexample.Txn::label).containsExactlyInAnyOrder("T2", "T4", "T6");
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::explanation).containsExactlyInAnyOrder(
                "T6 read 255=[2 3 4 5] without 8, which T2 appended next in 255's version order",
                "T4 read 255=[2 3 4 5 8] which T2 wrote by appending 8",
                "T6 appended 3 to 256, which no read saw, so it comes after T4's 4, the last element any read of 256 saw");
        assertThat(a.modelsRuledOut()).startsWith("consistent-view", "repeatable-read")
                .contains("snapshot-isolation", "serializable", "strict-serializable");
    }

    /** Golden file of the counterexample JSON; regenerate with -Dfalsify.updateGolden=true after a deliberate change. */
    @Test
    void paperExampleJsonMatchesGolden() throws Exception {
        CheckResult r = check("paper-example.edn", Map.of());
        String json = new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(dev.falsify.checkers.api.CheckResultJson.counterexample(r.counterexample())) + "\n";
        java.nio.file.Path golden = java.nio.file.Path.of("src/test/resources/dev/falsify/checkers/txn/paper-example.json");
        if (Boolean.getBoolean("falsify.updateGolden")) java.nio.file.Files.writeString(golden, json);
        assertThat(json).isEqualTo(java.nio.file.Files.readString(golden));
    }

    @Test
    void elleHistoriesAreRecognisedAsListAppendAndJsonFieldsAdded() throws Exception {
        var h = Histories.readAll(CorpusPaths.of("elle/paper-example.edn"), null);
        assertThat(TransactionalChecker.suggest(h.ops())).isEqualTo("list-append");
        var multi = Histories.readAll(CorpusPaths.of("knossos/multi-register/good/multi-register.edn"), null);
        // register txns are Elle's rw-register, never the multi-register linearizability model by default
        assertThat(TransactionalChecker.suggest(multi.ops())).isEqualTo("rw-register");
        var json = dev.falsify.checkers.api.CheckResultJson.toJson(check("paper-example.edn", Map.of())).get("counterexample");
        assertThat(json.get("anomalyTypes").toString()).isEqualTo("[\"G-single\"]");
        assertThat(json.get("anomalies").get(0).get("edges").get(0).get("explanation").asText()).contains("without 8");
        assertThat(json.get("anomalies").get(0).get("edges").get(0).get("value").asText()).isEqualTo("8");
        var valid = dev.falsify.checkers.api.CheckResultJson.toJson(check("huge-scc.edn", Map.of()));
        assertThat(valid.get("counterexample").isNull()).isTrue();
    }

    @Test
    void failedTxnsFromJepsenEdnGiveAbortedReadsAndDirtyUpdates() {
        String edn = """
                {:type :invoke, :f :txn, :value [[:append :x 1]], :process 0}
                {:type :fail, :f :txn, :value [[:append :x 1]], :process 0, :error :aborted}
                {:type :invoke, :f :txn, :value [[:append :x 2]], :process 1}
                {:type :ok, :f :txn, :value [[:append :x 2]], :process 1}
                {:type :invoke, :f :txn, :value [[:r :x nil]], :process 2}
                {:type :ok, :f :txn, :value [[:r :x [1 2]]], :process 2}
                """;
        var h = Histories.parse(edn, "g1a.edn", null);
        CheckResult r = new ListAppendChecker().check(CheckInput.of(h.ops(), "list-append"), CheckBudget.unlimited());
        TxnCounterexample cx = (TxnCounterexample) r.counterexample();
        assertThat(cx.anomalyTypes()).containsExactly("G1a", "dirty-update");
        assertThat(cx.anomalies().get(0).edges().get(0).explanation())
                .isEqualTo("T4 read x=[1 2] including 1, which T0 appended in a txn that failed (aborted)");
    }

    @Test
    void snapshotIsolatedHistoryIsNotGSingle() throws Exception {
        CheckResult r = check("si-without-g-single.edn", Map.of());
        TxnCounterexample cx = (TxnCounterexample) r.counterexample();
        assertThat(cx.anomalyTypes()).containsExactly("G2-item");
        assertThat(cx.anomalies()).allSatisfy(a -> assertThat(a.modelsRuledOut()).doesNotContain("snapshot-isolation"));
        // with real-time edges (the file's order is its real-time order) a G-single may need them, and
        // then it only rules out the real-time models
        CheckResult withOrder = check("si-without-g-single.edn", Map.of("realtime", "true"));
        assertThat(((TxnCounterexample) withOrder.counterexample()).anomalies())
                .filteredOn(a -> a.type().equals(AnomalyType.G_SINGLE.spelling()))
                .allSatisfy(a -> {
                    assertThat(a.realtime()).isTrue();
                    assertThat(a.modelsRuledOut()).doesNotContain("snapshot-isolation");
                });
    }
}
