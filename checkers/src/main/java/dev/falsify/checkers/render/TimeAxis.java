package dev.falsify.checkers.render;

import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Maps a history's nanosecond timestamps to the axis people read: milliseconds from the first
 * invocation. The compressed axis cuts out idle stretches (no op in flight for longer than a
 * threshold) and keeps each as a short marked gap, so a history with a 30 s pause between two
 * bursts still shows both bursts legibly. The window and the SVG pictures share this one mapping,
 * so a position means the same in both.
 *
 * <p>An op without a completion is busy only at its invocation here: it may take effect at any
 * time later, and letting it hold the rest of the history "busy" would disable compression after
 * the first timeout.
 */
public final class TimeAxis {
    /** A removed idle stretch of the history, drawn at {@code atMs} on the compressed axis. */
    public record Gap(long fromNs, long toNs, double atMs, double widthMs) {
        public double removedMs() {
            return (toNs - fromNs) / 1e6 - widthMs;
        }
    }

    private final long originNs;
    private final long endNs;
    private final long[] gapFrom;
    private final long[] gapTo;
    private final long keptNs;
    /** removedBefore[g]: ns cut out by the gaps before gap g (prefix sums keep mapping O(log gaps)). */
    private final long[] removedBefore;
    private final List<Gap> gaps;

    private TimeAxis(long originNs, long endNs, long[] gapFrom, long[] gapTo, long keptNs) {
        this.originNs = originNs;
        this.endNs = endNs;
        this.gapFrom = gapFrom;
        this.gapTo = gapTo;
        this.keptNs = keptNs;
        this.removedBefore = new long[gapFrom.length + 1];
        for (int i = 0; i < gapFrom.length; i++) {
            removedBefore[i + 1] = removedBefore[i] + (gapTo[i] - gapFrom[i]) - keptNs;
        }
        List<Gap> g = new ArrayList<>(gapFrom.length);
        for (int i = 0; i < gapFrom.length; i++) {
            g.add(new Gap(gapFrom[i], gapTo[i], toMs(gapFrom[i]), keptNs / 1e6));
        }
        this.gaps = List.copyOf(g);
    }

    /** Real time: ms from the first invocation. */
    public static TimeAxis real(List<Op> ops) {
        long[] bounds = bounds(ops);
        return new TimeAxis(bounds[0], bounds[1], new long[0], new long[0], 0);
    }

    /**
     * Compressed time: every stretch longer than {@code minIdleNs} with no op in flight is shown
     * {@code keptNs} wide.
     */
    public static TimeAxis compressed(List<Op> ops, long minIdleNs, long keptNs) {
        if (minIdleNs <= 0 || keptNs < 0 || keptNs >= minIdleNs) {
            throw new IllegalArgumentException("need 0 <= keptNs < minIdleNs, got " + keptNs + ", " + minIdleNs);
        }
        long[] bounds = bounds(ops);
        int n = ops.size();
        long[] start = new long[n];
        long[] end = new long[n];
        for (int i = 0; i < n; i++) {
            Op op = ops.get(i);
            start[i] = op.invokeTs();
            Long c = op.completeTs();
            end[i] = c == null || op.timeoutMarker() ? op.invokeTs() : Math.max(c, op.invokeTs());
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Long.compare(start[a], start[b]));
        List<long[]> cut = new ArrayList<>();
        long busyUntil = Long.MIN_VALUE;
        for (int idx : order) {
            if (busyUntil != Long.MIN_VALUE && start[idx] - busyUntil > minIdleNs) {
                cut.add(new long[] {busyUntil, start[idx]});
            }
            busyUntil = Math.max(busyUntil, end[idx]);
        }
        long[] from = new long[cut.size()];
        long[] to = new long[cut.size()];
        for (int i = 0; i < cut.size(); i++) {
            from[i] = cut.get(i)[0];
            to[i] = cut.get(i)[1];
        }
        return new TimeAxis(bounds[0], bounds[1], from, to, keptNs);
    }

    /** The default compression: idle stretches over 10% of the history (at least 1 ms) shown 0.5% wide. */
    public static TimeAxis compressed(List<Op> ops) {
        long[] b = bounds(ops);
        long min = Math.max(1_000_000L, (b[1] - b[0]) / 10);
        return compressed(ops, min, Math.max(1, min / 20));
    }

    private static long[] bounds(List<Op> ops) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (Op op : ops) {
            lo = Math.min(lo, op.invokeTs());
            hi = Math.max(hi, op.invokeTs());
            if (op.completeTs() != null && !op.timeoutMarker()) hi = Math.max(hi, op.completeTs());
        }
        if (lo == Long.MAX_VALUE) return new long[] {0, 0};
        return new long[] {lo, hi};
    }

    public boolean isCompressed() {
        return gapFrom.length > 0;
    }

    public long originNs() {
        return originNs;
    }

    public long endNs() {
        return endNs;
    }

    /** Length of the axis in ms (after compression). */
    public double spanMs() {
        return toMs(endNs);
    }

    /** Real ms from the first invocation — what labels and hover text say, whatever the axis. */
    public double realMs(long ns) {
        return (ns - originNs) / 1e6;
    }

    /** Position on this axis in ms; a time inside a removed gap lands proportionally inside its kept width. */
    public double toMs(long ns) {
        int i = Arrays.binarySearch(gapTo, ns);
        int before = i >= 0 ? i + 1 : -i - 1; // gaps ending at or before ns
        long removed = removedBefore[Math.min(before, gapFrom.length)];
        if (before < gapFrom.length && ns > gapFrom[before]) {
            long len = gapTo[before] - gapFrom[before];
            double into = (double) (ns - gapFrom[before]) / len * keptNs;
            return (gapFrom[before] - originNs - removed + into) / 1e6;
        }
        return (ns - originNs - removed) / 1e6;
    }

    /** Inverse of {@link #toMs}: the history time shown at an axis position (gap positions map into the gap). */
    public long toNs(double ms) {
        double axisNs = ms * 1e6;
        int lo = 0;
        int hi = gapFrom.length; // first gap starting on the axis at or after axisNs
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (gapFrom[mid] - originNs - removedBefore[mid] < axisNs) lo = mid + 1; else hi = mid;
        }
        int g = lo - 1; // the last gap starting before this position
        if (g >= 0) {
            double gapStartOnAxis = gapFrom[g] - originNs - removedBefore[g];
            if (axisNs <= gapStartOnAxis + keptNs) {
                double frac = keptNs == 0 ? 0 : (axisNs - gapStartOnAxis) / keptNs;
                return gapFrom[g] + Math.round(frac * (gapTo[g] - gapFrom[g]));
            }
            return originNs + removedBefore[g + 1] + Math.round(axisNs);
        }
        return originNs + Math.round(axisNs);
    }

    public List<Gap> gaps() {
        return gaps;
    }
}
