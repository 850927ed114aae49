package dev.falsify.checkers.evidence;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.vocabulary.AuditCheck;
import java.util.List;
import java.util.Map;

/**
 * What one scenario arm's runs showed, whichever harness ran them ({@code falsify run}, the JUnit testkit): the
 * input of the {@link EvidenceBuilder}. A harness reports what it observed and marks what it cannot observe
 * (no timed workload, no log scan, no history), and the builder leaves the items that rest on it "not evaluated".
 *
 * @param plan                  the plan, or null when the harness has none
 * @param scenario              the arm's scenario in the plan, or null
 * @param runs                  every run, in order (each seed's first run, then its re-runs)
 * @param recordsHistory        the harness records a client-op history for this arm
 * @param noHistoryWeakness     what an oracle result of a check without a history says (how to record one)
 * @param declaredNotApplicable items the test's author declared not applicable, with the declaration as evidence
 */
public record ArmObservations(Plan plan, Scenario scenario, List<ObservedRun> runs, boolean recordsHistory,
                              String noHistoryWeakness, Map<AuditCheck, String> declaredNotApplicable) {

    public ArmObservations {
        runs = List.copyOf(runs);
        noHistoryWeakness = noHistoryWeakness == null ? "" : noHistoryWeakness;
        declaredNotApplicable = Map.copyOf(declaredNotApplicable);
    }

    /** The seeds' first runs. */
    List<ObservedRun> primary() {
        return runs.stream().filter(r -> !r.rerun()).toList();
    }

    /** The seeds' first runs that finished: what the checklists count over. */
    List<ObservedRun> done() {
        return runs.stream().filter(r -> !r.rerun() && r.finished()).toList();
    }
}
