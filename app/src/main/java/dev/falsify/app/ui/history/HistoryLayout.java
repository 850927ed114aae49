package dev.falsify.app.ui.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.render.OpLabel;
import dev.falsify.checkers.render.TimeAxis;
import dev.falsify.checkers.txn.MicroOp;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * A history arranged for drawing: one lane per process, each lane's ops sorted by invocation so
 * the ops inside a time range are found by binary search, the fault epochs the ops name, and the
 * positions of every op on the real and the compressed {@link TimeAxis}. Built once off the FX
 * thread; the canvas then touches only the ops it can see.
 */
public final class HistoryLayout {
    /** A fault window: the span of the ops that name it, and what the proxy said about its landing. */
    public record FaultEpoch(String name, long fromNs, long toNs, String landing) {
    }

    private final History history;
    private final List<Op> ops;
    private final TimeAxis realAxis;
    private final TimeAxis compressedAxis;
    private final List<String> lanes;
    private final int[] laneOf;
    /** Per lane: op indices with a completion, by invoke. */
    private final int[][] laneOps;
    /** Per lane: ops whose outcome is unknown (open-ended bars), by invoke. */
    private final int[][] laneOpen;
    /** Per lane: the longest duration of a completed op on the real axis, in ms (a bound on the compressed one). */
    private final double[] laneMaxMs;
    /**
     * Per lane, in {@link #laneOps} order: the completed ops' start and end, and kind; and the open-ended ops'
     * start and drawn end. Copies packed lane by lane, because the whole-history frame reads every op: through
     * the op-indexed arrays that was a cache miss per field per op (most of the frame).
     */
    /**
     * Every op, the completed ones and those without a completion, each by invocation time then index;
     * and the longest completed op: {@link #opAt} is a binary search and a bounded walk, not a scan of the
     * whole history on the FX thread each time another viewer moves the session's instant.
     */
    private final int[] byInvoke;
    private final int[] closedByInvoke;
    private final int[] unendedByInvoke;
    private final long longestClosedNs;
    private double[][] packedStart;
    private double[][] packedEnd;
    private byte[][] packedKind;
    private double[][] packedOpenStart;
    private double[][] packedOpenEnd;
    private final List<FaultEpoch> epochs;
    private final List<String> keys;
    /** Per op: the keys its transaction's micro-ops touch (null for an op with a key of its own, or none). */
    private final String[][] microKeys;
    private final List<String> opTypes;
    private final Map<String, Integer> byId;
    private final String[] labels;
    /** Per op: {@link #OK}, {@link #FAIL} or {@link #OPEN}, so a frame reads a byte, not the op. */
    private final byte[] kind;
    public static final byte OK = 0;
    public static final byte FAIL = 1;
    public static final byte OPEN = 2;
    /**
     * Each op's searchable text, lower-cased (id, error, node, epoch, input, output): built once with
     * the layout, off the FX thread, so a keystroke in the search field does not render 100,000 JSON
     * values again.
     */
    private final String[] searchText;
    private double[] start;
    private double[] end;
    /** Where a bar is drawn to: its completion, or for an open-ended op the next invocation in its lane (or the end). */
    private double[] drawnEnd;
    private boolean compressed;

    private HistoryLayout(History history, Map<String, String> landings) {
        this.history = history;
        this.ops = history.ops();
        int n = ops.size();
        realAxis = TimeAxis.real(ops);
        compressedAxis = TimeAxis.compressed(ops);
        Map<String, List<Integer>> byLane = new LinkedHashMap<>();
        byId = new HashMap<>(n * 2);
        TreeSet<String> keySet = new TreeSet<>();
        TreeSet<String> typeSet = new TreeSet<>();
        Map<String, long[]> epochSpans = new LinkedHashMap<>();
        microKeys = new String[n][];
        for (int i = 0; i < n; i++) {
            Op op = ops.get(i);
            byLane.computeIfAbsent(op.processName(), k -> new ArrayList<>()).add(i);
            byId.put(op.opId() != null ? op.opId() : "#" + i, i);
            if (op.key() != null) {
                keySet.add(op.key());
            } else {
                microKeys[i] = microKeys(op);
                if (microKeys[i] != null) keySet.addAll(Arrays.asList(microKeys[i]));
            }
            if (op.opType() != null) typeSet.add(op.opType());
            if (op.faultEpoch() != null) {
                long[] s = epochSpans.computeIfAbsent(op.faultEpoch(), k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                s[0] = Math.min(s[0], op.invokeTs());
                s[1] = Math.max(s[1], op.completeTs() != null && !op.timeoutMarker() ? op.completeTs() : op.invokeTs());
            }
        }
        List<String> names = new ArrayList<>(byLane.keySet());
        names.sort(HistoryLayout::naturalOrder);
        lanes = List.copyOf(names);
        laneOf = new int[n];
        laneOps = new int[names.size()][];
        laneOpen = new int[names.size()][];
        laneMaxMs = new double[names.size()];
        for (int l = 0; l < names.size(); l++) {
            List<Integer> members = byLane.get(names.get(l));
            members.sort(Comparator.comparingLong((Integer i) -> ops.get(i).invokeTs()).thenComparingInt(i -> i));
            List<Integer> closed = new ArrayList<>();
            List<Integer> open = new ArrayList<>();
            for (int i : members) {
                laneOf[i] = l;
                Op op = ops.get(i);
                if (isOpen(op)) {
                    open.add(i);
                } else {
                    closed.add(i);
                    laneMaxMs[l] = Math.max(laneMaxMs[l], (op.completeTs() - op.invokeTs()) / 1e6);
                }
            }
            laneOps[l] = closed.stream().mapToInt(Integer::intValue).toArray();
            laneOpen[l] = open.stream().mapToInt(Integer::intValue).toArray();
        }
        List<FaultEpoch> e = new ArrayList<>();
        epochSpans.forEach((name, span) -> e.add(new FaultEpoch(name, span[0], span[1], landings.get(name))));
        e.sort(Comparator.comparingLong(FaultEpoch::fromNs));
        epochs = List.copyOf(e);
        keys = List.copyOf(keySet);
        opTypes = List.copyOf(typeSet);
        labels = new String[n];
        kind = new byte[n];
        for (int i = 0; i < n; i++) {
            Op op = ops.get(i);
            kind[i] = isOpen(op) ? OPEN : op.outcome() == Outcome.FAIL ? FAIL : OK;
        }
        searchText = new String[n];
        for (int i = 0; i < n; i++) searchText[i] = searchable(ops.get(i));
        byInvoke = IntStream.range(0, n).boxed()
                .sorted(Comparator.comparingLong((Integer i) -> ops.get(i).invokeTs()).thenComparingInt(i -> i))
                .mapToInt(Integer::intValue).toArray();
        closedByInvoke = Arrays.stream(byInvoke).filter(i -> ops.get(i).completeTs() != null).toArray();
        unendedByInvoke = Arrays.stream(byInvoke).filter(i -> ops.get(i).completeTs() == null).toArray();
        long longest = 0;
        for (int i : closedByInvoke) longest = Math.max(longest, ops.get(i).completeTs() - ops.get(i).invokeTs());
        longestClosedNs = longest;
        setCompressed(false);
    }

    /**
     * The op at instant {@code ns} (the history's own clock): of the ops in flight then (invoked at or before
     * it, completed at or after it or never), the one invoked last; when none is, the op invoked nearest to it.
     * Ties go to the lower index. -1 for an empty history.
     */
    public int opAt(long ns) {
        if (ops.isEmpty()) return -1;
        // in flight and completed: invoked in [ns - longest, ns]; walk back from the last invoked at or before ns
        int best = -1;
        long since = ns - longestClosedNs > ns ? Long.MIN_VALUE : ns - longestClosedNs;
        for (int k = upperBound(closedByInvoke, ns) - 1; k >= 0; k--) {
            Op o = ops.get(closedByInvoke[k]);
            if (o.invokeTs() < since || best >= 0 && o.invokeTs() < ops.get(best).invokeTs()) break;
            if (o.completeTs() >= ns) best = closedByInvoke[k]; // ties of invocation: this walk ends on the lowest index
        }
        // never completed: in flight from its invocation on, so the last invoked at or before ns
        int u = upperBound(unendedByInvoke, ns) - 1;
        if (u >= 0) {
            long at = ops.get(unendedByInvoke[u]).invokeTs();
            while (u > 0 && ops.get(unendedByInvoke[u - 1]).invokeTs() == at) u--;
            int open = unendedByInvoke[u];
            if (best < 0 || at > ops.get(best).invokeTs() || at == ops.get(best).invokeTs() && open < best) best = open;
        }
        if (best >= 0) return best;
        // nothing in flight: the nearest invocation before (the lowest index of its ties) or after it
        int after = upperBound(byInvoke, ns);
        int before = after - 1;
        if (before >= 0) {
            long at = ops.get(byInvoke[before]).invokeTs();
            while (before > 0 && ops.get(byInvoke[before - 1]).invokeTs() == at) before--;
        }
        if (before < 0) return byInvoke[after];
        if (after >= byInvoke.length) return byInvoke[before];
        long dBefore = ns - ops.get(byInvoke[before]).invokeTs();
        long dAfter = ops.get(byInvoke[after]).invokeTs() - ns;
        if (dBefore != dAfter) return dBefore < dAfter ? byInvoke[before] : byInvoke[after];
        return Math.min(byInvoke[before], byInvoke[after]);
    }

    /** The first position of {@code sorted} (op indexes by invocation) invoked after {@code ns}. */
    private int upperBound(int[] sorted, long ns) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ops.get(sorted[mid]).invokeTs() <= ns) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /**
     * The keys of a transaction's micro-ops ({@code [["append","x",5],["r","y",null]]}, as input or
     * output), which carries no key of its own; null when it has none.
     */
    static String[] microKeys(Op op) {
        for (JsonNode list : new JsonNode[] {op.input(), op.output()}) {
            if (list == null || !list.isArray() || list.isEmpty()) continue;
            LinkedHashSet<String> found = new LinkedHashSet<>();
            for (JsonNode n : list) {
                MicroOp m = MicroOp.parse(n);
                if (m == null) {
                    found.clear();
                    break;
                }
                found.add(m.key());
            }
            if (!found.isEmpty()) return found.toArray(new String[0]);
        }
        return null;
    }

    /** Whether op {@code i} is about {@code key}: its own key, or one of its micro-ops'. */
    public boolean touches(int i, String key) {
        if (key.equals(ops.get(i).key())) return true;
        String[] micro = microKeys[i];
        if (micro == null) return false;
        for (String k : micro) if (k.equals(key)) return true;
        return false;
    }

    /** @param landings fault name → landing reading, for the epochs the ops name */
    public static HistoryLayout of(History history, Map<String, String> landings) {
        return new HistoryLayout(history, landings);
    }

    private static String searchable(Op op) {
        StringBuilder b = new StringBuilder();
        for (String s : new String[] {op.opId(), op.error(), op.nodeSeen(), op.faultEpoch()}) {
            if (s != null) b.append(s).append('\u0000');
        }
        if (op.input() != null) b.append(op.input()).append('\u0000');
        if (op.output() != null) b.append(op.output());
        return b.toString().toLowerCase(Locale.ROOT);
    }

    /** Whether op {@code i}'s id, error, node, epoch, input or output contains {@code lowerText}. */
    public boolean textMatches(int i, String lowerText) {
        return searchText[i].contains(lowerText);
    }

    /** An op drawn open-ended: its outcome is unknown (or it never completed). */
    public static boolean isOpen(Op op) {
        return op.timeoutMarker() || op.completeTs() == null;
    }

    /** Process ids that look like numbers sort as numbers (2 before 10), the rest as text. */
    static int naturalOrder(String a, String b) {
        String pa = a.replaceAll("\\d+$", "");
        String pb = b.replaceAll("\\d+$", "");
        if (pa.equals(pb) && a.length() > pa.length() && b.length() > pb.length()) {
            try {
                return Long.compare(Long.parseLong(a.substring(pa.length())), Long.parseLong(b.substring(pb.length())));
            } catch (NumberFormatException e) {
                // too long for a long: fall through to text order
            }
        }
        return a.compareTo(b);
    }

    /** Switches every position to the compressed (idle gaps cut) or the real axis. */
    public void setCompressed(boolean on) {
        compressed = on;
        TimeAxis axis = axis();
        int n = ops.size();
        start = new double[n];
        end = new double[n];
        for (int i = 0; i < n; i++) {
            Op op = ops.get(i);
            start[i] = axis.toMs(op.invokeTs());
            end[i] = isOpen(op) ? Double.POSITIVE_INFINITY : Math.max(start[i], axis.toMs(op.completeTs()));
        }
        drawnEnd = end.clone();
        double span = axis.spanMs();
        for (int l = 0; l < laneOps.length; l++) {
            int[] open = laneOpen[l];
            for (int k = 0; k < open.length; k++) {
                int op = open[k];
                int next = lowerBound(laneOps[l], Math.nextUp(start[op]));
                double to = next < laneOps[l].length ? start[laneOps[l][next]] : span;
                if (k + 1 < open.length && start[open[k + 1]] > start[op]) to = Math.min(to, start[open[k + 1]]);
                drawnEnd[op] = Math.max(to, start[op]);
            }
        }
        int lanes = laneOps.length;
        packedStart = new double[lanes][];
        packedEnd = new double[lanes][];
        packedKind = new byte[lanes][];
        packedOpenStart = new double[lanes][];
        packedOpenEnd = new double[lanes][];
        for (int l = 0; l < lanes; l++) {
            int[] closed = laneOps[l];
            packedStart[l] = new double[closed.length];
            packedEnd[l] = new double[closed.length];
            packedKind[l] = new byte[closed.length];
            for (int k = 0; k < closed.length; k++) {
                packedStart[l][k] = start[closed[k]];
                packedEnd[l][k] = drawnEnd[closed[k]];
                packedKind[l][k] = kind[closed[k]];
            }
            int[] open = laneOpen[l];
            packedOpenStart[l] = new double[open.length];
            packedOpenEnd[l] = new double[open.length];
            for (int k = 0; k < open.length; k++) {
                packedOpenStart[l][k] = start[open[k]];
                packedOpenEnd[l][k] = drawnEnd[open[k]];
            }
        }
    }

    /**
     * True when the history carries no real timestamps (Porcupine's etcd logs, EDN without
     * {@code :time}): the readers number the events instead, so the axis shows order, not time.
     */
    public boolean untimed() {
        return realAxis.endNs() - realAxis.originNs() <= 4L * Math.max(1, ops.size());
    }

    public boolean compressed() {
        return compressed;
    }

    public TimeAxis axis() {
        return compressed ? compressedAxis : realAxis;
    }

    public TimeAxis realAxis() {
        return realAxis;
    }

    public History history() {
        return history;
    }

    public List<Op> ops() {
        return ops;
    }

    public int size() {
        return ops.size();
    }

    public Op op(int i) {
        return ops.get(i);
    }

    public List<String> lanes() {
        return lanes;
    }

    public int lane(int op) {
        return laneOf[op];
    }

    public List<FaultEpoch> epochs() {
        return epochs;
    }

    public List<String> keys() {
        return keys;
    }

    public List<String> opTypes() {
        return opTypes;
    }

    /** The op an id names ({@code #index} for ops without op_id, as counterexamples cite them), or -1. */
    public int indexOf(String opId) {
        Integer i = byId.get(opId);
        return i == null ? -1 : i;
    }

    /**
     * The op a transactional anomaly cites: by op_id when the history has them, else by the line
     * the reader took it from (Jepsen EDN ops have no id); -1 when neither matches.
     */
    public int indexOf(String opId, int sourceLine) {
        if (opId != null) {
            int i = indexOf(opId);
            if (i >= 0) return i;
        }
        if (sourceLine <= 0) return -1;
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).sourceLine() == sourceLine) return i;
        }
        return -1;
    }

    /** Axis position of the op's invocation, in ms. */
    public double startMs(int op) {
        return start[op];
    }

    /** Axis position of its completion; +∞ for an open-ended op. */
    public double endMs(int op) {
        return end[op];
    }

    /** Where its bar ends on the axis: the completion, or for an open-ended op the next op of its process. */
    public double drawnEndMs(int op) {
        return drawnEnd[op];
    }

    /** The text in the op's bar ({@link OpLabel}), made when first drawn. */
    public String label(int op) {
        String s = labels[op];
        if (s == null) {
            s = OpLabel.of(ops.get(op));
            labels[op] = s;
        }
        return s;
    }

    /** {@link #OK}, {@link #FAIL} (the op failed) or {@link #OPEN} (drawn open-ended). */
    public byte kind(int op) {
        return kind[op];
    }

    public Outcome outcome(int op) {
        return ops.get(op).outcome();
    }

    /**
     * Calls {@code visit} for the ops of {@code lane} whose bar overlaps {@code [fromMs, toMs]} on
     * the current axis, completed ones by invoke then open-ended ones: a binary search, then only
     * the ops in range (plus those within the lane's longest duration before it).
     */
    public void forEachVisible(int lane, double fromMs, double toMs, IntConsumer visit) {
        int[] closed = laneOps[lane];
        int lo = lowerBound(closed, fromMs - laneMaxMs[lane]);
        for (int k = lo; k < closed.length; k++) {
            int op = closed[k];
            if (start[op] > toMs) break;
            if (end[op] >= fromMs) visit.accept(op);
        }
        for (int op : laneOpen[lane]) {
            if (start[op] > toMs) break;
            if (drawnEnd[op] >= fromMs) visit.accept(op);
        }
    }

    /**
     * One lane's ops overlapping {@code [fromMs, toMs]} split by width on screen: ops at least {@code minBarPx}
     * wide (and those {@code bar} says must be drawn as bars: the selection, blocked ops) go to {@code bar}; the
     * narrower ones only raise {@code strip}'s pixel columns {@code [floor x0, ceil x1]} (clamped to
     * {@code [minX, maxX]}) to their kind's strength: an open-ended op 3, an ok op 2, a failed op 1. The same
     * visit as {@link #forEachVisible}, as one loop over the arrays: the whole-history view of 100,000 ops runs
     * it for every op on every frame, and a consumer call per sub-pixel op was most of that frame's time.
     *
     * @param x0     screen x of axis position 0 ms: {@code x = x0 + ms * pxPerMs}
     * @param hidden   ops the filter hides (skipped), indexed by op; null when it hides none
     * @param forceBar ops drawn as bars whatever their width; null for none
     * @return how many ops were visited (drawn either way)
     */
    public int stripLane(int lane, double fromMs, double toMs, double x0, double pxPerMs, double minBarPx,
                          int minX, int maxX, boolean[] hidden, byte[] strip, IntPredicate forceBar,
                          IntConsumer bar) {
        int[] closed = laneOps[lane];
        double[] st = packedStart[lane];
        double[] en = packedEnd[lane];
        byte[] kd = packedKind[lane];
        double since = fromMs - laneMaxMs[lane];
        int visited = 0;
        int lo = 0;
        int hi = st.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (st[mid] < since) lo = mid + 1; else hi = mid;
        }
        for (int k = lo; k < st.length; k++) {
            double a = st[k];
            if (a > toMs) break;
            double e = en[k];
            if (e < fromMs) continue;
            int op = closed[k];
            if (hidden != null && hidden[op]) continue;
            visited++;
            strip(op, kd[k], x0 + a * pxPerMs, x0 + e * pxPerMs, minBarPx, minX, maxX, strip, forceBar, bar);
        }
        int[] open = laneOpen[lane];
        double[] os = packedOpenStart[lane];
        double[] oe = packedOpenEnd[lane];
        for (int k = 0; k < os.length; k++) {
            if (os[k] > toMs) break;
            if (oe[k] < fromMs) continue;
            int op = open[k];
            if (hidden != null && hidden[op]) continue;
            visited++;
            strip(op, OPEN, x0 + os[k] * pxPerMs, x0 + oe[k] * pxPerMs, minBarPx, minX, maxX, strip, forceBar, bar);
        }
        return visited;
    }

    private static void strip(int op, byte k, double a, double b, double minBarPx, int minX, int maxX, byte[] strip,
                              IntPredicate forceBar, IntConsumer bar) {
        if (b - a >= minBarPx || forceBar != null && forceBar.test(op)) {
            bar.accept(op);
            return;
        }
        byte v = k == OPEN ? (byte) 3 : k == OK ? (byte) 2 : (byte) 1;
        // floor and ceil by casts (minX >= 0, so a cast truncates the same way once a > minX): C1 calls out
        // to StrictMath for Math.floor/ceil, a measurable part of a 100,000-op frame
        int from = a <= minX ? minX : (int) a;
        int to;
        if (b >= maxX) {
            to = maxX;
        } else {
            to = (int) b;
            if (to < b) to++;
        }
        for (int x = from; x <= to; x++) if (strip[x] < v) strip[x] = v;
    }

    private int lowerBound(int[] sorted, double ms) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start[sorted[mid]] < ms) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** Ops per lane (completed and open), for tests and the status line. */
    public int laneSize(int lane) {
        return laneOps[lane].length + laneOpen[lane].length;
    }
}
