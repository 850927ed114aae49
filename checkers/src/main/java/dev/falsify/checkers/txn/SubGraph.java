package dev.falsify.checkers.txn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A compact copy of part of a {@link DependencyGraph}: the given nodes (renumbered 0..k-1) and the
 * edges between them whose kind is in a mask. Strongly connected components are found with an
 * iterative Tarjan (no recursion, so no stack-depth limit), shortest paths with BFS.
 */
final class SubGraph {
    final DependencyGraph graph;
    final int[] global;
    final int[] offsets;
    final int[] localTarget;
    final int[] edgeId;
    final int mask;
    private final Deadline deadline;

    /** Builds the subgraph over {@code nodes} (global ids) keeping edges whose kind bit is in {@code mask}. */
    SubGraph(DependencyGraph graph, int[] nodes, int mask, Deadline deadline) {
        this.graph = graph;
        this.global = nodes;
        this.mask = mask;
        this.deadline = deadline;
        int[] local = new int[graph.nodes()];
        Arrays.fill(local, -1);
        for (int i = 0; i < nodes.length; i++) local[nodes[i]] = i;
        offsets = new int[nodes.length + 1];
        int count = 0;
        for (int i = 0; i < nodes.length; i++) {
            int v = nodes[i];
            for (int j = graph.outStart(v); j < graph.outEnd(v); j++) {
                int e = graph.outEdge(j);
                if ((graph.kindBit(e) & mask) != 0 && local[graph.target(e)] >= 0) count++;
            }
            offsets[i + 1] = count;
        }
        localTarget = new int[count];
        edgeId = new int[count];
        int p = 0;
        for (int v : nodes) {
            for (int j = graph.outStart(v); j < graph.outEnd(v); j++) {
                int e = graph.outEdge(j);
                int t = local[graph.target(e)];
                if ((graph.kindBit(e) & mask) != 0 && t >= 0) {
                    localTarget[p] = t;
                    edgeId[p++] = e;
                }
            }
        }
    }

    static SubGraph whole(DependencyGraph graph, int mask, Deadline deadline) {
        int[] all = new int[graph.nodes()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return new SubGraph(graph, all, mask, deadline);
    }

    int size() {
        return global.length;
    }

    /** Result of Tarjan: component of every local node; components are numbered sinks first. */
    record Components(int[] comp, int count, int[] sizes) {
        /** Local node lists of the components with more than one node. */
        List<int[]> nontrivial() {
            List<int[]> out = new ArrayList<>();
            int[][] members = new int[count][];
            int[] fill = new int[count];
            for (int c = 0; c < count; c++) if (sizes[c] > 1) members[c] = new int[sizes[c]];
            for (int v = 0; v < comp.length; v++) {
                int c = comp[v];
                if (members[c] != null) members[c][fill[c]++] = v;
            }
            for (int[] m : members) if (m != null) out.add(m);
            return out;
        }
    }

    /** Strongly connected components over edges whose kind is in {@code kinds}, iteratively. */
    Components components(int kinds) {
        int k = size();
        int[] index = new int[k];
        int[] low = new int[k];
        int[] comp = new int[k];
        boolean[] onStack = new boolean[k];
        Arrays.fill(index, -1);
        int[] stack = new int[k];
        int sp = 0;
        int[] callNode = new int[k];
        int[] callPos = new int[k];
        int next = 0;
        int count = 0;
        int[] sizes = new int[k];
        for (int s = 0; s < k; s++) {
            if (index[s] != -1) continue;
            int top = 0;
            callNode[0] = s;
            callPos[0] = offsets[s];
            index[s] = low[s] = next++;
            stack[sp++] = s;
            onStack[s] = true;
            while (top >= 0) {
                int v = callNode[top];
                int pos = callPos[top];
                if (pos < offsets[v + 1]) {
                    callPos[top]++;
                    if ((graph.kindBit(edgeId[pos]) & kinds) == 0) continue;
                    int w = localTarget[pos];
                    if (index[w] == -1) {
                        index[w] = low[w] = next++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        top++;
                        callNode[top] = w;
                        callPos[top] = offsets[w];
                    } else if (onStack[w] && index[w] < low[v]) {
                        low[v] = index[w];
                    }
                } else {
                    top--;
                    if (low[v] == index[v]) {
                        int w;
                        do {
                            w = stack[--sp];
                            onStack[w] = false;
                            comp[w] = count;
                            sizes[count]++;
                        } while (w != v);
                        count++;
                    }
                    if (top >= 0) {
                        int u = callNode[top];
                        if (low[v] < low[u]) low[u] = low[v];
                    }
                    if ((next & 1023) == 0) deadline.check();
                }
            }
        }
        return new Components(comp, count, Arrays.copyOf(sizes, count));
    }

    /**
     * Shortest path (fewest edges) from local node {@code from} to local node {@code to}
     * ({@code from != to}) over edges whose kind is in {@code kinds}, staying inside nodes with
     * {@code comp[v] == c} when {@code comp} is given. Returns global edge ids, or null.
     */
    List<Integer> shortestPath(int from, int to, int kinds, int[] comp, int c) {
        return bfs(from, to, kinds, comp, c);
    }

    /** Shortest cycle through local node {@code x}, as global edge ids starting at {@code x}, or null. */
    List<Integer> shortestCycleThrough(int x, int kinds, int[] comp, int c) {
        return bfs(x, x, kinds, comp, c);
    }

    // BFS scratch, allocated once per subgraph: a node is seen in this search when stamp == generation
    private int[] stamp;
    private int[] parentEdge;
    private int[] parentNode;
    private int[] queue;
    private int generation;

    private List<Integer> bfs(int from, int to, int kinds, int[] comp, int c) {
        int k = size();
        if (stamp == null) {
            stamp = new int[k];
            parentEdge = new int[k];
            parentNode = new int[k];
            queue = new int[k];
        }
        int gen = ++generation;
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        stamp[from] = gen;
        while (head < tail) {
            int v = queue[head++];
            for (int p = offsets[v]; p < offsets[v + 1]; p++) {
                int e = edgeId[p];
                if ((graph.kindBit(e) & kinds) == 0) continue;
                int w = localTarget[p];
                if (comp != null && comp[w] != c) continue;
                if (w == to) {
                    ArrayList<Integer> path = new ArrayList<>();
                    path.add(e);
                    for (int u = v; u != from; u = parentNode[u]) path.add(parentEdge[u]);
                    Collections.reverse(path);
                    return path;
                }
                if (stamp[w] == gen) continue;
                stamp[w] = gen;
                parentEdge[w] = e;
                parentNode[w] = v;
                queue[tail++] = w;
            }
            if ((head & 4095) == 0) deadline.check();
        }
        return null;
    }
}
