package dev.falsify.checkers.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.model.vocabulary.Validity;
import org.junit.jupiter.api.Test;

class RwRegisterCheckerTest {
    static CheckResult check(TxnOps h) {
        return new RwRegisterChecker().check(CheckInput.of(h.build(), "rw-register"), CheckBudget.unlimited());
    }

    @Test
    void serialHistoryIsValid() {
        CheckResult r = check(TxnOps.registers().ok("wx1").ok("rx1 wx2").ok("rx2 wy3").ok("ry3"));
        assertThat(r.validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void lostUpdateIsNamedAndRulesOutWhatElleRulesOut() {
        // both read x=1 and both overwrite it: Elle's lost-update (and a G2-item cycle)
        CheckResult r = check(TxnOps.registers().ok("wx1").ok("rx1 wx2").ok("rx1 wx3"));
        assertThat(TxnOps.types(r)).containsExactly("G2-item", "lost-update");
        TxnCounterexample.Anomaly lost = TxnOps.first(r, AnomalyType.LOST_UPDATE);
        assertThat(lost.txns()).extracting(TxnCounterexample.Txn::label).containsExactly("T2", "T3");
        assertThat(lost.explanation()).isEqualTo("lost update: T2, T3 both read x=1 and each then wrote x, so one of"
                + " their updates was overwritten by a txn that never saw it.");
        assertThat(lost.edges()).singleElement().satisfies(e -> assertThat(e.explanation())
                .isEqualTo("T2 and T3 both read x=1 and then wrote x: whichever took effect second overwrote the"
                        + " other's update without having seen it"));
        // Elle's consistency-model table: lost update rules out update-atomic and cursor-stability
        // (the weakest), so snapshot isolation too
        assertThat(lost.modelsRuledOut()).startsWith("cursor-stability", "update-atomic")
                .contains("snapshot-isolation", "repeatable-read", "serializable", "strict-serializable")
                .doesNotContain("read-committed");
        assertThat(r.summary()).contains("rules out cursor-stability, update-atomic and every model stronger");
        assertThat(TxnOps.first(r, AnomalyType.G2_ITEM).edges()).extracting(TxnCounterexample.Edge::explanation)
                .contains("T2 read x=1, which T3 overwrote with x=3", "T3 read x=1, which T2 overwrote with x=2");
    }

    @Test
    void writeSkewFromInitialValues() {
        CheckResult r = check(TxnOps.registers().ok("rx wy1").ok("ry wx1"));
        assertThat(TxnOps.types(r)).containsExactly("G2-item");
        assertThat(TxnOps.first(r, AnomalyType.G2_ITEM).edges()).extracting(TxnCounterexample.Edge::explanation)
                .contains("T1 read x's initial value (nil), before T2 wrote x=1");
    }

    @Test
    void readSkewIsGSingle() {
        // T1 writes x=1,y=1; T2 writes x=2,y=2 after reading x=1; T3 sees y=1 (old) but x=2 (new)
        CheckResult r = check(TxnOps.registers().ok("wx1 wy1").ok("rx1 wx2 ry1 wy2").ok("rx2 ry1"));
        assertThat(TxnOps.types(r)).containsExactly("G-single");
    }

    @Test
    void circularInformationFlowIsG1c() {
        CheckResult r = check(TxnOps.registers().ok("wx1 ry2").ok("wy2 rx1"));
        assertThat(TxnOps.types(r)).containsExactly("G1c");
        assertThat(TxnOps.first(r, AnomalyType.G1C).edges()).extracting(TxnCounterexample.Edge::explanation)
                .contains("T1 read y=2, which T2 wrote", "T2 read x=1, which T1 wrote");
    }

    @Test
    void writeCycleIsG0() {
        // writes-follow-reads order x: 1 < 2 (T2 read 1), y: 4 < 3 (T1 read 4)
        CheckResult r = check(TxnOps.registers().ok("ry4 wx1 wy3").ok("rx1 wx2 wy4"));
        assertThat(TxnOps.types(r)).contains("G0");
    }

    @Test
    void abortedAndIntermediateReads() {
        CheckResult g1a = check(TxnOps.registers().fail("wx1").ok("rx1"));
        assertThat(TxnOps.types(g1a)).containsExactly("G1a");
        CheckResult g1b = check(TxnOps.registers().ok("wx1 wx2").ok("rx1"));
        assertThat(TxnOps.types(g1b)).contains("G1b");
        assertThat(check(TxnOps.registers().ok("wx1 wx2").ok("rx2")).validity()).isEqualTo(Validity.VALID);
        assertThat(check(TxnOps.registers().fail("wx1").ok("wx2").ok("rx2")).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void internalReads() {
        assertThat(TxnOps.types(check(TxnOps.registers().ok("wx1").ok("wx2 rx1")))).contains("internal");
        assertThat(TxnOps.types(check(TxnOps.registers().ok("wx1").ok("wx3").ok("rx1 rx3")))).contains("internal");
        assertThat(check(TxnOps.registers().ok("wx1").ok("rx1 wx2 rx2")).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void duplicateWritesMakeTheHistoryWeak() {
        CheckResult r = check(TxnOps.registers().ok("wx1").ok("wx1").ok("rx1"));
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).extracting(w -> w.kind()).contains("duplicate-writes");
    }
}
