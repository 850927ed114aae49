package dev.falsify.checkers.txn;

import java.util.List;

/**
 * One anomaly found in a transactional history.
 *
 * @param type        its class
 * @param txns        the txns involved (for a cycle, in cycle order)
 * @param edges       the dependencies that make it an anomaly, each explained in one line
 * @param key         the key it concerns, when it concerns one key (null for cycles over several)
 * @param explanation one or two sentences for people
 * @param realtime    the cycle needs real-time edges
 * @param process     the cycle needs process-order edges
 */
public record Anomaly(AnomalyType type, List<Txn> txns, List<Edge> edges, String key, String explanation,
                      boolean realtime, boolean process) {
    public Anomaly {
        txns = List.copyOf(txns);
        edges = List.copyOf(edges);
    }

    /**
     * An edge of an anomaly: {@code from} must precede {@code to} because of {@code explanation};
     * {@code value} is the element or version it is about (null for process / real-time edges).
     */
    public record Edge(Txn from, Txn to, String kind, String key, String value, String explanation) {
    }

    public List<String> modelsRuledOut() {
        return type.modelsRuledOut(realtime, process);
    }
}
