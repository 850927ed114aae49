package dev.falsify.testkit;

import dev.falsify.checkers.evidence.ArmObservations;
import dev.falsify.checkers.evidence.EvidenceBuilder;
import dev.falsify.checkers.evidence.HistoryStats;
import dev.falsify.checkers.evidence.ObservedCheck;
import dev.falsify.checkers.evidence.ObservedFault;
import dev.falsify.checkers.evidence.ObservedRun;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.session.FindingDetail;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.opentest4j.TestAbortedException;

/**
 * The evidence record of one scenario test, for the verdict rules: its planned faults with their
 * landing (a plan's own count of injected faults is the landing evidence of an in-process fault), a
 * failure of the test's own assertions as a surface oracle, the seed runs and the budget tier met (by
 * op count, see {@link #budget}). The oracle results of the checks its assertions ran and both
 * checklists come from the {@link EvidenceBuilder} the runner uses too; what a test cannot observe (a
 * timed workload, service logs) stays "not evaluated" there.
 */
final class TestArm {
    /** Name of the surface oracle a test's own failing assertions (or an exception) stand for. */
    static final String TEST_ASSERTIONS = "test assertions";
    private static final Pattern OPS = Pattern.compile("(\\d[\\d_,]*)\\s*ops?\\b", Pattern.CASE_INSENSITIVE);

    /** One execution of the test body. */
    record Run(List<FaultPlan> plans, List<TestEvidence.Check> checks, Throwable thrown) {
        /** A checker found a violation, or the test failed other than by a fault not landing. */
        boolean violated() {
            return checks.stream().anyMatch(c -> c.result().validity() == dev.falsify.model.vocabulary.Validity.INVALID)
                    || thrown != null && !(thrown instanceof FaultsNotLandedError) && !(thrown instanceof TestAbortedException)
                    && !(thrown instanceof FalsifyAssertionError f && f.result().isPresent());
        }
    }

    private final String scenario;
    private final String arm;
    private final FalsifyScenario ann;
    private final String testRef;
    private final Plan plan;
    private final Optional<Scenario> planned;
    private final Run first;
    private final Run again;

    TestArm(String scenario, String arm, FalsifyScenario ann, String testRef, Plan plan,
            Optional<Scenario> planned, Run first, Run again) {
        this.scenario = scenario;
        this.arm = arm;
        this.ann = ann;
        this.testRef = testRef;
        this.plan = plan;
        this.planned = planned;
        this.first = first;
        this.again = again;
    }

    ArmEvidence evidence() {
        if (first.thrown() instanceof TestAbortedException t) {
            return ArmEvidence.builder(scenario, arm).reached(false).notes("test aborted: " + t.getMessage()).build();
        }
        ArmObservations observed = observations();
        List<OracleResult> checked = EvidenceBuilder.oracles(observed);
        List<OracleResult> oracles = new ArrayList<>(checked);
        if (first.violated() && first.checks().stream().noneMatch(c -> c.result().validity() == Validity.INVALID)) {
            oracles.add(new OracleResult(TEST_ASSERTIONS, Validity.INVALID, 0, 0, List.of(),
                    "the test failed: " + describe(first.thrown())));
        }
        List<SeedRun> seeds = new ArrayList<>();
        seeds.add(new SeedRun(ann.seed(), false, outcome(first)));
        if (again != null) seeds.add(new SeedRun(ann.seed(), true, outcome(again)));
        List<FaultEvidence> faults = first.plans().stream().filter(FaultPlan::isPlanned).map(TestArm::fault).toList();
        long opsChecked = first.checks().stream().mapToLong(c -> c.result().evidence().ops()).max().orElse(0);
        List<String> notes = new ArrayList<>();
        BudgetTier tier = budget(opsChecked, faults.stream().allMatch(FaultEvidence::active), notes);
        return ArmEvidence.builder(scenario, arm)
                .faults(faults)
                .declaredCheckers(planned.map(s -> s.declaredCheckers(List.of())).orElse(List.of()))
                .oracles(oracles)
                .seeds(seeds)
                .budgetMet(tier)
                .greenButBroken(EvidenceBuilder.greenButBroken(observed, checked))
                .weakOracleAudit(EvidenceBuilder.weakOracleAudit(observed))
                .notes(String.join("; ", notes))
                .build();
    }

    /**
     * The test's runs as the evidence builder reads them: each check with the history it ran on, the planned faults
     * (in-process call faults: never a process fault, and no direction to be asymmetric in), no timed workload and
     * no service logs; and the weak-oracle items the test declares not applicable.
     */
    private ArmObservations observations() {
        List<ObservedRun> runs = new ArrayList<>();
        runs.add(observed(first, false));
        if (again != null) runs.add(observed(again, true));
        Map<AuditCheck, String> declared = new EnumMap<>(AuditCheck.class);
        for (AuditCheck item : AuditCheck.Checklist.WEAK_ORACLE.items()) {
            for (String n : ann.notApplicable()) {
                if (!n.isBlank() && item.text().toLowerCase(Locale.ROOT).contains(n.strip().toLowerCase(Locale.ROOT))) {
                    declared.put(item, "declared not applicable by " + testRef);
                }
            }
        }
        return new ArmObservations(plan, planned.orElse(null), runs, true, "", declared);
    }

    private ObservedRun observed(Run r, boolean rerun) {
        List<ObservedCheck> checks = new ArrayList<>();
        List<HistoryStats> histories = new ArrayList<>();
        for (TestEvidence.Check c : r.checks()) {
            HistoryStats h = HistoryStats.of(c.ops(), -1);
            checks.add(new ObservedCheck(c.result(), h.ok(), null));
            if (!c.ops().isEmpty()) histories.add(h);
        }
        List<ObservedFault> faults = r.plans().stream().filter(FaultPlan::isPlanned)
                .map(p -> new ObservedFault(p.name(), p.fired() > 0, p.fired() > 0 ? FaultEvidence.Landing.PROVEN
                        : FaultEvidence.Landing.NOT_PROVEN, p.name() + ": " + p.fired() + " of " + p.calls()
                        + " calls faulted, counted by the plan at the wrapped port, where the call fails", false, false))
                .toList();
        return new ObservedRun(ann.seed(), rerun, "", "", checks, "", histories, faults, -1, -1, List.of());
    }

    FindingDetail detail() {
        String plans = first.plans().stream().map(p -> p.name() + " (" + p.fired() + "/" + p.calls() + " calls faulted)")
                .collect(Collectors.joining(", "));
        String checks = first.checks().stream().map(c -> c.result().checker() + " " + c.result().validity().name()
                .toLowerCase(Locale.ROOT) + " on " + c.result().evidence().ops() + " ops").collect(Collectors.joining(", "));
        String happened = "JUnit test " + testRef + (first.thrown() == null ? " passed" : " failed: " + describe(first.thrown()))
                + ". Fault plans: " + (plans.isEmpty() ? "none" : plans) + ". Checks: " + (checks.isEmpty() ? "none" : checks)
                + (again == null ? "" : ". Re-run of the body with seed " + ann.seed() + ": "
                + (again.violated() ? "violation again" : "no violation"));
        String counterexample = first.checks().stream().filter(c -> !c.counterexample().isBlank())
                .map(TestEvidence.Check::counterexample).findFirst().orElse("");
        return new FindingDetail(planned.map(Scenario::name).orElse(testRef),
                planned.map(s -> String.join(", ", s.closes())).orElse(""),
                happened + (counterexample.isBlank() ? "" : ". Counterexample: " + counterexample.lines().map(String::strip)
                        .filter(l -> !l.isEmpty()).collect(Collectors.joining(" / "))),
                "mvn -B test -Dtest='" + testRef + "' (seed " + ann.seed() + "; the fault plans are deterministic)",
                "", "", "");
    }

    private static SeedRun.Outcome outcome(Run r) {
        return r.violated() ? SeedRun.Outcome.VIOLATION
                : r.thrown() != null && !(r.thrown() instanceof FalsifyAssertionError) ? SeedRun.Outcome.ERROR
                : SeedRun.Outcome.CLEAN;
    }

    private static String describe(Throwable t) {
        String m = t.getMessage() == null ? "" : t.getMessage().lines().findFirst().orElse("");
        return t.getClass().getSimpleName() + (m.isBlank() ? "" : ": " + m);
    }

    /** A planned fault: injected when any call was faulted; the plan's event record is its landing evidence. */
    private static FaultEvidence fault(FaultPlan p) {
        List<FaultEvent> events = p.events();
        boolean landed = p.fired() > 0;
        LandingReading reading = new LandingReading(events.isEmpty() ? "" : events.get(0).time().toString(),
                "faults injected by plan " + p.name() + " (of " + p.calls() + " calls)", "0", Long.toString(p.fired()),
                "fired > 0", landed);
        return new FaultEvidence(p.name(), p.kind(), landed, true, List.of(reading),
                landed ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN);
    }

    /**
     * The tier met, by the op counts the plan's budgets state ({@code ≥ 50 ops}): a test has no
     * workload duration, so the runner's seeds × duration reading does not apply. Smoke: a checker
     * consumed at least the smoke count (any op when none is stated). Hardening: the hardening count,
     * with every planned fault landed; a hardening budget that states no op count is never met.
     */
    private BudgetTier budget(long opsChecked, boolean faultsLanded, List<String> notes) {
        if (opsChecked == 0) {
            notes.add("budget: no checker consumed any op");
            return BudgetTier.NONE;
        }
        Optional<Long> smoke = planned.flatMap(s -> opCount(s.smokeBudget()));
        Optional<Long> hardening = planned.flatMap(s -> opCount(s.hardeningBudget()));
        String ran = "checker consumed " + opsChecked + " ops";
        if (smoke.isPresent() && opsChecked < smoke.get()) {
            notes.add("budget: smoke needs " + smoke.get() + " ops, " + ran);
            return BudgetTier.NONE;
        }
        if (hardening.isPresent() && opsChecked >= hardening.get() && faultsLanded) {
            notes.add("budget: hardening " + hardening.get() + " ops met, " + ran);
            return BudgetTier.HARDENING;
        }
        notes.add("budget: smoke met (" + ran + "); hardening " + hardening.map(h -> "needs " + h + " ops"
                + (faultsLanded ? "" : " and every fault landed")).orElse("states no op count"));
        return BudgetTier.SMOKE;
    }

    static Optional<Long> opCount(String budget) {
        if (budget == null) return Optional.empty();
        Matcher m = OPS.matcher(budget);
        return m.find() ? Optional.of(Long.parseLong(m.group(1).replaceAll("[_,]", ""))) : Optional.empty();
    }
}
