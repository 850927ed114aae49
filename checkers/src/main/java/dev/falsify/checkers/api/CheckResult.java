package dev.falsify.checkers.api;

import java.util.List;

/**
 * The one result shape every checker returns; the CLI, the report and the UI render it.
 *
 * @param checker        checker name as in the picker (linearizability, list-append, no-lost-ack, ...)
 * @param model          model name the history was checked against (may be null for model-free oracles)
 * @param validity       the answer
 * @param evidence       execution evidence
 * @param counterexample explanation when INVALID (or what was explored when UNKNOWN); null when VALID
 * @param weaknesses     history weaknesses found; non-empty means the answer cannot be trusted as a PASS
 * @param summary        one line for people
 */
public record CheckResult(String checker, String model, Validity validity, ExecutionEvidence evidence,
                          Counterexample counterexample, List<HistoryWeakness> weaknesses, String summary) {
    public CheckResult {
        weaknesses = List.copyOf(weaknesses);
    }
}
