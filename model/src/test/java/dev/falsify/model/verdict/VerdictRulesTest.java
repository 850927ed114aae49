package dev.falsify.model.verdict;

import static dev.falsify.model.verdict.EvidenceFixtures.cleanHardening;
import static dev.falsify.model.verdict.EvidenceFixtures.cleanSmoke;
import static dev.falsify.model.verdict.EvidenceFixtures.valid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.vocabulary.Validity;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VerdictRulesTest {

    private static final OracleResult INVALID = new OracleResult("linearizability", Validity.INVALID,
            4812, 4812, List.of(), "op 311 cannot be linearized");
    private static final SeedRun FIRST_VIOLATION = new SeedRun(7, false, SeedRun.Outcome.VIOLATION);

    /** One row per branch of the decision tree: name, evidence, expected verdict, expected release flag, reason fragment. */
    static Stream<Arguments> branches() {
        return Stream.of(
                Arguments.of("required capability missing", cleanHardening().probes(List.of(
                        new CapabilityResult("iptables", false, "", "", true))).build(),
                        Verdict.INCONCLUSIVE_ENV, false, "iptables"),
                Arguments.of("missing capability wins over never reached", cleanHardening().reached(false).probes(List.of(
                        new CapabilityResult("docker", false, "", "", true))).build(),
                        Verdict.INCONCLUSIVE_ENV, false, "docker"),
                Arguments.of("optional capability missing is not env", cleanSmoke().probes(List.of(
                        new CapabilityResult("tc", false, "", "", false))).build(),
                        Verdict.PASS_SMOKE, false, "no anomaly"),
                Arguments.of("arm never reached", ArmEvidence.notReached("S4", "api"),
                        Verdict.NOT_RUN, false, "never reached"),
                Arguments.of("violation reproduced on same-seed re-run", cleanHardening().oracles(List.of(INVALID))
                        .seeds(List.of(FIRST_VIOLATION, new SeedRun(7, true, SeedRun.Outcome.VIOLATION))).build(),
                        Verdict.FAIL_REPRODUCIBLE, false, "seed 7 reproduced"),
                Arguments.of("violation not reproduced on re-run", cleanHardening().oracles(List.of(INVALID))
                        .seeds(List.of(FIRST_VIOLATION, new SeedRun(7, true, SeedRun.Outcome.CLEAN))).build(),
                        Verdict.FAIL_NONDETERMINISTIC, false, "did not reproduce"),
                Arguments.of("violation never re-run", cleanHardening().oracles(List.of(INVALID))
                        .seeds(List.of(FIRST_VIOLATION)).build(),
                        Verdict.FAIL_NONDETERMINISTIC, false, "no same-seed re-run"),
                Arguments.of("violation beats unproven fault", cleanHardening().oracles(List.of(INVALID))
                        .faults(List.of(new FaultEvidence("kill-n2", "process KILL", true, true, List.of(),
                                FaultEvidence.Landing.AMBIGUOUS)))
                        .seeds(List.of(FIRST_VIOLATION, new SeedRun(7, true, SeedRun.Outcome.VIOLATION))).build(),
                        Verdict.FAIL_REPRODUCIBLE, false, "linearizability"),
                Arguments.of("fault injected, landing not proven", cleanHardening().faults(List.of(
                        new FaultEvidence("partition-n1", "partition", true, true, List.of(new LandingReading("", "bytes dropped",
                                "0", "0", "delta > 0", false)), FaultEvidence.Landing.NOT_PROVEN))).build(),
                        Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, false, "partition-n1 landing not proven"),
                Arguments.of("fault planned, never injected", cleanHardening().faults(List.of(
                        new FaultEvidence("kill-n2", "process KILL", false, false, List.of(), null))).build(),
                        Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, false, "kill-n2 was not injected"),
                Arguments.of("declared checker did not run", cleanHardening().oracles(List.of(valid("http-health", 120)))
                        .build(), Verdict.PARTIAL_SURFACE, false, "linearizability"),
                Arguments.of("nothing checked at all", cleanSmoke().declaredCheckers(List.of()).oracles(List.of()).build(),
                        Verdict.PARTIAL_SURFACE, false, "no checker"),
                Arguments.of("history lacks a field", cleanHardening().historyGaps(List.of("history has no :index field"))
                        .build(), Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK, false, ":index"),
                Arguments.of("checker reports history weakness", cleanHardening().oracles(List.of(new OracleResult(
                        "linearizability", Validity.VALID, 90, 90, List.of("output on timed-out op t-4"), "")))
                        .build(), Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK, false, "t-4"),
                Arguments.of("checker consumed a subset", cleanHardening().oracles(List.of(new OracleResult(
                        "linearizability", Validity.VALID, 3000, 4812, List.of(), "per-key only"))).build(),
                        Verdict.PARTIAL_MODEL, false, "3000 of 4812"),
                Arguments.of("checker ran out of budget", cleanHardening().oracles(List.of(new OracleResult(
                        "linearizability", Validity.UNKNOWN, 4812, 4812, List.of(), "timeout"))).build(),
                        Verdict.PARTIAL_MODEL, false, "unknown"),
                Arguments.of("weak-oracle item not evaluated: not eligible for hardening", cleanHardening()
                        .budgetMet(BudgetTier.RELEASE).weakOracleAudit(EvidenceFixtures.auditWith(
                        AuditItem.notEvaluated("more than one failover if failover-based"))).build(),
                        Verdict.PASS_SMOKE, false, "not eligible for PASS-hardening, weak-oracle audit not evaluated: more than one failover if failover-based"),
                Arguments.of("weak-oracle items missing from the evidence count as not evaluated", cleanHardening()
                        .weakOracleAudit(List.of()).build(), Verdict.PASS_SMOKE, false,
                        "not evaluated: oracle is not final state only; oracle is not logs only"),
                Arguments.of("weak-oracle item not evaluated without a fault is plain smoke", cleanSmoke().weakOracleAudit(List.of(
                        AuditItem.notEvaluated("timestamps monotonic"))).build(),
                        Verdict.PASS_SMOKE, false, "no fault injected"),
                Arguments.of("weak-oracle item failed", cleanHardening().weakOracleAudit(EvidenceFixtures.auditWith(new AuditItem(
                        "oracle is not final state only", AuditItem.Status.FAILED, "only a final dump was compared"))).build(),
                        Verdict.PARTIAL_MODEL, false, "final dump"),
                Arguments.of("weak-oracle item not applicable is ticked", cleanHardening().weakOracleAudit(EvidenceFixtures.auditWith(new AuditItem(
                        "more than one failover if failover-based", AuditItem.Status.NOT_APPLICABLE, ""))).build(),
                        Verdict.PASS_HARDENING, false, "hardening budget met"),
                Arguments.of("green-but-broken check failed", cleanHardening().greenButBroken(List.of(new AuditItem(
                        "workload produced the expected ops/s", AuditItem.Status.FAILED, "12 ops/s of 500 expected"))).build(),
                        Verdict.PARTIAL_MODEL, false, "12 ops/s"),
                Arguments.of("green-but-broken not evaluated does not block", cleanHardening().greenButBroken(List.of(
                        AuditItem.notEvaluated("baseline comparison is fair"))).build(),
                        Verdict.PASS_HARDENING, false, "no anomaly"),
                Arguments.of("no fault active", cleanSmoke().build(), Verdict.PASS_SMOKE, false, "no fault injected"),
                Arguments.of("no fault, release budget still smoke verdict", cleanSmoke().budgetMet(BudgetTier.RELEASE).build(),
                        Verdict.PASS_SMOKE, false, "no fault injected"),
                Arguments.of("fault active, hardening met", cleanHardening().build(), Verdict.PASS_HARDENING, false,
                        "hardening budget met"),
                Arguments.of("fault active, release met", cleanHardening().budgetMet(BudgetTier.RELEASE).build(),
                        Verdict.PASS_HARDENING, true, "release budget met"),
                Arguments.of("fault active, only smoke budget", cleanHardening().budgetMet(BudgetTier.SMOKE).build(),
                        Verdict.PASS_SMOKE, false, "hardening budget not met (smoke)"),
                Arguments.of("fault active, no budget met", cleanHardening().budgetMet(BudgetTier.NONE).build(),
                        Verdict.PASS_SMOKE, false, "hardening budget not met (none)"),
                // cases the tree's order decides that the rows above do not reach
                Arguments.of("never reached beats a violation", cleanHardening().reached(false).oracles(List.of(INVALID))
                        .build(), Verdict.NOT_RUN, false, "never reached"),
                Arguments.of("flaky: one seed of three violated, its re-run was clean (every checker VALID)", cleanHardening()
                        .seeds(List.of(new SeedRun(1, false, SeedRun.Outcome.CLEAN), new SeedRun(2, false, SeedRun.Outcome.VIOLATION),
                                new SeedRun(2, true, SeedRun.Outcome.CLEAN), new SeedRun(3, false, SeedRun.Outcome.CLEAN))).build(),
                        Verdict.FAIL_NONDETERMINISTIC, false, "1 same-seed re-run(s) did not reproduce"),
                Arguments.of("a violating re-run of another seed does not reproduce", cleanHardening().oracles(List.of(INVALID))
                        .seeds(List.of(FIRST_VIOLATION, new SeedRun(3, false, SeedRun.Outcome.CLEAN),
                                new SeedRun(3, true, SeedRun.Outcome.VIOLATION), new SeedRun(7, true, SeedRun.Outcome.CLEAN))).build(),
                        Verdict.FAIL_NONDETERMINISTIC, false, "did not reproduce"),
                Arguments.of("landing not measured is not proven", cleanHardening().faults(List.of(new FaultEvidence("latency-n3",
                        "latency", true, true, List.of(), FaultEvidence.Landing.NOT_MEASURED))).build(),
                        Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, false, "latency-n3 landing not measured"),
                Arguments.of("unproven fault beats a checker that did not run", cleanHardening().oracles(List.of())
                        .faults(List.of(new FaultEvidence("kill-n2", "process KILL", false, false, List.of(), null))).build(),
                        Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, false, "kill-n2"),
                Arguments.of("checker not run beats a history gap", cleanHardening().oracles(List.of(valid("http-health", 9)))
                        .historyGaps(List.of("no :index")).build(), Verdict.PARTIAL_SURFACE, false, "linearizability"),
                Arguments.of("history gap beats partial coverage", cleanHardening().historyGaps(List.of("no :process field"))
                        .oracles(List.of(new OracleResult("linearizability", Validity.VALID, 10, 4812, List.of(), "")))
                        .build(), Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK, false, ":process"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("branches")
    void decisionTree(String name, ArmEvidence evidence, Verdict expected, boolean release, String reasonFragment) {
        Decision d = VerdictRules.decide(evidence);
        assertThat(d.verdict()).as(name).isEqualTo(expected);
        assertThat(d.release()).as(name + " release").isEqualTo(release);
        assertThat(d.reason()).as(name + " reason").contains(reasonFragment);
    }

    @Test
    void aCheckerFailingOnTwoSeedsIsNamedOnce() {
        Decision d = VerdictRules.decide(cleanHardening().oracles(List.of(INVALID, INVALID))
                .seeds(List.of(FIRST_VIOLATION, new SeedRun(7, true, SeedRun.Outcome.VIOLATION))).build());
        assertThat(d.reason()).startsWith("violation reported by " + INVALID.checker() + ";");
    }

    @Test
    void aPassingCheckerOverARunAndItsReRunIsNamedOnce() {
        Decision d = VerdictRules.decide(cleanHardening().declaredCheckers(List.of("monitor"))
                .oracles(List.of(valid("monitor", 196), valid("monitor", 180))).build());
        assertThat(d.verdict()).isEqualTo(Verdict.PASS_HARDENING);
        assertThat(d.reason()).contains("monitor on 196 + 180 ops: no anomaly").doesNotContain("monitor on 196 ops, monitor");
        assertThat(VerdictRules.checked(List.of(valid("linearizability", 5), valid("monitor", 3), valid("linearizability", 7))))
                .isEqualTo("linearizability on 5 + 7 ops, monitor on 3 ops");
    }

    @Test
    void theTableReachesEveryVerdict() {
        Set<Verdict> reached = branches().map(a -> VerdictRules.decide((ArmEvidence) a.get()[1]).verdict())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Verdict.class)));
        assertThat(reached).containsExactlyInAnyOrder(Verdict.values());
    }

    @Test
    void releaseDisplay() {
        assertThat(VerdictRules.decide(cleanHardening().budgetMet(BudgetTier.RELEASE).build()).display())
                .isEqualTo("PASS-hardening (release)");
    }

    static Stream<Arguments> aggregation() {
        Verdict ps = Verdict.PASS_SMOKE;
        Verdict ph = Verdict.PASS_HARDENING;
        return Stream.of(
                Arguments.of(List.of(), Verdict.NOT_RUN),
                Arguments.of(List.of(Verdict.PARTIAL_MODEL), Verdict.PARTIAL_MODEL),
                Arguments.of(List.of(ph, ph), ph),
                Arguments.of(List.of(ph, ps), ps),
                Arguments.of(List.of(ph, Verdict.FAIL_NONDETERMINISTIC), Verdict.FAIL_NONDETERMINISTIC),
                Arguments.of(List.of(Verdict.FAIL_NONDETERMINISTIC, Verdict.FAIL_REPRODUCIBLE), Verdict.FAIL_REPRODUCIBLE),
                Arguments.of(List.of(Verdict.NOT_RUN, Verdict.FAIL_REPRODUCIBLE), Verdict.FAIL_REPRODUCIBLE),
                Arguments.of(List.of(ph, Verdict.NOT_RUN), Verdict.PARTIAL_SURFACE),
                Arguments.of(List.of(ph, Verdict.PARTIAL_MODEL), Verdict.PARTIAL_SURFACE),
                Arguments.of(List.of(Verdict.PARTIAL_MODEL, Verdict.PARTIAL_MODEL), Verdict.PARTIAL_MODEL),
                Arguments.of(List.of(Verdict.NOT_RUN, Verdict.NOT_RUN), Verdict.NOT_RUN),
                Arguments.of(List.of(ps, Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN), Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN),
                Arguments.of(List.of(Verdict.PARTIAL_SURFACE, Verdict.INCONCLUSIVE_ENV), Verdict.INCONCLUSIVE_ENV),
                Arguments.of(List.of(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK),
                        Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("aggregation")
    void armsAggregateToScenario(List<Verdict> arms, Verdict expected) {
        assertThat(VerdictRules.aggregate(arms)).isEqualTo(expected);
    }

    static Stream<Arguments> headlines() {
        return Stream.of(
                Arguments.of(List.of(Verdict.PASS_HARDENING, Verdict.FAIL_REPRODUCIBLE), SessionHeadline.FAIL),
                Arguments.of(List.of(Verdict.FAIL_NONDETERMINISTIC, Verdict.NOT_RUN), SessionHeadline.FAIL),
                Arguments.of(List.of(Verdict.PASS_HARDENING, Verdict.PASS_SMOKE), SessionHeadline.DONE),
                Arguments.of(List.of(Verdict.PASS_HARDENING, Verdict.PARTIAL_MODEL), SessionHeadline.DONE_WITH_CONCERNS),
                Arguments.of(List.of(Verdict.PASS_SMOKE, Verdict.INCONCLUSIVE_ENV), SessionHeadline.DONE_WITH_CONCERNS),
                Arguments.of(List.of(Verdict.PASS_SMOKE, Verdict.NOT_RUN), SessionHeadline.DONE_WITH_CONCERNS),
                Arguments.of(List.of(Verdict.INCONCLUSIVE_ENV, Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN),
                        SessionHeadline.INCONCLUSIVE),
                Arguments.of(List.of(Verdict.PARTIAL_SURFACE, Verdict.INCONCLUSIVE_ENV), SessionHeadline.INCONCLUSIVE),
                Arguments.of(List.of(Verdict.NOT_RUN, Verdict.NOT_RUN), SessionHeadline.BLOCKED),
                Arguments.of(List.of(), SessionHeadline.BLOCKED));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("headlines")
    void sessionHeadline(List<Verdict> scenarios, SessionHeadline expected) {
        assertThat(VerdictRules.headline(scenarios)).isEqualTo(expected);
    }
}
