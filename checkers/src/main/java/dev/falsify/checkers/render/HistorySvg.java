package dev.falsify.checkers.render;

import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.LinearizabilityCounterexample.Blocked;
import dev.falsify.checkers.api.LinearizabilityCounterexample.PartitionFailure;
import dev.falsify.checkers.api.LinearizabilityCounterexample.Prefix;
import dev.falsify.checkers.api.LinearizabilityCounterexample.Step;
import dev.falsify.checkers.api.OpRef;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The history around a linearizability failure as an SVG picture: one lane per process, each op a
 * bar from invoke to complete labelled by {@link OpLabel}, the end of the longest linearizable
 * prefix as numbered linearization points joined in order, the ops that could not be placed next
 * in red with their reason, fault epochs shaded with their name, and an axis in ms from the start
 * of the history ({@link TimeAxis#real}).
 *
 * <p>The picture is windowed to the failure: the last steps of the prefix and the ops that could
 * not follow them, with as many earlier steps as keep it at most {@link #MAX_OPS} bars, so a
 * 100,000-op history gives the same readable picture as a 100-op one. The picture says which range
 * and how many of the partition's ops it shows.
 */
public final class HistorySvg {
    /** Bars drawn at most. */
    static final int MAX_OPS = 60;
    /** Prefix steps before the failure the window tries to include. */
    static final int CONTEXT_STEPS = 12;

    private static final double WIDTH = 1200;
    private static final double LEFT = 110;
    private static final double RIGHT = 24;
    private static final double LANE = 30;
    private static final double BAR = 18;
    private static final double FONT = 11;
    /** Width of a digit of a step number (9.5 px bold), rounded up: label boxes must not touch. */
    static final double DIGIT_W = 6;

    private static final String OK_FILL = "#dbe8f6";
    private static final String OK_STROKE = "#4a76a8";
    private static final String PREFIX_FILL = SvgCanvas.OK.fill();
    private static final String PREFIX_STROKE = SvgCanvas.OK.stroke();
    private static final String FAIL_FILL = SvgCanvas.FAILED.fill();
    private static final String FAIL_STROKE = SvgCanvas.FAILED.stroke();
    private static final String UNKNOWN_FILL = SvgCanvas.UNKNOWN.fill();
    private static final String UNKNOWN_STROKE = SvgCanvas.UNKNOWN.stroke();
    private static final String BLOCKED_FILL = "#fde0e0";
    private static final String RED = "#d62728";
    private static final String MUST_FILL = "#ffe9d2";
    private static final String MUST_STROKE = "#e66a00";
    private static final String POINT = "#1b5e20";
    private static final String FAULT_FILL = "#f1e4f5";
    private static final String FAULT_TEXT = "#6a1b9a";
    private static final String TEXT = SvgCanvas.TEXT;
    private static final String MUTED = SvgCanvas.MUTED;

    private HistorySvg() {
    }

    /**
     * @param cx      the counterexample (its first partition's first prefix is drawn)
     * @param history every op of the history the counterexample is about, in the order the checker read them
     * @param title   what the picture is of, e.g. {@code S1-1: linearizability, model cas-register}
     */
    public static String render(LinearizabilityCounterexample cx, List<Op> history, String title) {
        PartitionFailure failure = cx.partitions().stream().filter(p -> !p.prefixes().isEmpty()).findFirst().orElse(null);
        TimeAxis axis = TimeAxis.real(history);
        if (failure == null) {
            SvgCanvas c = new SvgCanvas(WIDTH, 80, title);
            c.text(16, 28, title, 15, TEXT, "start", true);
            c.text(16, 54, "the counterexample names no failing partition: nothing to draw", 12, MUTED, "start", false);
            return c.finish();
        }
        return new Layout(cx, failure, failure.prefixes().get(0), history, axis, title).draw();
    }

    /** One picture's decisions: which ops, which lanes, which time range. */
    private static final class Layout {
        final LinearizabilityCounterexample cx;
        final PartitionFailure failure;
        final Prefix prefix;
        final TimeAxis axis;
        final String title;
        final List<Op> history;
        final Map<String, Op> byId = new HashMap<>();
        final Map<Op, String> ids = new java.util.IdentityHashMap<>(); // ops without op_id are named by position
        final Map<String, Integer> stepOf = new HashMap<>();   // op id → 1-based step number
        final Map<String, Blocked> blocked = new LinkedHashMap<>();
        final String must;
        final List<Op> partitionOps = new ArrayList<>();
        List<Op> shown = List.of();
        int shownInRange;
        int openBefore;
        long from;
        long to;
        int firstStep;  // 1-based number of the first step in the window, 0 when none

        Layout(LinearizabilityCounterexample cx, PartitionFailure failure, Prefix prefix, List<Op> history, TimeAxis axis,
               String title) {
            this.cx = cx;
            this.failure = failure;
            this.prefix = prefix;
            this.axis = axis;
            this.title = title;
            this.history = history;
            for (int i = 0; i < history.size(); i++) {
                Op op = history.get(i);
                String id = OpRef.of(op, i).opId();
                byId.putIfAbsent(id, op);
                ids.put(op, id);
            }
            for (int i = 0; i < prefix.steps().size(); i++) stepOf.put(prefix.steps().get(i).op().opId(), i + 1);
            for (Blocked b : prefix.couldNotPlace()) blocked.put(b.op().opId(), b);
            must = prefix.mustPrecede() == null ? null : prefix.mustPrecede().op().opId();
            partitionOps.addAll(partition(history));
            choose();
        }

        /** The ops of the failing partition: those on the keys the counterexample's ops touch, unless it is the whole object. */
        private List<Op> partition(List<Op> history) {
            if (failure.partition().equals("all")) return history;
            Set<String> keys = new HashSet<>();
            List<OpRef> cited = cited();
            for (OpRef r : cited) {
                Op op = byId.get(r.opId());
                if (op == null || op.key() == null) return history; // keys inside values (multi-register): show all
                keys.add(op.key());
            }
            if (keys.isEmpty()) return history;
            return history.stream().filter(op -> keys.contains(op.key())).toList();
        }

        private List<OpRef> cited() {
            List<OpRef> out = new ArrayList<>();
            prefix.steps().forEach(s -> out.add(s.op()));
            prefix.couldNotPlace().forEach(b -> out.add(b.op()));
            if (prefix.mustPrecede() != null) out.add(prefix.mustPrecede().op());
            return out;
        }

        /** The time window: the failure, and as many prefix steps before it as keep the picture legible. */
        private void choose() {
            List<OpRef> focus = new ArrayList<>();
            prefix.couldNotPlace().forEach(b -> focus.add(b.op()));
            if (prefix.mustPrecede() != null) focus.add(prefix.mustPrecede().op());
            List<Step> steps = prefix.steps();
            if (focus.isEmpty() && !steps.isEmpty()) focus.add(steps.get(steps.size() - 1).op());
            long f0 = Long.MAX_VALUE;
            long f1 = Long.MIN_VALUE;
            for (OpRef r : focus) {
                f0 = Math.min(f0, r.invokeTs());
                f1 = Math.max(f1, end(r));
            }
            if (focus.isEmpty()) { // no op could be placed first and none is cited: the start of the history
                f0 = axis.originNs();
                f1 = partitionOps.stream().limit(MAX_OPS / 2).mapToLong(HistorySvg::end).max().orElse(f0);
            }
            for (int k = Math.min(CONTEXT_STEPS, steps.size()); k >= 0; k--) {
                long w0 = f0;
                long w1 = f1;
                for (int i = steps.size() - k; i < steps.size(); i++) {
                    w0 = Math.min(w0, steps.get(i).op().invokeTs());
                    w1 = Math.max(w1, end(steps.get(i).op()));
                }
                List<Op> in = inWindow(w0, w1);
                if (in.size() <= MAX_OPS || k == 0) {
                    from = w0;
                    to = w1;
                    shownInRange = in.size();
                    shown = in.size() <= MAX_OPS ? in : nearest(in, f0);
                    break;
                }
            }
            long pad = Math.max(1, (to - from) / 25);
            from = Math.max(axis.originNs(), from - pad); // nothing happened before the history started
            to += pad;
            firstStep = 0;
            for (Op op : shown) {
                Integer s = stepOf.get(idOf(op));
                if (s != null && (firstStep == 0 || s < firstStep)) firstStep = s;
            }
        }

        /** Ops overlapping [w0, w1]; an open op only when invoked inside it (an older one would fill every window). */
        private List<Op> inWindow(long w0, long w1) {
            List<Op> out = new ArrayList<>();
            openBefore = 0;
            for (Op op : partitionOps) {
                boolean open = op.outcome() == Outcome.UNKNOWN || op.completeTs() == null;
                if (op.invokeTs() > w1) continue;
                if (open && op.invokeTs() < w0 && !isCited(op)) {
                    openBefore++;
                    continue;
                }
                if (!open && op.completeTs() < w0) continue;
                out.add(op);
            }
            return out;
        }

        /** At most {@link #MAX_OPS} of {@code in}: every cited op, then those invoked nearest the failure. */
        private List<Op> nearest(List<Op> in, long f0) {
            List<Op> keep = new ArrayList<>(in.stream().filter(this::isCited).toList());
            List<Op> rest = new ArrayList<>(in.stream().filter(op -> !isCited(op)).toList());
            rest.sort(Comparator.comparingLong((Op op) -> Math.abs(op.invokeTs() - f0)));
            for (Op op : rest) {
                if (keep.size() >= MAX_OPS) break;
                keep.add(op);
            }
            return keep;
        }

        private boolean isCited(Op op) {
            String id = idOf(op);
            return blocked.containsKey(id) || id.equals(must) || stepOf.containsKey(id) && stepOf.get(id) > prefix.steps().size() - CONTEXT_STEPS;
        }

        private String idOf(Op op) {
            return ids.getOrDefault(op, String.valueOf(op.opId()));
        }

        String draw() {
            // lanes: the processes with a bar in the window, in natural order (c2 before c10)
            TreeMap<String, List<Op>> lanes = new TreeMap<>(HistorySvg::natural);
            for (Op op : shown) lanes.computeIfAbsent(op.processName(), p -> new ArrayList<>()).add(op);
            List<String> prefixLines = prefixLines();
            List<String[]> blockedLines = blockedLines();
            double top = 104;
            double lanesHeight = Math.max(1, lanes.size()) * LANE;
            double axisY = top + lanesHeight + 8;
            double textY = axisY + 44;
            double height = textY + 18 * (prefixLines.size() + blockedLines.size() + 3) + 12;
            SvgCanvas c = new SvgCanvas(WIDTH, height, title);
            c.text(16, 24, title, 15, TEXT, "start", true);
            c.text(16, 44, rangeSentence(lanes.size()), 12, TEXT, "start", false);
            legend(c, 16, 66);

            double x0 = LEFT;
            double x1 = WIDTH - RIGHT;
            double ms0 = axis.toMs(from);
            double ms1 = axis.toMs(to);
            Scale sx = ns -> x0 + (axis.toMs(Math.max(from, Math.min(to, ns))) - ms0) / Math.max(1e-9, ms1 - ms0) * (x1 - x0);

            for (int i = 1; i < lanes.size(); i += 2) c.rect(x0, top + i * LANE, x1 - x0, LANE, "#f7f7f7", null, 0);
            faults(c, sx, top, lanesHeight);
            int laneIndex = 0;
            Map<String, double[]> centers = new HashMap<>();
            for (Map.Entry<String, List<Op>> lane : lanes.entrySet()) {
                double y = top + laneIndex * LANE;
                c.text(LEFT - 8, y + LANE / 2 + 4, SvgCanvas.fit("process " + lane.getKey(), LEFT - 14, FONT), FONT, TEXT, "end", false);
                for (Op op : lane.getValue()) bar(c, sx, op, y + (LANE - BAR) / 2, centers);
                laneIndex++;
            }
            points(c, sx, centers);
            axis(c, sx, x0, x1, axisY, ms0, ms1);

            double y = textY;
            c.text(16, y, "Longest linearizable prefix (" + prefix.steps().size() + " of " + failure.ops() + " ops"
                    + (cx.exhausted() ? ", search unfinished" : "") + "), initial state " + prefix.initialState()
                    + (prefixLines.isEmpty() ? ": empty" : ", last steps:"), 12, TEXT, "start", true);
            for (String line : prefixLines) {
                y += 18;
                c.text(28, y, SvgCanvas.fit(line, WIDTH - 44, 11.5), 11.5, POINT, "start", false);
            }
            y += 22;
            String head = prefix.mustPrecede() == null ? "Could not be placed next:"
                    : "op " + prefix.mustPrecede().op().opId() + " (" + prefix.mustPrecede().description()
                    + ") completed, but none of these could take effect next:";
            c.text(16, y, SvgCanvas.fit(head, WIDTH - 32, 12), 12, TEXT, "start", true);
            for (String[] line : blockedLines) {
                y += 18;
                c.text(28, y, SvgCanvas.fit(line[0], WIDTH - 44, 11.5), 11.5, RED, "start", false);
            }
            if (blockedLines.isEmpty()) {
                y += 18;
                c.text(28, y, "none recorded", 11.5, MUTED, "start", false);
            }
            return c.finish();
        }

        private String rangeSentence(int laneCount) {
            String part = failure.partition().equals("all") ? "the history" : failure.partition();
            String steps = firstStep == 0 ? "no prefix step in this window"
                    : "prefix steps " + ranges(drawnSteps()) + " of " + prefix.steps().size()
                    + (firstStep > 1 ? " (1–" + (firstStep - 1) + " are before this window)" : "");
            String count = shown.size() == shownInRange ? shown.size() + " of " + partitionOps.size() + " ops"
                    : shown.size() + " of the " + shownInRange + " ops in this range (of " + partitionOps.size() + ")";
            return String.format(Locale.ROOT, "Shows %.3f–%.3f ms from the start of the history: %s of %s on %d %s; %s%s",
                    axis.realMs(from), axis.realMs(to), count, part, laneCount, laneCount == 1 ? "process" : "processes",
                    steps, openBefore == 0 ? "" : "; " + openBefore + " older unknown-outcome ops not drawn");
        }

        private List<Integer> drawnSteps() {
            List<Integer> out = new ArrayList<>();
            for (Op op : shown) {
                Integer st = stepOf.get(idOf(op));
                if (st != null) out.add(st);
            }
            out.sort(null);
            return out;
        }

        /** {@code 62, 65, 81–92}. */
        private static String ranges(List<Integer> sorted) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < sorted.size(); ) {
                int j = i;
                while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) j++;
                if (b.length() > 0) b.append(", ");
                b.append(sorted.get(i));
                if (j > i) b.append('–').append(sorted.get(j));
                i = j + 1;
            }
            return b.toString();
        }

        private void legend(SvgCanvas c, double x, double y) {
            Object[][] items = {
                    {PREFIX_FILL, PREFIX_STROKE, null, "in the prefix"},
                    {OK_FILL, OK_STROKE, null, "ok, after the prefix"},
                    {BLOCKED_FILL, RED, null, "could not be placed next"},
                    {MUST_FILL, MUST_STROKE, null, "completed first"},
                    {UNKNOWN_FILL, UNKNOWN_STROKE, SvgCanvas.UNKNOWN.dash(), "unknown outcome (open)"},
                    {FAIL_FILL, FAIL_STROKE, SvgCanvas.FAILED.dash(), "failed (no effect)"},
                    {FAULT_FILL, null, null, "fault epoch"},
            };
            double cx0 = x;
            for (Object[] it : items) {
                c.rect(cx0, y - 10, 18, 12, (String) it[0], (String) it[1], 1.2, (String) it[2], null);
                c.text(cx0 + 22, y, (String) it[3], 10.5, TEXT, "start", false);
                cx0 += 22 + ((String) it[3]).length() * 10.5 * 0.56 + 12;
            }
            c.circle(cx0 + 5, y - 4, 4, POINT, null, 0, null);
            c.text(cx0 + 13, y, "linearization point", 10.5, TEXT, "start", false);
        }

        /** Fault epochs: the span of the ops recorded in each, shaded across the lanes and named. */
        private void faults(SvgCanvas c, Scale sx, double top, double lanesHeight) {
            Map<String, long[]> epochs = new LinkedHashMap<>();
            for (Op op : history) {
                if (op.faultEpoch() == null) continue;
                long[] span = epochs.computeIfAbsent(op.faultEpoch(), e -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                span[0] = Math.min(span[0], op.invokeTs());
                span[1] = Math.max(span[1], end(op));
            }
            List<Map.Entry<String, long[]>> sorted = new ArrayList<>(epochs.entrySet());
            sorted.sort(Comparator.comparingLong((Map.Entry<String, long[]> e) -> e.getValue()[0]).thenComparing(Map.Entry::getKey));
            for (Map.Entry<String, long[]> e : sorted) {
                long[] span = e.getValue();
                if (span[1] < from || span[0] > to) continue;
                double a = sx.x(span[0]);
                double b = sx.x(span[1]);
                c.rect(a, top - 14, Math.max(2, b - a), lanesHeight + 14, FAULT_FILL, null, 0, null,
                        "fault epoch " + e.getKey() + String.format(Locale.ROOT, ": ops recorded in it span %.3f–%.3f ms",
                                axis.realMs(span[0]), axis.realMs(span[1])));
                c.text(a + 4, top - 3, SvgCanvas.fit("fault: " + e.getKey(), Math.max(60, b - a - 6), 10.5), 10.5,
                        FAULT_TEXT, "start", true);
            }
        }

        private void bar(SvgCanvas c, Scale sx, Op op, double y, Map<String, double[]> centers) {
            String id = idOf(op);
            boolean open = op.outcome() == Outcome.UNKNOWN || op.completeTs() == null;
            double a = sx.x(op.invokeTs());
            double b = open ? sx.x(to) : sx.x(op.completeTs());
            String fill;
            String stroke;
            String dash = null;
            double sw = 1.2;
            Integer step = stepOf.get(id);
            if (blocked.containsKey(id)) {
                fill = BLOCKED_FILL;
                stroke = RED;
                sw = 2;
            } else if (id.equals(must)) {
                fill = MUST_FILL;
                stroke = MUST_STROKE;
                sw = 2;
            } else if (op.outcome() == Outcome.FAIL) {
                fill = FAIL_FILL;
                stroke = FAIL_STROKE;
                dash = SvgCanvas.FAILED.dash();
            } else if (step != null) {
                fill = PREFIX_FILL;
                stroke = PREFIX_STROKE;
            } else if (open) {
                fill = UNKNOWN_FILL;
                stroke = UNKNOWN_STROKE;
            } else {
                fill = OK_FILL;
                stroke = OK_STROKE;
            }
            if (open) dash = SvgCanvas.UNKNOWN.dash();
            double w = Math.max(2, b - a);
            c.rect(a, y, w, BAR, fill, stroke, sw, dash, tooltip(op, id, step));
            if (open) { // open-ended: the op may take effect any time after its invocation, or never
                c.polygon(new double[] {a + w, y + BAR / 2 - 5, a + w + 7, y + BAR / 2, a + w, y + BAR / 2 + 5}, UNKNOWN_STROKE);
            }
            String label = SvgCanvas.fit(OpLabel.of(op), w - 6, FONT);
            if (!label.isEmpty()) c.text(a + 3, y + BAR - 5, label, FONT, TEXT, "start", false);
            if (step != null) centers.put(id, new double[] {a, a + w, y});
        }

        private String tooltip(Op op, String id, Integer step) {
            StringBuilder t = new StringBuilder("op ").append(id).append(" · ").append(op.processLabel())
                    .append(" · ").append(OpLabel.of(op)).append(" · ")
                    .append(String.format(Locale.ROOT, "invoke %.3f ms", axis.realMs(op.invokeTs())))
                    .append(op.completeTs() == null || op.outcome() == Outcome.UNKNOWN ? ", no completion"
                            : String.format(Locale.ROOT, ", complete %.3f ms", axis.realMs(op.completeTs())))
                    .append(" · ").append(op.outcome().name().toLowerCase(Locale.ROOT));
            if (op.error() != null) t.append(" (").append(op.error()).append(')');
            if (op.key() != null) t.append(" · key ").append(op.key());
            if (op.nodeSeen() != null) t.append(" · node ").append(op.nodeSeen());
            if (op.faultEpoch() != null) t.append(" · fault ").append(op.faultEpoch());
            if (step != null) t.append(" · prefix step ").append(step).append(", state after ")
                    .append(prefix.steps().get(step - 1).stateAfter());
            Blocked b = blocked.get(id);
            if (b != null) t.append(" · could not be placed: ").append(b.reason());
            if (op.sourceLine() > 0) t.append(" · line ").append(op.sourceLine());
            return t.toString();
        }

        /**
         * Linearization points: step i at a time inside its op's interval, never before step i-1's
         * (lower bounds forward from the invocations, upper bounds backward from the completions;
         * the midpoint of the two is inside the bar and in order).
         */
        private void points(SvgCanvas c, Scale sx, Map<String, double[]> centers) {
            List<Step> steps = prefix.steps();
            int n = steps.size();
            if (n == 0) return;
            long[] lo = new long[n];
            long[] hi = new long[n];
            for (int i = 0; i < n; i++) lo[i] = Math.max(steps.get(i).op().invokeTs(), i == 0 ? Long.MIN_VALUE : lo[i - 1]);
            for (int i = n - 1; i >= 0; i--) {
                long end = steps.get(i).op().completeTs() == null ? Math.max(to, lo[i]) : steps.get(i).op().completeTs();
                hi[i] = Math.min(end, i == n - 1 ? Long.MAX_VALUE : hi[i + 1]);
            }
            List<double[]> drawn = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double[] bar = centers.get(steps.get(i).op().opId());
                if (bar == null) continue;
                long t = lo[i] + (Math.max(lo[i], hi[i]) - lo[i]) / 2;
                double x = Math.max(bar[0] + 1, Math.min(bar[1] - 1, sx.x(t)));
                drawn.add(new double[] {x, bar[2] + BAR / 2, i + 1});
            }
            double[] xy = new double[drawn.size() * 2];
            for (int i = 0; i < drawn.size(); i++) {
                xy[2 * i] = drawn.get(i)[0];
                xy[2 * i + 1] = drawn.get(i)[1];
            }
            if (drawn.size() > 1) c.polyline(xy, POINT, 1.4);
            List<double[]> labels = numberLabels(drawn);
            for (int i = 0; i < drawn.size(); i++) {
                double[] p = drawn.get(i);
                Step s = steps.get((int) p[2] - 1);
                c.circle(p[0], p[1], 4, POINT, "#ffffff", 1, "step " + (int) p[2] + ": op " + s.op().opId() + " "
                        + s.description() + " → state " + s.stateAfter());
                double[] at = labels.get(i);
                if (at != null) c.text(at[0], at[1], Integer.toString((int) p[2]), 9.5, POINT, "start", true);
            }
        }

        /**
         * Where each point's number goes ({x, baseline}), or null when it has no room: above-right of the
         * point, else below-right, never over another number (steps close in time on one process read as
         * one run of digits, "569570574"). A number left out is still in the point's tooltip.
         */
        private static List<double[]> numberLabels(List<double[]> points) {
            List<double[]> boxes = new ArrayList<>();
            List<double[]> out = new ArrayList<>();
            for (double[] p : points) {
                double w = Integer.toString((int) p[2]).length() * DIGIT_W;
                double[] placed = null;
                for (double dy : new double[] {-5, 14}) {
                    double[] box = {p[0] + 5, p[1] + dy - 8, p[0] + 5 + w, p[1] + dy + 1};
                    if (boxes.stream().noneMatch(b -> overlaps(b, box))) {
                        boxes.add(box);
                        placed = new double[] {p[0] + 5, p[1] + dy};
                        break;
                    }
                }
                out.add(placed);
            }
            return out;
        }

        private static boolean overlaps(double[] a, double[] b) {
            return a[0] < b[2] + 1 && b[0] < a[2] + 1 && a[1] < b[3] && b[1] < a[3];
        }

        private void axis(SvgCanvas c, Scale sx, double x0, double x1, double y, double ms0, double ms1) {
            c.line(x0, y, x1, y, TEXT, 1, null);
            double span = Math.max(1e-6, ms1 - ms0);
            double step = niceStep(span / 8);
            double first = Math.ceil(ms0 / step) * step;
            for (double ms = first; ms <= ms1 + 1e-9; ms += step) {
                double x = x0 + (ms - ms0) / span * (x1 - x0);
                c.line(x, y, x, y + 5, TEXT, 1, null);
                c.text(x, y + 17, tick(ms, step), 10.5, TEXT, "middle", false);
            }
            c.text(x1, y + 32, "ms from the start of the history", 10.5, MUTED, "end", false);
        }

        private List<String> prefixLines() {
            List<String> out = new ArrayList<>();
            List<Step> steps = prefix.steps();
            for (int i = Math.max(0, steps.size() - 5); i < steps.size(); i++) {
                Step s = steps.get(i);
                out.add((i + 1) + ". op " + s.op().opId() + " (process " + s.op().processName() + ") " + s.description()
                        + " " + s.op().interval(axis.originNs()) + " → state " + s.stateAfter());
            }
            // the other maximal prefixes are listed, not drawn: one picture of one prefix stays readable,
            // and each other one is said by where it ends and what could not come next
            List<Prefix> all = failure.prefixes();
            if (all.size() > 1) {
                out.add((all.size() - 1) + " other maximal prefix" + (all.size() > 2 ? "es" : "") + " found (this picture draws prefix 1):");
            }
            for (int k = 1; k < all.size(); k++) {
                Prefix other = all.get(k);
                StringBuilder line = new StringBuilder("prefix " + (k + 1) + ": " + other.steps().size() + " steps");
                if (!other.steps().isEmpty()) {
                    Step last = other.steps().get(other.steps().size() - 1);
                    line.append(", ending with op ").append(last.op().opId()).append(" ").append(last.description())
                            .append(" → state ").append(last.stateAfter());
                }
                if (!other.couldNotPlace().isEmpty()) {
                    line.append("; could not place next: ");
                    for (int i = 0; i < other.couldNotPlace().size(); i++) {
                        if (i == 3) {
                            line.append(", … (").append(other.couldNotPlace().size()).append(" ops)");
                            break;
                        }
                        Blocked b = other.couldNotPlace().get(i);
                        line.append(i == 0 ? "" : ", ").append("op ").append(b.op().opId()).append(" ").append(b.description());
                    }
                }
                out.add(line.toString());
            }
            return out;
        }

        private List<String[]> blockedLines() {
            List<String[]> out = new ArrayList<>();
            for (Blocked b : prefix.couldNotPlace()) {
                boolean drawn = shown.stream().anyMatch(op -> idOf(op).equals(b.op().opId()));
                out.add(new String[] {"✗ op " + b.op().opId() + " (process " + b.op().processName() + ") " + b.description()
                        + " " + b.op().interval(axis.originNs()) + ": " + b.reason() + (drawn ? "" : " (outside the window)")});
            }
            return out;
        }
    }

    /** ns → x within the window (clamped). */
    @FunctionalInterface
    private interface Scale {
        double x(long ns);
    }

    private static long end(Op op) {
        return op.completeTs() == null || op.outcome() == Outcome.UNKNOWN ? op.invokeTs() : Math.max(op.invokeTs(), op.completeTs());
    }

    private static long end(OpRef r) {
        return r.completeTs() == null ? r.invokeTs() : r.completeTs();
    }

    /** 1, 2 or 5 × 10^k closest above {@code raw}. */
    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) return m * p;
        }
        return 10 * p;
    }

    private static String tick(double ms, double step) {
        int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
        double rounded = Math.abs(ms) < step / 1e6 ? 0 : ms; // no "-0"
        return String.format(Locale.ROOT, "%." + decimals + "f", rounded);
    }

    /** Process names in natural order: {@code c2} before {@code c10}. */
    static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) i++;
                while (j < b.length() && Character.isDigit(b.charAt(j))) j++;
                String na = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
                int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (c != 0) return c;
            } else {
                if (x != y) return Character.compare(x, y);
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }
}
