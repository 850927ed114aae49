package dev.falsify.checkers.txn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which consistency models an anomaly rules out, from the same facts Elle's consistency-model table
 * records (jepsen-io/elle, {@code elle/consistency_model.clj}; sources: Adya, Bailis et al., Cerone
 * et al., Daudjee and Salem, Hermitage): which anomalies imply which (a G-single is also a
 * G-nonadjacent, hence a G2; a lost update is a G2-item), which anomalies each model forbids
 * directly, and which models imply which (serializable implies snapshot isolation's weaker
 * relatives, …). A model is ruled out when it forbids an anomaly the found one implies, or implies
 * such a model. Model names are Elle's friendly names.
 */
final class ConsistencyModels {
    /** anomaly → anomalies it implies (is a special case of). */
    private static final Map<String, List<String>> IMPLIES = new HashMap<>();
    /** model → anomalies it forbids directly (stronger models forbid more by implying it). */
    private static final Map<String, List<String>> FORBIDS = new HashMap<>();
    /** model → the weaker models it implies. */
    private static final Map<String, List<String>> MODEL_IMPLIES = new HashMap<>();

    static {
        for (String v : List.of("", "-process", "-realtime")) {
            // the variants that need process order imply the real-time ones: a process runs one txn at a time
            String next = v.isEmpty() ? "-process" : v.equals("-process") ? "-realtime" : null;
            implies("G0" + v, "G1c" + v);
            implies("G1c" + v, "G1" + v);
            implies("G-single-item" + v, "G-single" + v, "G-nonadjacent-item" + v);
            implies("G-single" + v, "G-nonadjacent" + v);
            implies("G-nonadjacent-item" + v, "G-nonadjacent" + v, "G2-item" + v);
            implies("G-nonadjacent" + v, "G2" + v);
            implies("G2-item" + v, "G2" + v);
            if (next != null) {
                for (String a : List.of("G0", "G1c", "G1", "G-single-item", "G-single", "G-nonadjacent-item",
                        "G-nonadjacent", "G2-item", "G2")) {
                    implies(a + v, a + next);
                }
            }
        }
        implies("G1a", "G1");
        implies("G1b", "G1");
        implies("G-single", "GSIb");
        implies("GSIa", "GSI");
        implies("GSIb", "GSI");
        implies("incompatible-order", "G1a");
        implies("dirty-update", "G1a");
        // a value no write produced: at least as bad as reading an aborted write (Elle maps its other
        // "impossible state" anomalies, incompatible-order and dirty-update, to G1a the same way)
        implies("garbage-read", "G1a");
        implies("future-read", "G1c");
        implies("lost-update", "write-skew", "G2-item");
        implies("write-skew", "G2");

        forbids("read-uncommitted", "G0", "duplicate-elements", "cyclic-versions");
        forbids("read-committed", "G1");
        forbids("cursor-stability", "G1", "G-cursor", "lost-update");
        forbids("monotonic-view", "G1", "G-monotonic");
        forbids("monotonic-snapshot-read", "G1", "G-MSR");
        forbids("consistent-view", "G1", "G-single");
        forbids("forward-consistent-view", "G1", "G-SIb");
        forbids("update-serializable", "G1", "G-update");
        forbids("repeatable-read", "G1", "G2-item", "lost-update");
        forbids("update-atomic", "lost-update");
        forbids("read-atomic", "internal", "G1a", "future-read");
        forbids("causal-cerone", "internal", "G1a");
        forbids("parallel-snapshot-isolation", "internal", "G1a");
        forbids("prefix", "internal", "G1a");
        forbids("snapshot-isolation", "internal", "G1", "G-SI", "G-nonadjacent");
        forbids("serializable", "internal", "G1", "G2");
        forbids("strict-serializable", "G1", "G1c-realtime", "G2-realtime");
        forbids("strong-session-read-uncommitted", "G0-process");
        forbids("strong-session-read-committed", "G1c-process");
        forbids("strong-read-uncommitted", "G0-realtime");
        forbids("strong-read-committed", "G1c-realtime");
        forbids("strong-session-snapshot-isolation", "internal", "G1-process", "G-nonadjacent-process");
        forbids("strong-snapshot-isolation", "internal", "G1-realtime", "G-nonadjacent-realtime");
        forbids("strong-session-serializable", "G1-process", "G2-process");

        modelImplies("read-committed", "read-uncommitted");
        modelImplies("cursor-stability", "read-committed");
        modelImplies("monotonic-view", "read-committed");
        modelImplies("monotonic-snapshot-read", "read-committed");
        modelImplies("monotonic-atomic-view", "read-committed");
        modelImplies("consistent-view", "cursor-stability", "monotonic-view");
        modelImplies("forward-consistent-view", "consistent-view");
        modelImplies("update-serializable", "forward-consistent-view");
        modelImplies("repeatable-read", "cursor-stability", "monotonic-atomic-view");
        modelImplies("read-atomic", "monotonic-atomic-view");
        modelImplies("update-atomic", "read-atomic");
        modelImplies("causal-cerone", "read-atomic");
        modelImplies("prefix", "causal-cerone");
        modelImplies("parallel-snapshot-isolation", "causal-cerone", "update-atomic");
        modelImplies("snapshot-isolation", "forward-consistent-view", "monotonic-atomic-view",
                "monotonic-snapshot-read", "parallel-snapshot-isolation", "prefix");
        modelImplies("serializable", "repeatable-read", "update-serializable", "snapshot-isolation", "view-serializable");
        modelImplies("strong-session-read-uncommitted", "read-uncommitted");
        modelImplies("strong-session-read-committed", "read-committed", "strong-session-read-uncommitted");
        modelImplies("strong-read-uncommitted", "strong-session-read-uncommitted");
        modelImplies("strong-read-committed", "strong-session-read-committed", "strong-read-uncommitted");
        modelImplies("strong-session-snapshot-isolation", "snapshot-isolation", "strong-session-read-committed");
        modelImplies("strong-snapshot-isolation", "strong-session-snapshot-isolation", "strong-read-committed");
        modelImplies("strong-session-serializable", "serializable", "strong-session-snapshot-isolation");
        modelImplies("strict-serializable", "serializable", "snapshot-isolation", "strong-snapshot-isolation",
                "strong-session-serializable", "linearizable");
    }

    private ConsistencyModels() {
    }

    private static void implies(String a, String... implied) {
        IMPLIES.computeIfAbsent(a, k -> new ArrayList<>()).addAll(List.of(implied));
    }

    private static void forbids(String model, String... anomalies) {
        FORBIDS.computeIfAbsent(model, k -> new ArrayList<>()).addAll(List.of(anomalies));
    }

    private static void modelImplies(String model, String... weaker) {
        MODEL_IMPLIES.computeIfAbsent(model, k -> new ArrayList<>()).addAll(List.of(weaker));
    }

    /** The anomaly and every anomaly it implies. */
    static Set<String> implied(String anomaly) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(anomaly));
        while (!todo.isEmpty()) {
            String a = todo.pop();
            if (out.add(a)) todo.addAll(IMPLIES.getOrDefault(a, List.of()));
        }
        return out;
    }

    /** Every model weaker than {@code model} (that it implies), not counting itself. */
    private static Set<String> weaker(String model) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(MODEL_IMPLIES.getOrDefault(model, List.of()));
        while (!todo.isEmpty()) {
            String m = todo.pop();
            if (out.add(m)) todo.addAll(MODEL_IMPLIES.getOrDefault(m, List.of()));
        }
        return out;
    }

    /**
     * The models an anomaly (Elle's name, e.g. {@code G-single-item-realtime}) rules out, weakest
     * first: a model that implies another ruled-out model comes after it.
     */
    static List<String> ruledOut(String anomaly) {
        Set<String> found = implied(anomaly);
        Set<String> out = new TreeSet<>();
        for (Map.Entry<String, List<String>> e : FORBIDS.entrySet()) {
            if (e.getValue().stream().anyMatch(found::contains)) out.add(e.getKey());
        }
        // and every model that implies a ruled-out one
        boolean grew = true;
        while (grew) {
            grew = false;
            for (String m : MODEL_IMPLIES.keySet()) {
                if (!out.contains(m) && MODEL_IMPLIES.get(m).stream().anyMatch(out::contains)) grew = out.add(m);
            }
        }
        Map<String, Integer> below = new HashMap<>();
        for (String m : out) below.put(m, (int) weaker(m).stream().filter(out::contains).count());
        List<String> sorted = new ArrayList<>(out);
        sorted.sort(Comparator.comparing((String m) -> below.get(m)).thenComparing(m -> m));
        return sorted;
    }

    /** Of these ruled-out models, the weakest: those implying no other of them (Elle's "not"). */
    static List<String> weakest(java.util.Collection<String> models) {
        List<String> out = new ArrayList<>();
        for (String m : models) {
            Set<String> w = weaker(m);
            if (models.stream().noneMatch(w::contains) && !out.contains(m)) out.add(m);
        }
        return out;
    }
}
