package dev.falsify.checkers.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.ExecutionEvidence;
import dev.falsify.model.history.Op;
import dev.falsify.model.verdict.AuditChecklist;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.AuditItem.Status;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The one evidence builder, used by the runner and the testkit. Each used to turn check results into oracle
 * results and build both checklists on its own, and they disagreed: the testkit left the failover, asymmetry and
 * statistics items "not evaluated" where the runner's rules decide them from what was observed, counted only the
 * first run's checks, and never applied "no verdict without completed work". The rules kept are the runner's;
 * a harness marks what it cannot observe, and the items resting on it stay not evaluated.
 */
class EvidenceBuilderTest {

    private static CheckResult check(String checker, long ops, Validity v) {
        return new CheckResult(checker, "register", v, new ExecutionEvidence(ops, ops, 1, 0, 0), null, List.of(), checker + " " + v);
    }

    private static HistoryStats history(int ops, boolean unique) {
        List<Op> out = new ArrayList<>();
        for (int i = 0; i < ops; i++) {
            out.add(new Op(String.valueOf(i), "p" + (i % 2), 10L * i, 10L * i + 5, "write", null,
                    IntNode.valueOf(unique ? i : 1), null, null, false, null, null, i));
        }
        return HistoryStats.of(out, -1);
    }

    private static ObservedRun run(boolean rerun, List<ObservedCheck> checks, List<HistoryStats> histories, List<ObservedFault> faults,
                                   long workloadMs, long logLines) {
        return new ObservedRun(7, rerun, "", "", checks, "", histories, faults, workloadMs, logLines, List.of());
    }

    private static AuditItem item(List<AuditItem> items, AuditCheck c) {
        return AuditChecklist.complete(items, c.checklist()).stream().filter(i -> i.item() == c).findFirst().orElseThrow();
    }

    /** What the testkit observes: histories and in-process faults; no timed workload, no log scan. */
    @Test
    void whatAHarnessCannotObserveStaysNotEvaluated() {
        ObservedFault fault = new ObservedFault("failEvery(3)", true, FaultEvidence.Landing.PROVEN, "failEvery(3): 4 of 12 calls faulted",
                false, false);
        ArmObservations o = new ArmObservations(null, null, List.of(run(false, List.of(new ObservedCheck(check("linearizability", 12,
                Validity.VALID), 12L, null)), List.of(history(12, true)), List.of(fault), -1, -1)), true, "", Map.of());
        List<OracleResult> oracles = EvidenceBuilder.oracles(o);
        List<AuditItem> gbb = EvidenceBuilder.greenButBroken(o, oracles);
        List<AuditItem> weak = EvidenceBuilder.weakOracleAudit(o);
        assertThat(item(gbb, AuditCheck.WORKLOAD_RATE).status()).isEqualTo(Status.NOT_EVALUATED);
        assertThat(item(gbb, AuditCheck.NO_ERROR_SUPPRESSION).status()).isEqualTo(Status.NOT_EVALUATED);
        assertThat(item(gbb, AuditCheck.RECOVERY).status()).as("no heal time in the history's clock").isEqualTo(Status.NOT_EVALUATED);
        assertThat(item(gbb, AuditCheck.FAULTS_INJECTED).status()).isEqualTo(Status.PASSED);
        assertThat(item(gbb, AuditCheck.CLOCK_SKEW).status()).isEqualTo(Status.PASSED);
        assertThat(item(weak, AuditCheck.FAILOVERS)).extracting(AuditItem::status, AuditItem::evidence)
                .containsExactly(Status.NOT_APPLICABLE, "no process fault in the schedule");
        assertThat(item(weak, AuditCheck.HIDDEN_RETRIES).status()).isEqualTo(Status.PASSED);
        assertThat(item(weak, AuditCheck.ASYMMETRIC_VARIANT).status()).isEqualTo(Status.NOT_EVALUATED);
        assertThat(item(weak, AuditCheck.THREE_SEEDS).status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(item(weak, AuditCheck.NOT_LOGS_ONLY).evidence()).isEqualTo("linearizability consumed 12 recorded ops");
    }

    @Test
    void reRunsAreEvidenceAndTheirCompletedWorkCounts() {
        ArmObservations o = new ArmObservations(null, null, List.of(
                run(false, List.of(new ObservedCheck(check("linearizability", 5, Validity.INVALID), 5L, null)), List.of(history(5, true)),
                        List.of(), 100, 10),
                run(true, List.of(new ObservedCheck(check("linearizability", 6, Validity.INVALID), 0L, null)), List.of(history(6, true)),
                        List.of(), 100, 10)), true, "", Map.of());
        List<OracleResult> oracles = EvidenceBuilder.oracles(o);
        assertThat(oracles).extracting(OracleResult::opsConsumed).containsExactly(5L, 6L);
        assertThat(oracles.get(1).judgedNoCompletedOp()).isTrue();
        assertThat(item(EvidenceBuilder.greenButBroken(o, oracles), AuditCheck.ORACLE_COVERAGE).evidence())
                .isEqualTo("linearizability 11/11 ops over 2 runs");
        assertThat(item(EvidenceBuilder.greenButBroken(o, oracles), AuditCheck.WORKLOAD_RATE).evidence())
                .as("the checklist counts the seeds' first runs").startsWith("5 of 5 ops completed, over all 1 seed(s)");
    }

    @Test
    void aCheckWithoutAHistoryIsTooWeakAndAMonitorCountsMessageEvents() {
        ArmObservations o = new ArmObservations(null, null, List.of(new ObservedRun(1, false, "S1-1", "", List.of(
                new ObservedCheck(check("monitor", 214, Validity.VALID), null, OracleResult.MESSAGE_EVENTS)), "", List.of(HistoryStats.EMPTY),
                List.of(), 1000, 3, List.of())), false, "the run block records no history", Map.of());
        OracleResult r = EvidenceBuilder.oracles(o).get(0);
        assertThat(r.weaknesses()).containsExactly("the run block records no history");
        assertThat(r.consumedText()).isEqualTo("214/214 message events");
        assertThat(r.summary()).isEqualTo("monitor VALID [S1-1, ]");
        assertThat(item(EvidenceBuilder.weakOracleAudit(o), AuditCheck.NOT_FINAL_STATE_ONLY).evidence())
                .isEqualTo("monitor consumed 214 message events");
        assertThat(item(EvidenceBuilder.greenButBroken(o, List.of(r)), AuditCheck.WORKLOAD_RATE).status()).isEqualTo(Status.NOT_EVALUATED);
    }

    @Test
    void anItemDeclaredNotApplicableIsSo() {
        ArmObservations o = new ArmObservations(null, null, List.of(run(false, List.of(), List.of(), List.of(), -1, -1)), true, "",
                Map.of(AuditCheck.ASYMMETRIC_VARIANT, "declared not applicable by T#m"));
        assertThat(item(EvidenceBuilder.weakOracleAudit(o), AuditCheck.ASYMMETRIC_VARIANT))
                .extracting(AuditItem::status, AuditItem::evidence).containsExactly(Status.NOT_APPLICABLE, "declared not applicable by T#m");
        assertThat(item(EvidenceBuilder.weakOracleAudit(o), AuditCheck.TIMESTAMPS_MONOTONIC).status()).isEqualTo(Status.NOT_EVALUATED);
    }

    @Test
    void nothingFinishedNothingTicked() {
        ArmObservations o = new ArmObservations(null, null, List.of(new ObservedRun(1, false, "S1-1", "cancelled", List.of(), "",
                List.of(HistoryStats.EMPTY), List.of(), 0, 0, List.of())), true, "", Map.of());
        assertThat(EvidenceBuilder.greenButBroken(o, List.of())).isEmpty();
        assertThat(EvidenceBuilder.weakOracleAudit(o)).filteredOn(AuditItem::ticked).extracting(AuditItem::item)
                .containsExactly(AuditCheck.FAILOVERS, AuditCheck.ASYMMETRIC_VARIANT, AuditCheck.THREE_SEEDS);
    }
}
