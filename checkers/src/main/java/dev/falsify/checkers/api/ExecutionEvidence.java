package dev.falsify.checkers.api;

/**
 * What the checker actually did, so a report can cite "the checker ran on N ops".
 *
 * @param ops            operations consumed by the check
 * @param opsTotal       operations in the history given (ops &lt; opsTotal means partial coverage)
 * @param partitions     independent partitions checked (1 when the model does not partition)
 * @param statesExplored search states visited (0 for checkers that do not search)
 * @param elapsedMs      check time, parsing excluded
 */
public record ExecutionEvidence(long ops, long opsTotal, int partitions, long statesExplored, double elapsedMs) {
}
