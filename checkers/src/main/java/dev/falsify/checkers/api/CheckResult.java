package dev.falsify.checkers.api;

import dev.falsify.model.vocabulary.Validity;
import java.util.List;

/**
 * The one result shape every checker returns; {@link CheckResultJson} writes it and
 * {@link CheckResultText} renders it, for the CLI, the runner's session files, the report and the UI.
 *
 * @param checker        checker name as in the picker (linearizability, list-append, no-lost-ack, ...)
 * @param model          model name the history was checked against (may be null for model-free oracles)
 * @param validity       the answer
 * @param evidence       execution evidence
 * @param counterexample explanation data when INVALID (or what was explored when UNKNOWN); null when VALID
 * @param weaknesses     history weaknesses found; non-empty means the answer cannot be trusted as a PASS
 *                       (the reader's weakening notes are among them once the pipeline attached them)
 * @param summary        one line for people
 * @param notes          what the history's reader tolerated or found missing (empty when the
 *                       checker ran on ops not read from a file)
 * @param linearization  for a VALID linearizability result whose caller asked for it, one
 *                       linearization per partition; null otherwise
 * @param historyStartNs the first invocation of the history checked (what "ms from the start" counts
 *                       from when the result is rendered), or null when the result did not come
 *                       through the pipeline
 */
public record CheckResult(String checker, String model, Validity validity, ExecutionEvidence evidence,
                          Counterexample counterexample, List<HistoryWeakness> weaknesses, String summary,
                          List<ReadNote> notes, Linearization linearization, Long historyStartNs) {
    public CheckResult {
        weaknesses = List.copyOf(weaknesses);
        notes = List.copyOf(notes);
    }

    public CheckResult(String checker, String model, Validity validity, ExecutionEvidence evidence,
                       Counterexample counterexample, List<HistoryWeakness> weaknesses, String summary,
                       List<ReadNote> notes) {
        this(checker, model, validity, evidence, counterexample, weaknesses, summary, notes, null, null);
    }

    /** A checker's own result, before the pipeline attaches what the reader noticed. */
    public CheckResult(String checker, String model, Validity validity, ExecutionEvidence evidence,
                       Counterexample counterexample, List<HistoryWeakness> weaknesses, String summary) {
        this(checker, model, validity, evidence, counterexample, weaknesses, summary, List.of());
    }

    /** This result with other weaknesses and notes. */
    public CheckResult with(List<HistoryWeakness> weaknesses, List<ReadNote> notes) {
        return new CheckResult(checker, model, validity, evidence, counterexample, weaknesses, summary, notes,
                linearization, historyStartNs);
    }

    /** This result with a linearization witness. */
    public CheckResult with(Linearization witness) {
        return new CheckResult(checker, model, validity, evidence, counterexample, weaknesses, summary, notes, witness,
                historyStartNs);
    }

    /** This result with the first invocation of its history. */
    public CheckResult withHistoryStart(Long historyStartNs) {
        return new CheckResult(checker, model, validity, evidence, counterexample, weaknesses, summary, notes,
                linearization, historyStartNs);
    }

    /** Whether one of the weaknesses is of this kind. */
    public boolean hasWeakness(String kind) {
        // a loop, not a stream with a lambda: files are checked on two threads, and two threads linking
        // one lambda at once have one of them spin its class at run time instead of mapping it from the
        // class-data-sharing archive (a few ms of interpreted bytecode generation on a check's path)
        for (HistoryWeakness w : weaknesses) if (w.kind().equals(kind)) return true;
        return false;
    }
}
