package dev.falsify.checkers.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The anomalies of a transactional check (list-append, rw-register): every anomaly with its txns
 * (micro-ops included), the dependency edges that make it one (each with its kind, key, value and
 * one line of explanation), and the consistency models it rules out.
 *
 * @param anomalies      anomalies kept (a bounded number per type)
 * @param counts         how many of each type were found in total, by type name, sorted by name
 * @param searchComplete false when the cycle search stopped early (budget) or sampled
 * @param note           why the search is incomplete, or null
 */
public record TxnCounterexample(List<Anomaly> anomalies, Map<String, Integer> counts, boolean searchComplete,
                                String note) implements Counterexample {
    public TxnCounterexample {
        anomalies = List.copyOf(anomalies);
        counts = java.util.Collections.unmodifiableMap(new TreeMap<>(counts));
    }

    /** Sorted distinct type names, e.g. {@code ["G-single", "G1c"]} (plain string order). */
    public List<String> anomalyTypes() {
        TreeSet<String> names = new TreeSet<>();
        for (Anomaly a : anomalies) names.add(a.type());
        return List.copyOf(names);
    }

    /**
     * One anomaly.
     *
     * @param type           its class as Elle spells it ({@code G-single}, {@code G1c}, {@code incompatible-order}, …)
     * @param txns           the txns involved (for a cycle, in cycle order)
     * @param edges          the dependencies that make it an anomaly
     * @param key            the key it concerns when it concerns one key (null for cycles over several)
     * @param modelsRuledOut consistency models it rules out, weakest first
     * @param realtime       the cycle needs real-time edges
     * @param process        the cycle needs process-order edges
     * @param explanation    one or two sentences for people
     */
    public record Anomaly(String type, List<Txn> txns, List<Edge> edges, String key, List<String> modelsRuledOut,
                          boolean realtime, boolean process, String explanation) {
        public Anomaly {
            txns = List.copyOf(txns);
            edges = List.copyOf(edges);
            modelsRuledOut = List.copyOf(modelsRuledOut);
        }
    }

    /**
     * A txn as an anomaly cites it.
     *
     * @param label   {@code T17}, as the explanations name it
     * @param outcome ok, fail or unknown
     * @param line    1-based line in the history file, 0 when unknown
     * @param mops    its micro-ops (completed ones for an ok txn, invoked ones otherwise)
     */
    public record Txn(String label, String opId, String processId, String outcome, int line, List<MicroOp> mops) {
        public Txn {
            mops = List.copyOf(mops);
        }
    }

    /** {@code [f key value]}, e.g. {@code [append 255 8]} or {@code [r 255 [2 3 4 5]]}. */
    public record MicroOp(String f, String key, JsonNode value) {
    }

    /**
     * A dependency: {@code from} must precede {@code to}.
     *
     * @param kind        ww, wr, rw, process, realtime (or {@code incompatible} for an incompatible read)
     * @param key         the key it was inferred on (null for process and real-time edges)
     * @param value       the value (list element or register version) it is about, or null
     * @param explanation one line a person can follow
     */
    public record Edge(String from, String to, String kind, String key, String value, String explanation) {
    }
}
