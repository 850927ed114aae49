package dev.falsify.model.verdict;

import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.Validity;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The decision tree of {@code sessions-and-verdicts.md} as pure functions: evidence → arm verdict,
 * arm verdicts → scenario verdict, scenario verdicts → session headline.
 */
public final class VerdictRules {
    private VerdictRules() {
    }

    /**
     * The arm verdict. Branches, in order (the first that applies wins):
     * <ol>
     *   <li>a required capability probe failed → INCONCLUSIVE-env</li>
     *   <li>the arm was never reached → NOT-RUN</li>
     *   <li>a checker reported a violation → FAIL-reproducible when a same-seed re-run reproduced it,
     *       else FAIL-nondeterministic (including "not re-run yet")</li>
     *   <li>a planned fault was not injected or its landing is not proven → INCONCLUSIVE-fault-not-proven</li>
     *   <li>a declared §7.M checker has no result (or nothing at all ran) → PARTIAL-surface</li>
     *   <li>the history lacks a field the checker needs, a checker reported history weaknesses, or a
     *       checker judged a run in which no client op completed (no verdict without completed work) →
     *       INCONCLUSIVE-oracle-too-weak</li>
     *   <li>a checker consumed fewer ops than the history held, answered UNKNOWN, a weak-oracle audit item
     *       failed, or a green-but-broken check failed → PARTIAL-model</li>
     *   <li>no fault active → PASS-smoke</li>
     *   <li>fault active: a weak-oracle audit item left not evaluated makes it not eligible for
     *       PASS-hardening (the audit's own rule) → PASS-smoke; else hardening budget met → PASS-hardening
     *       (release annotated), else PASS-smoke</li>
     * </ol>
     */
    public static Decision decide(ArmEvidence e) {
        List<CapabilityResult> missing = e.probes().stream().filter(p -> p.required() && !p.present()).toList();
        if (!missing.isEmpty()) {
            return new Decision(Verdict.INCONCLUSIVE_ENV, false, "required capability missing: "
                    + missing.stream().map(CapabilityResult::requirement).collect(Collectors.joining(", ")));
        }
        if (!e.reached()) {
            return new Decision(Verdict.NOT_RUN, false, "the session never reached this arm");
        }
        List<OracleResult> violations = e.oracles().stream()
                .filter(o -> o.validity() == Validity.INVALID).toList();
        boolean violatedOnSomeSeed = e.seeds().stream().anyMatch(s -> s.outcome() == SeedRun.Outcome.VIOLATION);
        if (!violations.isEmpty() || violatedOnSomeSeed) {
            // one name per checker: the same checker failing on several seeds is one fact here
            String who = violations.isEmpty() ? "a run" : violations.stream().map(OracleResult::checker).distinct()
                    .collect(Collectors.joining(", "));
            List<SeedRun> reruns = e.seeds().stream().filter(SeedRun::rerun).toList();
            // "re-run on the same seed reproduces": a violating re-run counts only for a seed whose first run
            // violated (when the record names the violating seeds at all); seed 3 failing on its re-run does not
            // reproduce seed 7's violation
            Set<Long> violatingSeeds = e.seeds().stream().filter(s -> !s.rerun() && s.outcome() == SeedRun.Outcome.VIOLATION)
                    .map(SeedRun::seed).collect(Collectors.toSet());
            Optional<SeedRun> reproducing = reruns.stream().filter(s -> s.outcome() == SeedRun.Outcome.VIOLATION)
                    .filter(s -> violatingSeeds.isEmpty() || violatingSeeds.contains(s.seed())).findFirst();
            if (reproducing.isPresent()) {
                return new Decision(Verdict.FAIL_REPRODUCIBLE, false, "violation reported by " + who
                        + "; re-run on seed " + reproducing.get().seed() + " reproduced it");
            }
            return new Decision(Verdict.FAIL_NONDETERMINISTIC, false, "violation reported by " + who
                    + (reruns.isEmpty() ? "; no same-seed re-run was made, so reproduction is unproven"
                    : "; " + reruns.size() + " same-seed re-run(s) did not reproduce it"));
        }
        List<FaultEvidence> unproven = e.faults().stream().filter(f -> !f.active()).toList();
        if (!unproven.isEmpty()) {
            return new Decision(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, false, unproven.stream()
                    .map(f -> f.name() + (f.injected() ? " landing " + f.landing().name().toLowerCase().replace('_', ' ')
                            : " was not injected"))
                    .collect(Collectors.joining("; ")));
        }
        Set<String> ran = e.oracles().stream().map(o -> o.checker().strip().toLowerCase()).collect(Collectors.toSet());
        List<String> notRun = e.declaredCheckers().stream().filter(c -> !ran.contains(c.strip().toLowerCase())).toList();
        if (!notRun.isEmpty()) {
            return new Decision(Verdict.PARTIAL_SURFACE, false, "declared checker did not run: " + String.join(", ", notRun));
        }
        if (e.oracles().isEmpty()) {
            return new Decision(Verdict.PARTIAL_SURFACE, false, "no checker or oracle result was recorded");
        }
        List<String> weak = e.oracles().stream().flatMap(o -> o.weaknesses().stream().map(w -> o.checker() + ": " + w))
                .collect(Collectors.toList());
        weak.addAll(idle(e.oracles()));
        if (!e.historyGaps().isEmpty() || !weak.isEmpty()) {
            weak.addAll(0, e.historyGaps());
            return new Decision(Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK, false, "history too weak for the checker: "
                    + String.join("; ", weak));
        }
        for (OracleResult o : e.oracles()) {
            if (o.validity() == Validity.UNKNOWN) {
                return new Decision(Verdict.PARTIAL_MODEL, false, o.checker() + " answered unknown (budget exhausted)");
            }
            if (o.partialCoverage()) {
                return new Decision(Verdict.PARTIAL_MODEL, false, o.checker() + " consumed " + o.opsConsumed()
                        + " of " + o.opsTotal() + " ops");
            }
        }
        List<AuditItem> weakFailed = e.weakOracleAudit().stream().filter(a -> a.status() == AuditItem.Status.FAILED).toList();
        if (!weakFailed.isEmpty()) {
            return new Decision(Verdict.PARTIAL_MODEL, false, "weak-oracle audit item failed: "
                    + weakFailed.stream().map(a -> a.check() + " (" + a.evidenceOrNotEvaluated() + ")")
                    .collect(Collectors.joining("; ")));
        }
        List<AuditItem> broken = e.greenButBroken().stream().filter(a -> a.status() == AuditItem.Status.FAILED).toList();
        if (!broken.isEmpty()) {
            return new Decision(Verdict.PARTIAL_MODEL, false, "green-but-broken check failed: "
                    + broken.stream().map(a -> a.check() + " (" + a.evidenceOrNotEvaluated() + ")")
                    .collect(Collectors.joining("; ")));
        }
        String checked = checked(e.oracles());
        if (e.faults().isEmpty()) {
            return new Decision(Verdict.PASS_SMOKE, false, "no fault injected; " + checked + ": no anomaly");
        }
        // the audit is a fixed checklist: an item the evidence does not mention was not evaluated
        List<AuditItem> notEvaluated = AuditChecklist.complete(e.weakOracleAudit(), AuditCheck.Checklist.WEAK_ORACLE).stream()
                .filter(a -> a.status() == AuditItem.Status.NOT_EVALUATED).toList();
        if (!notEvaluated.isEmpty()) {
            return new Decision(Verdict.PASS_SMOKE, false, e.faults().size() + " fault(s) landed; " + checked
                    + ": no anomaly; not eligible for PASS-hardening, weak-oracle audit not evaluated: "
                    + notEvaluated.stream().map(AuditItem::check).collect(Collectors.joining("; ")));
        }
        if (e.budgetMet().atLeast(BudgetTier.HARDENING)) {
            return new Decision(Verdict.PASS_HARDENING, e.budgetMet() == BudgetTier.RELEASE, e.faults().size()
                    + " fault(s) landed; " + checked + ": no anomaly; " + e.budgetMet().label() + " budget met");
        }
        return new Decision(Verdict.PASS_SMOKE, false, e.faults().size() + " fault(s) landed; " + checked
                + ": no anomaly; hardening budget not met (" + e.budgetMet().label() + ")");
    }

    /**
     * A verdict needs completed work: per checker, the runs it judged in which no client op completed (every op
     * failed or timed out, or none was recorded), as weaknesses. A checker with such a run cannot PASS on it, nor
     * on the other seeds alone: what it was meant to check did not happen on every run. Results that do not
     * record completed ops (older evidence) are not judged by this rule.
     */
    static List<String> idle(List<OracleResult> oracles) {
        java.util.Map<String, long[]> runs = new java.util.LinkedHashMap<>(); // checker → {idle runs, runs}
        for (OracleResult o : oracles) {
            if (o.opsCompleted() == null) continue;
            long[] n = runs.computeIfAbsent(o.checker(), k -> new long[2]);
            if (o.judgedNoCompletedOp()) n[0]++;
            n[1]++;
        }
        List<String> out = new java.util.ArrayList<>();
        runs.forEach((checker, n) -> {
            if (n[0] > 0) out.add(checker + ": no client op completed in " + (n[1] == 1 ? "the run" : n[0] + " of the " + n[1] + " runs")
                    + " it judged, so it checked no completed work");
        });
        return out;
    }

    /**
     * Each checker named once, with the counts of each of its results and what they count
     * ("linearizability on 551 + 456 ops", "monitor on 214 message events"), and the client ops that completed
     * where recorded ("(540 + 450 completed)"): a scenario's seeds and re-runs are several results of one
     * checker, not several checkers.
     */
    static String checked(List<OracleResult> oracles) {
        java.util.Map<String, List<OracleResult>> by = new java.util.LinkedHashMap<>();
        for (OracleResult o : oracles) by.computeIfAbsent(o.checker(), k -> new java.util.ArrayList<>()).add(o);
        return by.entrySet().stream().map(en -> {
            List<OracleResult> rs = en.getValue();
            String counts = rs.stream().map(o -> String.valueOf(o.opsConsumed())).collect(Collectors.joining(" + "));
            String unit = rs.stream().map(OracleResult::unitName).distinct().collect(Collectors.joining("/"));
            String completed = rs.stream().allMatch(o -> o.opsCompleted() != null)
                    ? " (" + rs.stream().map(o -> String.valueOf(o.opsCompleted())).collect(Collectors.joining(" + "))
                    + " client ops completed)" : "";
            return en.getKey() + " on " + counts + " " + unit + completed;
        }).collect(Collectors.joining(", "));
    }

    /**
     * Arms → scenario. A single arm is the scenario. Otherwise: any FAIL arm makes the scenario FAIL
     * (reproducible wins); identical arms keep their verdict; an INCONCLUSIVE arm makes the scenario
     * INCONCLUSIVE (the first in declaration order of the enum); any NOT-RUN or PARTIAL arm caps it at
     * PARTIAL-surface; all PASS → the weakest PASS. No arms → NOT-RUN.
     */
    public static Verdict aggregate(Collection<Verdict> arms) {
        if (arms.isEmpty()) {
            return Verdict.NOT_RUN;
        }
        Set<Verdict> set = Set.copyOf(arms);
        if (set.contains(Verdict.FAIL_REPRODUCIBLE)) {
            return Verdict.FAIL_REPRODUCIBLE;
        }
        if (set.contains(Verdict.FAIL_NONDETERMINISTIC)) {
            return Verdict.FAIL_NONDETERMINISTIC;
        }
        if (set.size() == 1) {
            return set.iterator().next();
        }
        for (Verdict v : Verdict.values()) {
            if (v.isInconclusive() && set.contains(v)) {
                return v;
            }
        }
        if (set.stream().anyMatch(v -> v.isPartial() || v == Verdict.NOT_RUN)) {
            return Verdict.PARTIAL_SURFACE;
        }
        return set.contains(Verdict.PASS_SMOKE) ? Verdict.PASS_SMOKE : Verdict.PASS_HARDENING;
    }

    /**
     * Scenario verdicts → session headline: any FAIL → FAIL (every FAIL arm carries its seed and
     * fault schedule as reproducer); else ≥1 PASS → DONE, or DONE_WITH_CONCERNS when anything is
     * INCONCLUSIVE/PARTIAL/NOT-RUN; else nothing ran (no scenarios, all NOT-RUN) → BLOCKED; else
     * INCONCLUSIVE.
     */
    public static SessionHeadline headline(Collection<Verdict> scenarios) {
        if (scenarios.stream().anyMatch(Verdict::isFail)) {
            return SessionHeadline.FAIL;
        }
        if (scenarios.stream().anyMatch(Verdict::isPass)) {
            return scenarios.stream().allMatch(Verdict::isPass) ? SessionHeadline.DONE : SessionHeadline.DONE_WITH_CONCERNS;
        }
        if (scenarios.isEmpty() || scenarios.stream().allMatch(v -> v == Verdict.NOT_RUN)) {
            return SessionHeadline.BLOCKED;
        }
        return SessionHeadline.INCONCLUSIVE;
    }
}
