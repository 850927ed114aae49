package dev.falsify.checkers.txn;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Anomalies found so far: all are counted, the first {@value #MAX_PER_TYPE} of each type are kept. */
final class Findings {
    static final int MAX_PER_TYPE = 50;
    private final List<Anomaly> anomalies = new ArrayList<>();
    private final Map<AnomalyType, Integer> counts = new EnumMap<>(AnomalyType.class);

    void add(Anomaly a) {
        int n = counts.merge(a.type(), 1, Integer::sum);
        if (n <= MAX_PER_TYPE) anomalies.add(a);
    }

    List<Anomaly> anomalies() {
        return anomalies;
    }

    Map<AnomalyType, Integer> counts() {
        return counts;
    }

    /** A one-edge anomaly (aborted read, intermediate read, internal, ...); {@code value} is what it is about, or null. */
    void single(AnomalyType type, Txn from, Txn to, String kind, String key, String value, String explanation) {
        List<Txn> txns = from == to ? List.of(from) : List.of(from, to);
        add(new Anomaly(type, txns, List.of(new Anomaly.Edge(from, to, kind, key, value, explanation)), key, explanation,
                false, false));
    }
}
