/**
 * Linearizability, Porcupine's way. The pipeline, in the order a history goes through it:
 * <ol>
 *   <li>{@link dev.falsify.checkers.lin.LinearizabilityChecker} drops the ops that took no effect (FAIL) and the
 *       unknown ones that cannot change the state, and splits the rest into independent partitions by key
 *       (P-compositionality), searched in parallel;</li>
 *   <li>each op is decoded once into the {@link dev.falsify.checkers.lin.Model}'s command; states and commands are
 *       interned ({@link dev.falsify.checkers.lin.StateTable}), so the model's pure {@code step} runs once per
 *       distinct (state, command);</li>
 *   <li>{@link dev.falsify.checkers.lin.PartitionSearch} runs Wing &amp; Gong's search with Lowe's memo
 *       ({@link dev.falsify.checkers.lin.ConfigCache}) per partition, within the time and memory budget;</li>
 *   <li>the first failing partition (in partition order, so the same input gives the same answer) becomes the
 *       counterexample; a search that ran out of budget answers UNKNOWN, never a violation.</li>
 * </ol>
 * Models are named by the vocabulary ({@code model.vocabulary.HistoryModel}); {@link dev.falsify.checkers.lin.Models}
 * only builds them. This package is one of the speed-critical places of docs/performance.md: hand-written
 * equals/hashCode, int tables and classes instead of lambdas are deliberate here, and measured with
 * {@code falsify bench check}.
 */
package dev.falsify.checkers.lin;
