package dev.falsify.checkers.evidence;

import java.util.List;

/**
 * One run of an arm: a seed's first run, or a same-seed re-run after a violation.
 *
 * @param seed         the seed
 * @param rerun        a same-seed re-run
 * @param label        the run's name in the session ({@code S1-1}, {@code S1-1-rerun1}), or empty when the
 *                     harness names none
 * @param error        why the run could not finish, or empty when it finished
 * @param checks       the checks it made
 * @param historyFile  the recorded history as the session names it, or empty
 * @param histories    facts about each history it recorded ({@link HistoryStats#EMPTY} for a run that should have
 *                     recorded one and did not); empty when the harness cannot tell
 * @param faults       each planned fault as this run saw it
 * @param workloadMs   how long the workload ran, or -1 when the harness has no timed workload
 * @param logLines     service log lines scanned for errors, or -1 when the harness scans none
 * @param errorMarkers the error lines the scan found
 */
public record ObservedRun(long seed, boolean rerun, String label, String error, List<ObservedCheck> checks,
                          String historyFile, List<HistoryStats> histories, List<ObservedFault> faults, long workloadMs,
                          long logLines, List<String> errorMarkers) {

    public ObservedRun {
        label = label == null ? "" : label;
        error = error == null ? "" : error;
        checks = List.copyOf(checks);
        historyFile = historyFile == null ? "" : historyFile;
        histories = List.copyOf(histories);
        faults = List.copyOf(faults);
        errorMarkers = List.copyOf(errorMarkers);
    }

    /** The run finished (it may still have found a violation). */
    public boolean finished() {
        return error.isEmpty();
    }
}
