package dev.falsify.runner.run;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.evidence.HistoryStats;
import dev.falsify.model.verdict.SeedRun;
import java.util.List;

/**
 * One seed's run of an arm, everything the evidence needs.
 *
 * @param seed            the seed
 * @param rerun           a same-seed re-run
 * @param label           log/artifact label ({@code S1-1}, {@code S1-1-rerun1})
 * @param outcome         clean, violation, or error (harness could not finish)
 * @param error           why it could not finish, or empty
 * @param faults          per scheduled fault, what happened
 * @param checks          checker results
 * @param missingCheckers run-block checkers Falsify does not have
 * @param stats           history statistics
 * @param workloadMs      how long the workload ran
 * @param logLines        lines the services wrote
 * @param errorMarkers    error / exception lines in service logs
 * @param historyFile     the annotated history artifact, relative to the session folder, or empty
 */
record SeedResult(long seed, boolean rerun, String label, SeedRun.Outcome outcome, String error,
                  List<FaultObservation> faults, List<CheckResult> checks, List<String> missingCheckers,
                  HistoryStats stats, long workloadMs, long logLines, List<String> errorMarkers, String historyFile) {
}
