/**
 * Transactional checking, Elle's way. The pipeline, in the order a history goes through it:
 * <ol>
 *   <li>the history's txns are read into {@link dev.falsify.checkers.txn.TxnHistory} (micro-ops, outcomes,
 *       processes, times);</li>
 *   <li>{@link dev.falsify.checkers.txn.Inference} (list-append: {@link dev.falsify.checkers.txn.ListAppendInference};
 *       rw-register: {@link dev.falsify.checkers.txn.RwRegisterInference}) recovers each key's version order and
 *       infers the ww, wr and rw dependencies, each edge with the key and a sentence that justifies it, plus the
 *       anomalies visible without a cycle (lost updates, incompatible orders, aborted or intermediate reads);</li>
 *   <li>{@link dev.falsify.checkers.txn.OrderEdges} adds process and real-time edges when the options ask for
 *       them, into the {@link dev.falsify.checkers.txn.DependencyGraph};</li>
 *   <li>{@link dev.falsify.checkers.txn.CycleFinder} finds the strongly connected components and one short cycle
 *       per class (G0, G1c, G-single, G2-item), the class computed from the cycle's own edges;</li>
 *   <li>{@link dev.falsify.checkers.txn.Findings} keeps what was found and
 *       {@link dev.falsify.checkers.txn.ConsistencyModels} says which consistency models it rules out; the
 *       explanations stay data until a report renders them.</li>
 * </ol>
 * Any anomaly found makes the answer INVALID; otherwise a weak history or a search cut short is UNKNOWN, and
 * VALID needs a complete search.
 */
package dev.falsify.checkers.txn;
