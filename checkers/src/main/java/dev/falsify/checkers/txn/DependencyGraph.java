package dev.falsify.checkers.txn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Dependency graph over transactions (nodes are {@link Txn#node()}). Every edge keeps the key it
 * was inferred on and a one-line explanation a person can follow, rendered only when asked for
 * (a large history has hundreds of thousands of edges; only those in reported cycles are read). At most one edge per
 * (source, target, kind) is kept: the first explanation found is enough to justify the order.
 */
public final class DependencyGraph {
    private final int nodes;
    private int[] from = new int[1024];
    private int[] to = new int[1024];
    private byte[] kind = new byte[1024];
    private final List<String> keys = new ArrayList<>();
    private final List<String> values = new ArrayList<>();
    private final List<Supplier<String>> explanations = new ArrayList<>();
    private final Set<Long> seen = new HashSet<>();
    private int edges;
    private int[] offsets;
    private int[] adjacency;

    public DependencyGraph(int nodes) {
        this.nodes = nodes;
    }

    public int nodes() {
        return nodes;
    }

    public int edges() {
        return edges;
    }

    /** Adds an edge ({@code value}: the element or version it is about, or null) unless it is a self-loop or an identical (source, target, kind) edge exists. */
    public void add(int a, int b, EdgeKind k, String key, String value, Supplier<String> explanation) {
        if (a == b) return;
        if (offsets != null) throw new IllegalStateException("graph already frozen");
        long id = (((long) a * nodes) + b) * 8 + k.ordinal();
        if (!seen.add(id)) return;
        if (edges == from.length) {
            int n = edges * 2;
            from = Arrays.copyOf(from, n);
            to = Arrays.copyOf(to, n);
            kind = Arrays.copyOf(kind, n);
        }
        from[edges] = a;
        to[edges] = b;
        kind[edges] = (byte) k.ordinal();
        keys.add(key);
        values.add(value);
        explanations.add(explanation);
        edges++;
    }

    public boolean has(int a, int b, EdgeKind k) {
        return seen.contains((((long) a * nodes) + b) * 8 + k.ordinal());
    }

    /** Builds the adjacency index; no edges may be added afterwards. */
    public void freeze() {
        if (offsets != null) return;
        offsets = new int[nodes + 1];
        for (int e = 0; e < edges; e++) offsets[from[e] + 1]++;
        for (int i = 0; i < nodes; i++) offsets[i + 1] += offsets[i];
        adjacency = new int[edges];
        int[] fill = Arrays.copyOf(offsets, nodes);
        for (int e = 0; e < edges; e++) adjacency[fill[from[e]]++] = e;
        seen.clear();
    }

    public int source(int e) {
        return from[e];
    }

    public int target(int e) {
        return to[e];
    }

    public EdgeKind kind(int e) {
        return EdgeKind.values()[kind[e]];
    }

    public int kindBit(int e) {
        return 1 << kind[e];
    }

    public String key(int e) {
        return keys.get(e);
    }

    /** The element or version the edge is about (null for process and real-time edges). */
    public String value(int e) {
        return values.get(e);
    }

    public String explanation(int e) {
        return explanations.get(e).get();
    }

    /** Edge ids leaving {@code node}: {@code adjacency()[outStart(node) .. outEnd(node))}. */
    public int outStart(int node) {
        return offsets[node];
    }

    public int outEnd(int node) {
        return offsets[node + 1];
    }

    public int outEdge(int i) {
        return adjacency[i];
    }
}
