package dev.falsify.model.verdict;

import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.Validity;
import java.util.List;

/** Small evidence records for tests: a clean hardening arm and variations of it. */
public final class EvidenceFixtures {
    private EvidenceFixtures() {
    }

    public static final LandingReading DROPPED = new LandingReading("2026-11-30T04:15:20Z", "proxy n1 bytes dropped",
            "0", "18432", "delta > 0", true);

    public static FaultEvidence landed(String name) {
        return new FaultEvidence(name, "partition", true, true, List.of(DROPPED), FaultEvidence.Landing.PROVEN);
    }

    public static OracleResult valid(String checker, long ops) {
        return new OracleResult(checker, Validity.VALID, ops, ops, List.of(), "linearizable");
    }

    /** Fault landed, linearizability consumed every op, hardening budget met, audits ticked. */
    public static ArmEvidence.Builder cleanHardening() {
        return ArmEvidence.builder("S1", "")
                .probes(List.of(new CapabilityResult("java", true, "17", "/usr/bin/java", true)))
                .faults(List.of(landed("partition-n1")))
                .declaredCheckers(List.of("linearizability"))
                .oracles(List.of(valid("linearizability", 4812)))
                .seeds(List.of(new SeedRun(1, false, SeedRun.Outcome.CLEAN), new SeedRun(2, false, SeedRun.Outcome.CLEAN),
                        new SeedRun(3, false, SeedRun.Outcome.CLEAN)))
                .budgetMet(BudgetTier.HARDENING)
                .greenButBroken(List.of(new AuditItem("oracle ran on every intended cycle", AuditItem.Status.PASSED,
                        "4812 of 4812 ops")))
                .weakOracleAudit(AuditCheck.Checklist.WEAK_ORACLE.items().stream().map(AuditCheck::text).map(item -> item.startsWith("timestamps")
                        ? new AuditItem(item, AuditItem.Status.PASSED, "no backwards step in 4812 ops")
                        : item.startsWith("more than one failover") || item.startsWith("at least one asymmetric")
                        ? new AuditItem(item, AuditItem.Status.NOT_APPLICABLE, "")
                        : new AuditItem(item, AuditItem.Status.PASSED, "checked by the fixture")).toList());
    }

    /** The fixture's fully ticked weak-oracle audit with one item replaced (the same checklist item). */
    public static List<AuditItem> auditWith(AuditItem changed) {
        return cleanHardening().build().weakOracleAudit().stream()
                .map(a -> a.item() == changed.item() ? changed : a).toList();
    }

    /** No fault planned, otherwise clean. */
    public static ArmEvidence.Builder cleanSmoke() {
        return cleanHardening().faults(List.of()).budgetMet(BudgetTier.SMOKE);
    }
}
