package dev.falsify.model.verdict;

import dev.falsify.model.vocabulary.PlanId;
import java.util.List;
import java.util.Objects;

/**
 * Everything known about one scenario arm after (or instead of) its run; the only input of
 * {@link VerdictRules#decide}. The runner fills it as events happen; a reader rebuilds it from the
 * {@code falsify-evidence} block of a findings file.
 *
 * @param scenario         scenario id as in the plan ({@code S1}, {@code S05})
 * @param arm              arm name ({@code api} for {@code S5/api}); empty for a scenario without arms
 * @param reached          false when the session never got to this arm
 * @param probes           environment capability probe results
 * @param faults           planned faults with what was observed of them
 * @param declaredCheckers the model-level checkers the plan's §7.M names (empty when §7.M is not applicable)
 * @param oracles          results of every checker or surface oracle that ran
 * @param historyGaps      fields the checker requires that the recorded history lacks, or "checker does not fit model" notes
 * @param seeds            runs per seed, including re-runs
 * @param budgetMet        the highest budget tier the run met
 * @param greenButBroken   green-but-broken checks, each evaluated with evidence or left not evaluated
 * @param weakOracleAudit  weak-oracle audit items, same shape
 * @param notes            free text for people
 */
public record ArmEvidence(String scenario, String arm, boolean reached, List<CapabilityResult> probes,
                          List<FaultEvidence> faults, List<String> declaredCheckers, List<OracleResult> oracles,
                          List<String> historyGaps, List<SeedRun> seeds, BudgetTier budgetMet,
                          List<AuditItem> greenButBroken, List<AuditItem> weakOracleAudit, String notes) {

    public ArmEvidence {
        Objects.requireNonNull(scenario, "scenario");
        arm = arm == null ? "" : arm;
        probes = copy(probes);
        faults = copy(faults);
        declaredCheckers = copy(declaredCheckers);
        oracles = copy(oracles);
        historyGaps = copy(historyGaps);
        seeds = copy(seeds);
        budgetMet = budgetMet == null ? BudgetTier.NONE : budgetMet;
        greenButBroken = copy(greenButBroken);
        weakOracleAudit = copy(weakOracleAudit);
        notes = notes == null ? "" : notes;
    }

    private static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    /** An arm that was never reached: verdict NOT-RUN. */
    public static ArmEvidence notReached(String scenario, String arm) {
        return builder(scenario, arm).reached(false).build();
    }

    /** {@code S5/api}, or {@code S1} for a scenario without arms. */
    public String armId() {
        return PlanId.of(scenario, arm);
    }

    public static Builder builder(String scenario, String arm) {
        return new Builder(scenario, arm);
    }

    /** Copy with some fields changed. */
    public Builder toBuilder() {
        Builder b = new Builder(scenario, arm);
        b.reached = reached;
        b.probes = probes;
        b.faults = faults;
        b.declaredCheckers = declaredCheckers;
        b.oracles = oracles;
        b.historyGaps = historyGaps;
        b.seeds = seeds;
        b.budgetMet = budgetMet;
        b.greenButBroken = greenButBroken;
        b.weakOracleAudit = weakOracleAudit;
        b.notes = notes;
        return b;
    }

    /** Fluent construction for the runner, which learns evidence one piece at a time. */
    public static final class Builder {
        private String scenario;
        private String arm;
        private boolean reached = true;
        private List<CapabilityResult> probes = List.of();
        private List<FaultEvidence> faults = List.of();
        private List<String> declaredCheckers = List.of();
        private List<OracleResult> oracles = List.of();
        private List<String> historyGaps = List.of();
        private List<SeedRun> seeds = List.of();
        private BudgetTier budgetMet = BudgetTier.NONE;
        private List<AuditItem> greenButBroken = List.of();
        private List<AuditItem> weakOracleAudit = List.of();
        private String notes = "";

        private Builder(String scenario, String arm) {
            this.scenario = scenario;
            this.arm = arm;
        }

        /** Re-targets the evidence at another scenario / arm. */
        public Builder id(String scenario, String arm) { this.scenario = scenario; this.arm = arm; return this; }
        public Builder reached(boolean v) { reached = v; return this; }
        public Builder probes(List<CapabilityResult> v) { probes = v; return this; }
        public Builder faults(List<FaultEvidence> v) { faults = v; return this; }
        public Builder declaredCheckers(List<String> v) { declaredCheckers = v; return this; }
        public Builder oracles(List<OracleResult> v) { oracles = v; return this; }
        public Builder historyGaps(List<String> v) { historyGaps = v; return this; }
        public Builder seeds(List<SeedRun> v) { seeds = v; return this; }
        public Builder budgetMet(BudgetTier v) { budgetMet = v; return this; }
        public Builder greenButBroken(List<AuditItem> v) { greenButBroken = v; return this; }
        public Builder weakOracleAudit(List<AuditItem> v) { weakOracleAudit = v; return this; }
        public Builder notes(String v) { notes = v; return this; }

        public ArmEvidence build() {
            return new ArmEvidence(scenario, arm, reached, probes, faults, declaredCheckers, oracles, historyGaps,
                    seeds, budgetMet, greenButBroken, weakOracleAudit, notes);
        }
    }
}
