package dev.falsify.checkers.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ListAppendCheckerTest {
    static CheckResult check(List<Op> ops, Map<String, String> options) {
        return new ListAppendChecker().check(new CheckInput(ops, "list-append", options, null, Map.of(), null),
                CheckBudget.unlimited());
    }

    static CheckResult check(TxnOps h) {
        return check(h.build(), Map.of());
    }

    @Test
    void g0WriteCycle() {
        CheckResult r = check(TxnOps.lists().ok("ax1 ay1").ok("ax2 ay2").ok("rx12 ry21"));
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(TxnOps.types(r)).containsExactly("G0");
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.G0);
        assertThat(a.txns()).extracting(TxnCounterexample.Txn::label).containsExactlyInAnyOrder("T1", "T2");
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::explanation)
                .contains("T2 appended 2 after T1's 1 in x's version order",
                        "T1 appended 1 after T2's 2 in y's version order");
        // as Elle's consistency-model table gives it: read-uncommitted and everything stronger
        assertThat(a.modelsRuledOut()).startsWith("read-uncommitted")
                .contains("read-committed", "snapshot-isolation", "serializable", "strict-serializable");
    }

    @Test
    void g0AbsentWhenOrdersAgree() {
        CheckResult r = check(TxnOps.lists().ok("ax1 ay1").ok("ax2 ay2").ok("rx12 ry12"));
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.counterexample()).isNull();
        assertThat(r.weaknesses()).isEmpty();
    }

    @Test
    void g1aAbortedRead() {
        CheckResult r = check(TxnOps.lists().fail("ax1").ok("rx1"));
        assertThat(TxnOps.types(r)).containsExactly("G1a");
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.G1A);
        assertThat(a.edges().get(0).explanation()).isEqualTo("T2 read x=[1] including 1, which T1 appended in a txn that failed (aborted)");
        assertThat(a.modelsRuledOut()).startsWith("read-committed").doesNotContain("read-uncommitted");
    }

    @Test
    void g1aAbsentWhenFailedWriteUnseen() {
        CheckResult r = check(TxnOps.lists().fail("ax1").ok("ax2").ok("rx2"));
        assertThat(r.validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void g1bIntermediateRead() {
        CheckResult r = check(TxnOps.lists().ok("ax1 ax2").ok("rx1"));
        assertThat(TxnOps.types(r)).contains("G1b");
        assertThat(TxnOps.first(r, AnomalyType.G1B).edges().get(0).explanation())
                .contains("intermediate state of T1", "appended more to x later");
    }

    @Test
    void g1bAbsentWhenWholeTxnSeen() {
        assertThat(check(TxnOps.lists().ok("ax1 ax2").ok("rx12")).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void g1cCircularInformationFlow() {
        CheckResult r = check(TxnOps.lists().ok("ax1 ry1").ok("ax2 ay1").ok("rx12"));
        assertThat(TxnOps.types(r)).containsExactly("G1c");
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.G1C);
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::kind).containsExactlyInAnyOrder("wr", "ww");
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::explanation)
                .contains("T1 read y=[1] which T2 wrote by appending 1");
    }

    @Test
    void g1cAbsentWhenReadFollowsWrite() {
        assertThat(check(TxnOps.lists().ok("ax1").ok("ax2 ay1").ok("rx12 ry1")).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void gSingleReadSkew() {
        CheckResult r = check(TxnOps.lists().ok("ax1 ay1").ok("ax2 ry").ok("rx12"));
        assertThat(TxnOps.types(r)).containsExactly("G-single");
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.G_SINGLE);
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::kind).containsExactlyInAnyOrder("rw", "ww");
        // Elle: G-single-item rules out consistent-view and repeatable-read, and everything stronger
        assertThat(a.modelsRuledOut()).startsWith("consistent-view", "repeatable-read")
                .contains("snapshot-isolation", "serializable", "strict-serializable").doesNotContain("read-committed");
    }

    @Test
    void writeSkewIsG2ItemNotGSingle() {
        CheckResult r = check(TxnOps.lists().ok("ax1 ry").ok("ay1 rx"));
        assertThat(TxnOps.types(r)).containsExactly("G2-item");
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.G2_ITEM);
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::kind).containsExactly("rw", "rw");
        // Elle: G2-item rules out repeatable-read and stronger, but not snapshot isolation
        assertThat(a.modelsRuledOut()).startsWith("repeatable-read").contains("serializable", "strict-serializable")
                .doesNotContain("snapshot-isolation");
    }

    @Test
    void g2AbsentWhenOneSawTheOther() {
        assertThat(check(TxnOps.lists().ok("ax1 ry").ok("ay1 rx1")).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void incompatibleOrder() {
        CheckResult r = check(TxnOps.lists().ok("ax1").ok("ax2").ok("ax3").ok("rx13").ok("rx123"));
        assertThat(TxnOps.types(r)).contains("incompatible-order");
        assertThat(TxnOps.first(r, AnomalyType.INCOMPATIBLE_ORDER).edges().get(0).explanation())
                .contains("x=[1 3]", "x=[1 2 3]", "neither is a prefix");
    }

    @Test
    void compatiblePrefixesAreFine() {
        assertThat(check(TxnOps.lists().ok("ax1").ok("ax2").ok("rx12").ok("ax3").ok("rx123")).validity())
                .isEqualTo(Validity.VALID);
    }

    @Test
    void duplicateElements() {
        CheckResult r = check(TxnOps.lists().ok("ax1").ok("ax2").ok("rx121"));
        assertThat(TxnOps.types(r)).contains("duplicate-elements");
        assertThat(TxnOps.first(r, AnomalyType.DUPLICATE_ELEMENTS).explanation()).contains("1 ×2");
        assertThat(TxnOps.first(r, AnomalyType.DUPLICATE_ELEMENTS).modelsRuledOut()).startsWith("read-uncommitted");
    }

    @Test
    void internalInconsistency() {
        CheckResult r = check(TxnOps.lists().ok("ax1 ax2 ax4").ok("ax3 rx1234"));
        assertThat(TxnOps.types(r)).contains("internal");
        assertThat(TxnOps.first(r, AnomalyType.INTERNAL).explanation()).contains("after appending [3]");
        CheckResult stale = check(TxnOps.lists().ok("ax1 ax2").ok("rx12 ax3 rx12"));
        assertThat(TxnOps.types(stale)).contains("internal");
    }

    @Test
    void internalConsistentTxnIsFine() {
        assertThat(check(TxnOps.lists().ok("ax1 ax2").ok("rx12 ax3 rx123")).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void dirtyUpdate() {
        CheckResult r = check(TxnOps.lists().fail("ax1").ok("ax2").ok("rx12"));
        assertThat(TxnOps.types(r)).contains("dirty-update", "G1a");
        assertThat(TxnOps.first(r, AnomalyType.DIRTY_UPDATE).edges().get(0).explanation())
                .contains("T2 appended 2 to x on top of 1, which T1 appended in a txn that failed");
    }

    @Test
    void noDirtyUpdateWhenFailedElementAbsent() {
        CheckResult r = check(TxnOps.lists().fail("ax1").ok("ax2").ok("rx2"));
        assertThat(TxnOps.types(r)).doesNotContain("dirty-update");
    }

    @Test
    void realTimeStaleReadIsGSingleOnlyWithRealtimeEdges() {
        // T3 reads x=[1] after T2 (appending 2) completed: serializable, not strict-serializable
        List<Op> h = TxnOps.lists().ok("0", 0, 1, "ax1").ok("1", 2, 3, "ax2").ok("2", 4, 5, "rx1")
                .ok("3", 6, 7, "rx12").build();
        assertThat(check(h, Map.of()).validity()).isEqualTo(Validity.VALID);
        CheckResult r = check(h, Map.of("realtime", "true"));
        assertThat(TxnOps.types(r)).containsExactly("G-single");
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.G_SINGLE);
        assertThat(a.realtime()).isTrue();
        assertThat(a.modelsRuledOut()).containsExactly("strong-snapshot-isolation", "strict-serializable");
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::kind).contains("realtime", "rw");
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::explanation)
                .anyMatch(e -> e.contains("completed (t=3) before T3 was invoked (t=4)"));
    }

    @Test
    void concurrentTxnsGetNoRealtimeEdge() {
        // closed intervals: T2 completes at 4, T3 is invoked at 4: concurrent, so no anomaly
        List<Op> h = TxnOps.lists().ok("0", 0, 1, "ax1").ok("1", 2, 4, "ax2").ok("2", 4, 5, "rx1")
                .ok("3", 6, 7, "rx12").build();
        assertThat(check(h, Map.of("realtime", "true")).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void processOrderAnomaly() {
        // process 1 appends 2 and then reads x=[1]: session order violated
        List<Op> h = TxnOps.lists().ok("0", 0, 1, "ax1").ok("1", 2, 3, "ax2").ok("1", 4, 5, "rx1")
                .ok("2", 6, 7, "rx12").build();
        CheckResult r = check(h, Map.of("process", "true"));
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.G_SINGLE);
        assertThat(a.process()).isTrue();
        assertThat(a.modelsRuledOut()).contains("strong-session-snapshot-isolation", "strict-serializable")
                .doesNotContain("snapshot-isolation");
        assertThat(a.edges()).extracting(TxnCounterexample.Edge::explanation).contains("T2 < T3: process 1 ran T2 and then T3");
    }

    @Test
    void unknownOutcomeWriterThatWasReadTakesPart() {
        CheckResult r = check(TxnOps.lists().info("ax1 ay1").ok("ax2 ay2").ok("rx12 ry21"));
        assertThat(TxnOps.types(r)).containsExactly("G0");
    }

    @Test
    void weakHistoryIsNeverAPass() {
        List<Op> h = new java.util.ArrayList<>(TxnOps.lists().ok("ax1").ok("rx1").build());
        h.add(new Op("9", "0", 100, 101L, "read", "x", com.fasterxml.jackson.databind.node.NullNode.getInstance(),
                com.fasterxml.jackson.databind.node.NullNode.getInstance(), null, false, null, null, 7));
        CheckResult r = check(h, Map.of());
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).extracting(w -> w.kind()).containsExactly("not-a-transaction");
        assertThat(r.weaknesses().get(0).opIds()).containsExactly("9@line7");
    }

    @Test
    void historyWithoutReadsIsWeak() {
        CheckResult r = check(TxnOps.lists().ok("ax1").ok("ax2"));
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).extracting(w -> w.kind()).contains("no-observations");
    }

    @Test
    void committedTxnWithoutOutputIsWeak() {
        Op noOutput = new Op("5", "0", 50, 55L, "txn", null,
                new com.fasterxml.jackson.databind.ObjectMapper().createArrayNode().add(
                        new com.fasterxml.jackson.databind.ObjectMapper().createArrayNode().add("r").add("x").addNull()),
                com.fasterxml.jackson.databind.node.NullNode.getInstance(), null, false, null, null, 3);
        List<Op> h = new java.util.ArrayList<>(TxnOps.lists().ok("ax1").ok("rx1").build());
        h.add(noOutput);
        CheckResult r = check(h, Map.of());
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).extracting(w -> w.kind()).containsExactly("missing-field");
    }

    @Test
    void exhaustedBudgetIsUnknownNotAGuess() {
        CheckBudget budget = CheckBudget.of(java.time.Duration.ofSeconds(10));
        budget.cancelled().set(true);
        TxnOps b = TxnOps.lists().ok("ax1").ok("rx1");
        CheckResult r = new ListAppendChecker().check(CheckInput.of(b.build(), "list-append"), budget);
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.summary()).contains("cancelled");
    }
}
