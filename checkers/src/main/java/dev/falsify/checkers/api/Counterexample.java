package dev.falsify.checkers.api;

/**
 * Explanation data for an INVALID (or partially explored UNKNOWN) result, one shape per checker
 * family. Pure data: {@link CheckResultJson} is the one JSON writer and {@link CheckResultText}
 * the one renderer for people; the workbench draws its history and counterexample views from the
 * same records.
 */
public sealed interface Counterexample permits LinearizabilityCounterexample, TxnCounterexample, OracleViolations {
    /** A few lines for people ({@link CheckResultText#describe}). */
    default java.util.List<String> describe() {
        return CheckResultText.describe(this);
    }
}
