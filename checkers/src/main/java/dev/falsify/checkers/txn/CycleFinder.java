package dev.falsify.checkers.txn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds dependency cycles and classifies them. First over data edges (ww, wr, rw) only; then, when
 * the graph also has process or real-time edges, over all edges, keeping only cycles that need an
 * order edge. Within each strongly connected component it looks for one short cycle per class:
 * G0 (ww only), G1c (ww+wr, at least one wr), G-single (exactly one rw) and, when the component
 * has no G-single, G2-item (two or more rw). A cycle's class is always computed from the edges it
 * actually has, never from the search that produced it.
 *
 * <p>Whether a G-single exists is decided exactly: an rw edge a→b closes a G-single iff b reaches a
 * without rw edges, which is answered from reachability bitsets over the condensation of the
 * component's rw-free subgraph.
 */
final class CycleFinder {
    static final int WINDOW = 4096;
    private static final int CANDIDATE_TRIES = 4;

    private final DependencyGraph graph;
    private final List<Txn> txns;
    private final Deadline deadline;
    private final Findings findings;
    private final Set<String> reported = new HashSet<>();
    private int sccs;
    private int largestScc;
    private int orderSccs;
    private int largestOrderScc;
    private boolean complete = true;
    private String incomplete;

    CycleFinder(DependencyGraph graph, List<Txn> txns, Deadline deadline, Findings findings) {
        this.findings = findings;
        this.graph = graph;
        this.txns = txns;
        this.deadline = deadline;
    }

    int sccs() {
        return sccs;
    }

    int largestScc() {
        return largestScc;
    }

    int orderSccs() {
        return orderSccs;
    }

    int largestOrderScc() {
        return largestOrderScc;
    }

    boolean complete() {
        return complete;
    }

    String incompleteReason() {
        return incomplete;
    }

    /** Runs the search; on budget exhaustion keeps what was found and marks the search incomplete. */
    void run(boolean orderEdges) {
        try {
            search(EdgeKind.DATA, false);
            if (orderEdges) search(EdgeKind.ALL, true);
        } catch (Deadline.Exhausted e) {
            complete = false;
            incomplete = "cycle search stopped: " + e.getMessage();
        }
    }

    private void search(int mask, boolean needOrder) {
        SubGraph whole = SubGraph.whole(graph, mask, deadline);
        SubGraph.Components comps = whole.components(mask);
        for (int[] members : comps.nontrivial()) {
            if (!needOrder) {
                sccs++;
                largestScc = Math.max(largestScc, members.length);
            } else {
                orderSccs++;
                largestOrderScc = Math.max(largestOrderScc, members.length);
            }
            int[] nodes = new int[members.length];
            for (int i = 0; i < members.length; i++) nodes[i] = whole.global[members[i]];
            analyse(new SubGraph(graph, nodes, mask, deadline), mask, needOrder);
            deadline.check();
        }
    }

    private void analyse(SubGraph scc, int mask, boolean needOrder) {
        int order = mask & EdgeKind.ORDER;
        int ww = EdgeKind.WW.bit();
        int wr = EdgeKind.WR.bit();
        int rw = EdgeKind.RW.bit();
        // G0 and G1c: sub-components over ww (+order) and ww+wr (+order), one cycle each,
        // started from a wr edge (G1c) or an order edge (second pass) so the cycle has one.
        pureCycles(scc, ww | order, needOrder ? order : 0, needOrder);
        pureCycles(scc, ww | wr | order, needOrder ? order : wr, needOrder);
        boolean single = singleCycle(scc, ww | wr | order, needOrder);
        if (!single) anyRwCycle(scc, mask, needOrder);
    }

    /** One cycle per sub-component of {@code kinds}, through an edge of {@code through} if non-zero. */
    private void pureCycles(SubGraph scc, int kinds, int through, boolean needOrder) {
        SubGraph.Components sub = scc.components(kinds);
        if (sub.count() == scc.size()) return;
        boolean[] done = new boolean[sub.count()];
        for (int v = 0; v < scc.size(); v++) {
            int c = sub.comp()[v];
            if (done[c] || sub.sizes()[c] < 2) continue;
            List<Integer> cycle = null;
            if (through == 0) {
                cycle = scc.shortestCycleThrough(v, kinds, sub.comp(), c);
                done[c] = true;
            } else {
                for (int p = scc.offsets[v]; p < scc.offsets[v + 1] && cycle == null; p++) {
                    int e = scc.edgeId[p];
                    int w = scc.localTarget[p];
                    if ((graph.kindBit(e) & through) == 0 || sub.comp()[w] != c) continue;
                    List<Integer> back = scc.shortestPath(w, v, kinds, sub.comp(), c);
                    if (back != null) cycle = prepend(e, back);
                }
                if (cycle != null) done[c] = true;
            }
            if (cycle != null) record(cycle, needOrder);
        }
    }

    /** Looks for a cycle with exactly one rw edge; returns whether one was found. */
    private boolean singleCycle(SubGraph scc, int nonRw, boolean needOrder) {
        int rw = EdgeKind.RW.bit();
        List<int[]> rwEdges = new ArrayList<>();
        for (int v = 0; v < scc.size(); v++) {
            for (int p = scc.offsets[v]; p < scc.offsets[v + 1]; p++) {
                if ((graph.kindBit(scc.edgeId[p]) & rw) != 0) rwEdges.add(new int[] {v, scc.localTarget[p], scc.edgeId[p]});
            }
        }
        if (rwEdges.isEmpty()) return false;
        SubGraph.Components sub = scc.components(nonRw);
        List<int[]> candidates = candidates(scc, sub, nonRw, rwEdges);
        List<Integer> best = null;
        for (int[] e : candidates) {
            List<Integer> back = scc.shortestPath(e[1], e[0], nonRw, null, 0);
            if (back != null && (best == null || back.size() + 1 < best.size())) best = prepend(e[2], back);
        }
        if (best == null) return false;
        return record(best, needOrder) || !needOrder;
    }

    /** Any cycle through an rw edge (the component has no G-single, so it has two rw or more). */
    private void anyRwCycle(SubGraph scc, int mask, boolean needOrder) {
        int rw = EdgeKind.RW.bit();
        List<Integer> best = null;
        int tries = 0;
        for (int v = 0; v < scc.size() && tries < CANDIDATE_TRIES; v++) {
            for (int p = scc.offsets[v]; p < scc.offsets[v + 1] && tries < CANDIDATE_TRIES; p++) {
                if ((graph.kindBit(scc.edgeId[p]) & rw) == 0) continue;
                tries++;
                List<Integer> back = scc.shortestPath(scc.localTarget[p], v, mask, null, 0);
                if (back != null && (best == null || back.size() + 1 < best.size())) best = prepend(scc.edgeId[p], back);
            }
        }
        if (best != null) record(best, needOrder);
    }

    /**
     * The rw edges a→b (up to {@value #CANDIDATE_TRIES}) for which b reaches a without rw edges,
     * found exactly. Reachability is computed over the condensation of the rw-free subgraph in
     * windows of {@value #WINDOW} target components, so memory stays at (components × window) bits:
     * Tarjan numbers components sinks first, so a component only reaches components with smaller
     * numbers, and a window [lo, hi) only needs the components numbered lo and above.
     */
    private List<int[]> candidates(SubGraph scc, SubGraph.Components sub, int kinds, List<int[]> rwEdges) {
        List<int[]> out = new ArrayList<>();
        int[] comp = sub.comp();
        for (int[] e : rwEdges) {
            if (comp[e[0]] == comp[e[1]]) {
                out.add(e);
                if (out.size() >= CANDIDATE_TRIES) return out;
            }
        }
        int n = sub.count();
        int[][] members = new int[n][];
        int[] fill = new int[n];
        for (int c = 0; c < n; c++) members[c] = new int[sub.sizes()[c]];
        for (int v = 0; v < scc.size(); v++) members[comp[v]][fill[comp[v]]++] = v;
        for (int lo = 0; lo < n && out.isEmpty(); lo += WINDOW) {
            int hi = Math.min(n, lo + WINDOW);
            int words = (hi - lo + 63) >>> 6;
            long[][] reach = new long[n][];
            for (int c = lo; c < n; c++) {
                long[] r = new long[words];
                if (c < hi) r[(c - lo) >>> 6] |= 1L << (c - lo);
                for (int v : members[c]) {
                    for (int p = scc.offsets[v]; p < scc.offsets[v + 1]; p++) {
                        if ((graph.kindBit(scc.edgeId[p]) & kinds) == 0) continue;
                        int cw = comp[scc.localTarget[p]];
                        if (cw == c || cw < lo) continue;
                        long[] o = reach[cw];
                        for (int i = 0; i < words; i++) r[i] |= o[i];
                    }
                }
                reach[c] = r;
                if ((c & 1023) == 0) deadline.check();
            }
            for (int[] e : rwEdges) {
                int ca = comp[e[0]];
                int cb = comp[e[1]];
                if (ca < lo || ca >= hi || cb < lo) continue;
                if ((reach[cb][(ca - lo) >>> 6] & (1L << (ca - lo))) != 0) {
                    out.add(e);
                    if (out.size() >= CANDIDATE_TRIES) break;
                }
            }
        }
        return out;
    }

    private static List<Integer> prepend(int e, List<Integer> path) {
        List<Integer> out = new ArrayList<>(path.size() + 1);
        out.add(e);
        out.addAll(path);
        return out;
    }

    /** Classifies and keeps a cycle; returns whether it was kept. */
    private boolean record(List<Integer> cycle, boolean needOrder) {
        int ww = 0;
        int wr = 0;
        int rw = 0;
        boolean realtime = false;
        boolean process = false;
        for (int e : cycle) {
            switch (graph.kind(e)) {
                case WW -> ww++;
                case WR -> wr++;
                case RW -> rw++;
                case REALTIME -> realtime = true;
                case PROCESS -> process = true;
            }
        }
        if (needOrder && !realtime && !process) return false;
        AnomalyType type = AnomalyType.ofCycle(ww, wr, rw);
        List<Txn> members = new ArrayList<>();
        List<Anomaly.Edge> edges = new ArrayList<>();
        for (int e : cycle) {
            Txn a = txns.get(graph.source(e));
            members.add(a);
            edges.add(new Anomaly.Edge(a, txns.get(graph.target(e)), graph.kind(e).label(), graph.key(e),
                    graph.value(e), graph.explanation(e)));
        }
        String signature = type + (realtime ? "/rt" : process ? "/p" : "") + members.stream().map(Txn::node).sorted().toList();
        if (!reported.add(signature)) return false;
        findings.add(new Anomaly(type, members, edges, null, explain(type, members, rw, realtime, process),
                realtime, process));
        return true;
    }

    private static String explain(AnomalyType type, List<Txn> members, int rw, boolean realtime, boolean process) {
        StringBuilder path = new StringBuilder();
        for (Txn t : members) path.append(t.label()).append(" < ");
        path.append(members.get(0).label());
        String what = switch (type) {
            case G0 -> "a cycle of write-write dependencies: the txns installed their versions of different keys in contradictory orders";
            case G1C -> "circular information flow: each txn wrote something the next one read or overwrote, all the way round";
            case G_SINGLE -> "a cycle with exactly one anti-dependency (read skew): one txn missed a write it otherwise depends on";
            case G2_ITEM -> "a cycle with " + rw + " anti-dependencies: each of those txns missed a write of another"
                    + " (write skew is one such case)";
            default -> type.spelling();
        };
        String order = realtime ? "; it needs real-time order (a txn completed before the next was invoked)"
                : process ? "; it needs the process order of txns" : "";
        return path + ": " + what + order + ", so no serial order of these txns exists.";
    }
}
