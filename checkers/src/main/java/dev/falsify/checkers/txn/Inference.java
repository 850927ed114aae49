package dev.falsify.checkers.txn;

import dev.falsify.checkers.api.HistoryWeakness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a transactional checker infers from the txns before looking for cycles: the dependency
 * graph (ww, wr, rw edges), anomalies that need no cycle (aborted reads, internal ones, ...),
 * which txns took effect, and what made the history weak.
 */
abstract class Inference {
    final List<Txn> txns;
    final DependencyGraph graph;
    final Findings findings = new Findings();
    /** Txns known to have taken effect: committed ones plus unknown-outcome ones whose writes were read. */
    final List<Txn> effective = new ArrayList<>();
    /**
     * Every op of the history was read as a txn (none skipped as not a transaction or malformed), so
     * a value no txn wrote was written by nobody the history knows of: a garbage read, not a writer
     * the checker could not see.
     */
    boolean everyOpIsATxn;
    /** Reads whose values were used to infer dependencies. */
    int reads;
    /** Distinct keys seen. */
    int keys;
    private final Map<String, List<String>> weak = new LinkedHashMap<>();
    private final Map<String, String> weakDetail = new LinkedHashMap<>();

    Inference(List<Txn> txns) {
        this.txns = txns;
        this.graph = new DependencyGraph(txns.size());
    }

    abstract void run(Deadline deadline);

    void weak(String kind, Txn t, String detail) {
        List<String> ids = weak.computeIfAbsent(kind, k -> new ArrayList<>());
        String id = TxnHistory.describe(t.op());
        if (!ids.contains(id)) ids.add(id);
        weakDetail.putIfAbsent(kind, detail);
    }

    List<HistoryWeakness> weaknesses() {
        List<HistoryWeakness> out = new ArrayList<>();
        weak.forEach((k, ids) -> out.add(TxnHistory.weakness(k, weakDetail.get(k), ids)));
        return out;
    }
}
