package dev.falsify.app.ui.history;

import dev.falsify.checkers.render.TimeAxis;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * The history drawn as one viewport-sized image ({@link BarRaster}, text by {@link RasterText}): one lane per process, each op a bar from invoke
 * to complete with its {@code OpLabel}, open-ended (hatched, dashed, to the process's next op) when
 * its outcome is unknown, grey and struck when it failed; fault epochs shaded across every lane
 * with their name and landing reading; node_seen under the bar. Only the lanes and the ops in view
 * are touched ({@link HistoryLayout#forEachVisible}); ops narrower than a few pixels are merged
 * into one strip per pixel column, so a frame costs about the same at any zoom.
 *
 * <p>Wheel zooms around the pointer, drag pans (both axes), Shift+drag zooms to the range dragged,
 * double-click or {@link #fit} shows everything. The stepper's linearization points are drawn inside
 * the bars, numbered and joined in order; the ops that could not be placed next are red.
 */
public final class HistoryCanvas extends Region {
    static final double GUTTER = 92;
    static final double AXIS_H = 46;
    static final double LANE_H = 32;
    static final double BAR_H = 18;
    private static final double MIN_BAR_PX = 3;

    /*
     * Shapes are painted into pixels (BarRaster), shown as one image under the canvas, which keeps
     * only the stepper's points and lines: the software pipeline's render thread rasterized every
     * canvas rectangle of a frame, thousands of them at 100,000 ops. The colours come from the
     * theme's HistoryPalette, read at each frame; the light ones are named here for the pixel tests.
     */
    static final int WHITE_PX = HistoryPalette.LIGHT.background();
    static final int OK_FILL_PX = HistoryPalette.LIGHT.okFill();
    static final int OK_LINE_PX = HistoryPalette.LIGHT.okLine();
    static final int FAIL_FILL_PX = HistoryPalette.LIGHT.failFill();
    static final int FAIL_LINE_PX = HistoryPalette.LIGHT.failLine();
    static final int OPEN_FILL_PX = HistoryPalette.LIGHT.openFill();
    static final int OPEN_LINE_PX = HistoryPalette.LIGHT.openLine();
    static final int BLOCKED_PX = HistoryPalette.LIGHT.blocked();
    static final int BLOCKED_FILL_PX = HistoryPalette.LIGHT.blockedFill();
    static final int EPOCH_PX = HistoryPalette.LIGHT.epoch();
    static final int EPOCH_EDGE_PX = HistoryPalette.LIGHT.epochEdge();
    static final int LANE_SHADE_PX = HistoryPalette.LIGHT.laneShade();
    static final int GUTTER_FILL_PX = HistoryPalette.LIGHT.gutterFill();
    static final int GREY_PX = HistoryPalette.LIGHT.grey();
    static final int HATCH_PX = HistoryPalette.LIGHT.hatch();
    static final int RANGE_PX = HistoryPalette.LIGHT.range();
    static final int HOVER_LINE_PX = HistoryPalette.LIGHT.hoverLine();
    static final int TEXT_PX = HistoryPalette.LIGHT.text();
    static final int HIDDEN_TEXT_PX = HistoryPalette.LIGHT.hiddenText();
    static final int EPOCH_TEXT_PX = HistoryPalette.LIGHT.epochText();
    static final int DARK_GREY_PX = HistoryPalette.LIGHT.axis();
    static final int GUTTER_TEXT_PX = HistoryPalette.LIGHT.gutterText();
    private static final boolean[] HATCH_TILE = tile(8, 8, (x, y) -> (x + y) % 8 == 2);
    private static final boolean[] OPEN_DASH_TILE = tile(7, 1, (x, y) -> x < 4);
    private static final boolean[] FAIL_DASH_TILE = tile(4, 1, (x, y) -> x < 2);
    private static final boolean[] GAP_DASH_TILE = tile(1, 6, (x, y) -> y < 3);
    private static final Font FONT = Font.font("System", 11);
    private static final Font SMALL = Font.font("System", 9);
    private static final Font BOLD = Font.font("System", FontWeight.BOLD, 10);
    private static final Font STEP_FONT = Font.font("System", FontWeight.BOLD, 9);
    /** Below this many pixels of view per step in view, the steps are ticks, not numbered points. */
    static final int STEP_PX = 10;

    private final Canvas canvas = new Canvas();
    private final BarRaster raster = new BarRaster();
    private final ImageView shapes = new ImageView();
    private final Rectangle backdrop = new Rectangle();
    private final Label hoverCard = new Label();
    private HistoryLayout layout;
    private HistoryPalette pal = HistoryPalette.LIGHT;
    private boolean[] hidden = new boolean[0];
    private int shown;
    private double viewFrom;
    private double viewSpan = 1;
    private double laneScroll;
    private int selected = -1;
    private int hovered = -1;
    private final Map<Integer, String> blocked = new HashMap<>();
    private int[] stepOps = new int[0];
    private double[] stepMs = new double[0];
    private int currentStep;
    private IntConsumer onSelect = i -> { };
    private double dragX;
    private double dragY;
    private double rangeFrom = Double.NaN;
    private double rangeTo;
    private long lastDrawNanos;
    private long frames;
    /** Per pixel column of the lane being drawn: the strongest kind of sub-pixel op in it (0 none). */
    private byte[] strip = new byte[0];
    private double[] numberRight = new double[0];
    private int drawnOps;
    private int stepsDrawn;
    private boolean denseSteps;

    public HistoryCanvas() {
        setId("history-canvas");
        // An opaque rectangle under the image: Prism starts each frame's repaint at the topmost node
        // that covers the changed area opaquely (its "render root"). An image or canvas never counts as opaque,
        // so the repaint started at the tab pane behind it, whose background the software renderer
        // stretched from a cached image over the whole canvas area on every frame — most of a pan
        // step's render time (a Region background of our own is cached and stretched the same way;
        // a rectangle is one plain fill).
        backdrop.setManaged(false);
        backdrop.setFill(pal.backdrop());
        shapes.setManaged(false);
        shapes.setMouseTransparent(true);
        canvas.setVisible(false);
        getChildren().addAll(backdrop, shapes, canvas, hoverCard);
        hoverCard.setId("history-hover");
        hoverCard.setManaged(false);
        hoverCard.setVisible(false);
        hoverCard.setMouseTransparent(true);
        hoverCard.setStyle(pal.hoverCardStyle());
        dev.falsify.app.ui.theme.DarkMode.repaintOnSwitch(this, this::draw);
        setMinSize(200, 120);
        setFocusTraversable(true);
        setOnScroll(this::onScroll);
        setOnMousePressed(this::onPressed);
        setOnMouseDragged(this::onDragged);
        setOnMouseReleased(this::onReleased);
        setOnMouseMoved(e -> hover(e.getX(), e.getY()));
        setOnMouseExited(e -> hover(-1, -1));
        setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                fit();
            } else if (e.getButton() == MouseButton.PRIMARY && e.isStillSincePress()) {
                int op = opAt(e.getX(), e.getY());
                if (op >= 0) select(op, false);
            }
            requestFocus();
        });
        setOnKeyPressed(e -> {
            switch (e.getCode()) {
                case PLUS, EQUALS, ADD -> zoomAround(viewFrom + viewSpan / 2, 1 / 1.5);
                case MINUS, SUBTRACT -> zoomAround(viewFrom + viewSpan / 2, 1.5);
                case DIGIT0, HOME -> fit();
                case LEFT -> pan(-viewSpan / 8);
                case RIGHT -> pan(viewSpan / 8);
                default -> {
                    return;
                }
            }
            e.consume();
        });
    }

    /** FX thread: shows a history, everything in view. */
    public void show(HistoryLayout l) {
        layout = l;
        hidden = new boolean[l.size()];
        shown = l.size();
        selected = -1;
        hovered = -1;
        blocked.clear();
        stepOps = new int[0];
        stepMs = new double[0];
        currentStep = 0;
        laneScroll = 0;
        fit();
    }

    public HistoryLayout history() {
        return layout;
    }

    /** Ops (by index) that pass the filter are drawn; the rest are hidden (and cannot be hovered). */
    public void setFilter(IntPredicate keep) {
        if (layout == null) return;
        int n = 0;
        for (int i = 0; i < layout.size(); i++) {
            hidden[i] = !keep.test(i);
            if (!hidden[i]) n++;
        }
        shown = n;
        if (selected >= 0 && hidden[selected]) selected = -1;
        draw();
    }

    /** How many ops pass the filter. */
    public int shownCount() {
        return shown;
    }

    public boolean isShown(int op) {
        return !hidden[op];
    }

    /** Called with the op clicked (or selected from elsewhere). */
    public void setOnSelect(IntConsumer listener) {
        onSelect = listener;
    }

    public int selected() {
        return selected;
    }

    /**
     * Selects an op; with {@code reveal} the view moves (keeping its zoom, or zooming in when the
     * op would be a sliver) and the lanes scroll so the op is in sight.
     */
    public void select(int op, boolean reveal) {
        selected = op;
        if (op >= 0 && reveal) reveal(op);
        draw();
        onSelect.accept(op);
    }

    private void reveal(int op) {
        double s = layout.startMs(op);
        double e = layout.drawnEndMs(op);
        double w = Math.max(e - s, minSpan());
        if (w / viewSpan * plotWidth() < 40 || s < viewFrom || e > viewFrom + viewSpan) {
            double span = Math.min(Math.max(viewSpan, w * 3), Math.max(w * 3, axisSpan() * 1.05));
            if (w / span * plotWidth() < 40) span = Math.max(w * plotWidth() / 120, minSpan());
            viewSpan = span;
            viewFrom = (s + e) / 2 - span / 2;
        }
        double y = layout.lane(op) * LANE_H;
        double visible = getHeight() - AXIS_H;
        if (y < laneScroll || y + LANE_H > laneScroll + visible) laneScroll = Math.max(0, y - visible / 2);
    }

    /** Whether the op's bar is (at least partly) inside the viewport. */
    public boolean inView(int op) {
        double y = layout.lane(op) * LANE_H - laneScroll;
        return layout.startMs(op) <= viewFrom + viewSpan && layout.drawnEndMs(op) >= viewFrom
                && y >= 0 && y + LANE_H <= getHeight() - AXIS_H;
    }

    /**
     * The stepper's overlay: {@code ops} in linearization order (their points numbered 1…), the
     * step on screen (0 = none), and the ops that could not be placed next with their reasons.
     */
    public void setSteps(int[] ops, int current, Map<Integer, String> blockedOps) {
        stepOps = ops.clone();
        stepMs = points(ops);
        currentStep = current;
        blocked.clear();
        blocked.putAll(blockedOps);
        draw();
    }

    public void setCurrentStep(int step) {
        currentStep = step;
        if (step > 0 && step <= stepOps.length) {
            double p = stepMs[step - 1];
            if (p < viewFrom || p > viewFrom + viewSpan) viewFrom = p - viewSpan / 2;
            int op = stepOps[step - 1];
            double y = layout.lane(op) * LANE_H;
            double visible = getHeight() - AXIS_H;
            if (y < laneScroll || y + LANE_H > laneScroll + visible) laneScroll = Math.max(0, y - visible / 2);
        }
        draw();
    }

    public int currentStep() {
        return currentStep;
    }

    /** The ops drawn red, with the reason each could not be placed. */
    public Map<Integer, String> blocked() {
        return Map.copyOf(blocked);
    }

    /**
     * One point per step inside its bar, in order: never before the op's invocation or the previous
     * point, never after the earliest completion still to come (so every later point fits), and
     * otherwise at the middle of the bar. Such points exist exactly because the order respects real time.
     */
    private double[] points(int[] ops) {
        int n = ops.length;
        double[] p = new double[n];
        double[] suffixMin = new double[n + 1];
        suffixMin[n] = Double.POSITIVE_INFINITY;
        for (int i = n - 1; i >= 0; i--) suffixMin[i] = Math.min(suffixMin[i + 1], layout.drawnEndMs(ops[i]));
        double prev = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double s = layout.startMs(ops[i]);
            double lo = Math.max(prev, s);
            double mid = (s + layout.drawnEndMs(ops[i])) / 2;
            p[i] = Math.max(lo, Math.min(mid, suffixMin[i]));
            prev = p[i];
        }
        return p;
    }

    public void setCompressed(boolean on) {
        if (layout == null || layout.compressed() == on) return;
        double centre = layout.axis().toNs(viewFrom + viewSpan / 2);
        double ratio = viewSpan / Math.max(axisSpan(), 1e-9);
        layout.setCompressed(on);
        if (stepOps.length > 0) stepMs = points(stepOps);
        viewSpan = Math.max(ratio * axisSpan(), minSpan());
        viewFrom = layout.axis().toMs((long) centre) - viewSpan / 2;
        draw();
    }

    public void fit() {
        if (layout == null) return;
        double span = Math.max(axisSpan(), minSpan());
        viewFrom = -span * 0.01;
        viewSpan = span * 1.02;
        draw();
    }

    /** Shows the axis range {@code [fromMs, toMs]}. */
    public void zoomTo(double fromMs, double toMs) {
        if (toMs - fromMs < minSpan() / 10) return;
        viewFrom = fromMs;
        viewSpan = toMs - fromMs;
        draw();
    }

    /** Shows these ops (their bars, with a margin) and scrolls the lanes to the first of them. */
    public void zoomToOps(int[] ops) {
        if (layout == null || ops.length == 0) return;
        double a = Double.POSITIVE_INFINITY;
        double b = Double.NEGATIVE_INFINITY;
        int topLane = Integer.MAX_VALUE;
        for (int op : ops) {
            a = Math.min(a, layout.startMs(op));
            b = Math.max(b, HistoryLayout.isOpen(layout.op(op)) ? layout.startMs(op) : layout.drawnEndMs(op));
            topLane = Math.min(topLane, layout.lane(op));
        }
        double margin = Math.max((b - a) * 0.08, minSpan());
        viewFrom = a - margin;
        viewSpan = Math.max(b - a + 2 * margin, minSpan());
        double visible = getHeight() - AXIS_H;
        if (layout.lanes().size() * LANE_H > visible) laneScroll = Math.max(0, topLane * LANE_H - LANE_H);
        draw();
    }

    /** Zooms by {@code factor} (below 1 zooms in) keeping {@code ms} where it is on screen. */
    public void zoomAround(double ms, double factor) {
        double span = Math.min(Math.max(viewSpan * factor, minSpan()), Math.max(axisSpan(), minSpan()) * 4);
        viewFrom = ms - (ms - viewFrom) * (span / viewSpan);
        viewSpan = span;
        draw();
    }

    public void pan(double ms) {
        viewFrom += ms;
        draw();
    }

    public double viewFrom() {
        return viewFrom;
    }

    public double viewSpan() {
        return viewSpan;
    }

    /** FX-thread time of the last frame, and how many were drawn. */
    public long lastDrawNanos() {
        return lastDrawNanos;
    }

    public long frames() {
        return frames;
    }

    /**
     * The narrowest view: a microsecond, or for a history numbered by event (no timestamps, one
     * "nanosecond" per event) a tenth of an event.
     */
    private double minSpan() {
        return layout != null && layout.untimed() ? 1e-7 : 1e-3;
    }

    private double axisSpan() {
        return layout == null ? 1 : layout.axis().spanMs();
    }

    private double plotWidth() {
        return Math.max(1, getWidth() - GUTTER);
    }

    double xOf(double ms) {
        return GUTTER + (ms - viewFrom) / viewSpan * plotWidth();
    }

    double msOf(double x) {
        return viewFrom + (x - GUTTER) / plotWidth() * viewSpan;
    }

    /** The op whose bar is under (x, y), or -1. */
    public int opAt(double x, double y) {
        if (layout == null || x < GUTTER || y < AXIS_H) return -1;
        int lane = (int) Math.floor((y - AXIS_H + laneScroll) / LANE_H);
        if (lane < 0 || lane >= layout.lanes().size()) return -1;
        double inLane = (y - AXIS_H + laneScroll) - lane * LANE_H;
        if (inLane < (LANE_H - BAR_H) / 2 - 3 || inLane > (LANE_H + BAR_H) / 2 + 3) return -1;
        double ms = msOf(x);
        double tol = 3 * viewSpan / plotWidth();
        int[] best = {-1};
        double[] bestLen = {Double.POSITIVE_INFINITY};
        layout.forEachVisible(lane, ms - tol, ms + tol, op -> {
            if (hidden[op]) return;
            double s = layout.startMs(op);
            double e = layout.drawnEndMs(op);
            if (ms >= s - tol && ms <= e + tol && e - s < bestLen[0]) {
                best[0] = op;
                bestLen[0] = e - s;
            }
        });
        return best[0];
    }

    /** Screen point of the middle of an op's bar (for tests and the anomaly view's jump). */
    public double[] centreOf(int op) {
        double s = Math.max(layout.startMs(op), viewFrom);
        double e = Math.min(layout.drawnEndMs(op), viewFrom + viewSpan);
        return new double[] {(xOf(s) + xOf(e)) / 2, AXIS_H + layout.lane(op) * LANE_H - laneScroll + LANE_H / 2};
    }

    private void hover(double x, double y) {
        int op = x < 0 ? -1 : opAt(x, y);
        if (op != hovered) {
            hovered = op;
            draw();
        }
        if (op < 0) {
            hoverCard.setVisible(false);
            return;
        }
        hoverCard.setText(describe(op));
        hoverCard.autosize();
        double w = hoverCard.prefWidth(-1);
        double h = hoverCard.prefHeight(-1);
        double px = x + 16 + w > getWidth() ? Math.max(0, x - 16 - w) : x + 16;
        double py = y + 16 + h > getHeight() ? Math.max(0, y - 16 - h) : y + 16;
        hoverCard.resizeRelocate(px, py, w, h);
        hoverCard.setVisible(true);
    }

    /** The hover card: all 11 fields, the times as ms from the start of the history, and the stepper's word on it. */
    public String describe(int op) {
        Op o = layout.op(op);
        TimeAxis real = layout.realAxis();
        StringBuilder b = new StringBuilder();
        b.append(layout.label(op)).append('\n');
        b.append("op_id           ").append(o.opId()).append('\n');
        b.append("process_id      ").append(o.processName()).append('\n');
        b.append("invoke_ts       ").append(o.invokeTs()).append(String.format(Locale.ROOT, "  (%.3f ms)", real.realMs(o.invokeTs()))).append('\n');
        b.append("complete_ts     ").append(o.completeTs() == null ? "null" : o.completeTs()
                + String.format(Locale.ROOT, "  (%.3f ms, took %.3f ms)", real.realMs(o.completeTs()),
                (o.completeTs() - o.invokeTs()) / 1e6)).append('\n');
        b.append("op_type         ").append(o.opType()).append('\n');
        b.append("key             ").append(o.key()).append('\n');
        b.append("input           ").append(o.input()).append('\n');
        b.append("output          ").append(o.output()).append('\n');
        b.append("error           ").append(o.error()).append('\n');
        b.append("timeout_marker  ").append(o.timeoutMarker()).append('\n');
        b.append("node_seen       ").append(o.nodeSeen()).append('\n');
        b.append("fault_epoch     ").append(o.faultEpoch());
        if (o.sourceLine() > 0) b.append("\nline            ").append(o.sourceLine());
        for (int i = 0; i < stepOps.length; i++) {
            if (stepOps[i] == op) {
                b.append("\nlinearized as step ").append(i + 1).append(" of ").append(stepOps.length);
                break;
            }
        }
        String why = blocked.get(op);
        if (why != null) b.append("\ncould not be placed next: ").append(why);
        return b.toString();
    }

    /** Text of the hover card, when one is shown (tests). */
    public String hoverText() {
        return hoverCard.isVisible() ? hoverCard.getText() : null;
    }

    private void onScroll(ScrollEvent e) {
        if (layout == null) return;
        if (e.isShiftDown() || Math.abs(e.getDeltaX()) > Math.abs(e.getDeltaY())) {
            pan(-(e.isShiftDown() ? e.getDeltaY() : e.getDeltaX()) / plotWidth() * viewSpan);
        } else {
            zoomAround(msOf(e.getX()), Math.exp(-e.getDeltaY() * 0.004));
        }
        e.consume();
    }

    private void onPressed(MouseEvent e) {
        dragX = e.getX();
        dragY = e.getY();
        rangeFrom = e.isShiftDown() ? msOf(e.getX()) : Double.NaN;
        rangeTo = rangeFrom;
    }

    private void onDragged(MouseEvent e) {
        if (layout == null) return;
        if (!Double.isNaN(rangeFrom)) {
            rangeTo = msOf(e.getX());
            draw();
            return;
        }
        viewFrom -= (e.getX() - dragX) / plotWidth() * viewSpan;
        double maxScroll = Math.max(0, layout.lanes().size() * LANE_H - (getHeight() - AXIS_H));
        laneScroll = Math.min(maxScroll, Math.max(0, laneScroll - (e.getY() - dragY)));
        dragX = e.getX();
        dragY = e.getY();
        draw();
    }

    private void onReleased(MouseEvent e) {
        if (!Double.isNaN(rangeFrom)) {
            double a = Math.min(rangeFrom, rangeTo);
            double b = Math.max(rangeFrom, rangeTo);
            rangeFrom = Double.NaN;
            if ((b - a) / viewSpan * plotWidth() > 4) zoomTo(a, b); else draw();
        }
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            backdrop.setWidth(getWidth());
            backdrop.setHeight(getHeight());
            shapes.relocate(0, 0);
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            draw();
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        return 900;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 500;
    }

    /** Repaints the viewport (FX thread). */
    public void draw() {
        long t0 = System.nanoTime();
        HistoryPalette now = HistoryPalette.of(dev.falsify.app.ui.theme.DarkMode.isDark(this));
        if (now != pal) {
            pal = now;
            backdrop.setFill(pal.backdrop());
            hoverCard.setStyle(pal.hoverCardStyle());
        }
        double w = getWidth();
        double h = getHeight();
        BarRaster px = raster;
        px.begin(w, h, renderScale(), pal.background(), layout != null && w > GUTTER);
        boolean overlay = layout != null && stepOps.length > 0 && w > GUTTER;
        // the canvas holds only the stepper's points and lines: hidden, it costs the render thread nothing;
        // with many steps in view they are ticks in the image, and the canvas is hidden too
        boolean onCanvas = overlay && !tooManySteps(w);
        if (canvas.isVisible() != onCanvas) canvas.setVisible(onCanvas);
        if (layout == null || w <= GUTTER) {
            publish();
            return;
        }
        double from = viewFrom;
        double to = viewFrom + viewSpan;
        double msPerPx = viewSpan / plotWidth();
        int firstLane = (int) Math.max(0, Math.floor(laneScroll / LANE_H));
        int lastLane = (int) Math.min(layout.lanes().size() - 1, Math.floor((laneScroll + h - AXIS_H) / LANE_H));

        drawBackground(w, h, firstLane, lastLane);
        drawEpochNames(w);
        drawGaps(h);
        px.clip(GUTTER, AXIS_H, w, h);
        if (strip.length < (int) Math.ceil(w) + 2) strip = new byte[(int) Math.ceil(w) + 2];
        byte[] strip = this.strip;
        boolean anyBlocked = !blocked.isEmpty();
        double pxPerMs = plotWidth() / viewSpan;
        double axisX0 = GUTTER - viewFrom * pxPerMs;
        int sel = selected;
        IntPredicate forceBar = sel < 0 && !anyBlocked ? null : op -> op == sel || anyBlocked && blocked.containsKey(op);
        boolean[] hiding = shown < hidden.length ? hidden : null;
        int visited = 0;
        for (int l = firstLane; l <= lastLane; l++) {
            double y = laneY(l);
            double barY = y + (LANE_H - BAR_H) / 2;
            Arrays.fill(strip, (byte) 0);
            // sub-pixel ops only mark their pixel columns (strongest first: an unknown outcome, then an ok op,
            // then a failed one); wider ones, the selection and blocked ops are drawn as bars
            visited += layout.stripLane(l, from, to, axisX0, pxPerMs, MIN_BAR_PX, (int) GUTTER, (int) w, hiding, strip, forceBar,
                    op -> bar(op, xOf(layout.startMs(op)), xOf(layout.drawnEndMs(op)), barY, w));
            // the merged pixel columns, one rectangle per run of equal columns
            int x = (int) GUTTER;
            while (x < strip.length) {
                byte v = strip[x];
                int end = x;
                while (end + 1 < strip.length && strip[end + 1] == v) end++;
                if (v != 0) px.fill(x, barY + 2, end - x + 1, BAR_H - 4, v == 3 ? pal.openLine() : v == 2 ? pal.okLine() : pal.failLine());
                x = end + 1;
            }
        }
        drawnOps = visited;
        stepsDrawn = 0;
        denseSteps = false;
        if (overlay && !onCanvas) {
            denseSteps(from, to, msPerPx);
        } else if (overlay) {
            GraphicsContext g = canvas.getGraphicsContext2D();
            g.clearRect(0, 0, w, h);
            g.save();
            g.beginPath();
            g.rect(GUTTER, AXIS_H, w - GUTTER, h - AXIS_H);
            g.clip();
            drawSteps(g, from, to, msPerPx);
            g.restore();
        }
        if (!Double.isNaN(rangeFrom)) {
            double a = xOf(Math.min(rangeFrom, rangeTo));
            double b = xOf(Math.max(rangeFrom, rangeTo));
            px.blend(a, AXIS_H, b - a, h - AXIS_H, pal.range());
        }
        px.unclip();
        drawGutter(firstLane, lastLane);
        drawAxis(w);
        publish();
        lastDrawNanos = System.nanoTime() - t0;
        frames++;
    }

    /** Puts the painted frame on screen, one image pixel to a device pixel. */
    private void publish() {
        raster.publish();
        if (shapes.getImage() != raster.image()) shapes.setImage(raster.image());
        double s = raster.scale();
        shapes.setFitWidth(s == 1 ? 0 : raster.width() / s);
        shapes.setFitHeight(s == 1 ? 0 : raster.height() / s);
    }

    /** Device pixels per unit of the window showing the view (2 on a HiDPI screen), so the image is as sharp as a canvas. */
    private double renderScale() {
        var window = getScene() == null ? null : getScene().getWindow();
        return window == null ? 1 : window.getRenderScaleX();
    }

    /** The text of a frame is painted with its shapes, from glyphs JavaFX renders once per font and render scale. */
    private RasterText text(Font font) {
        return RasterText.of(font, raster.scale());
    }

    /** The last frame (without the stepper's points), an opaque ARGB pixel (tests). */
    int pixel(int x, int y) {
        return raster.pixel(x, y);
    }

    private double laneY(int lane) {
        return AXIS_H + lane * LANE_H - laneScroll;
    }

    private void bar(int op, double x0, double x1, double y, double w) {
        byte kind = layout.kind(op);
        boolean open = kind == HistoryLayout.OPEN;
        boolean failed = kind == HistoryLayout.FAIL;
        boolean isBlocked = !blocked.isEmpty() && blocked.containsKey(op);
        double left = Math.max(x0, GUTTER - 2);
        double right = Math.min(x1, w + 2);
        double width = Math.max(right - left, 2);
        int fill = isBlocked ? pal.blockedFill() : open ? pal.openFill() : failed ? pal.failFill() : pal.okFill();
        int line = isBlocked ? pal.blocked() : open ? pal.openLine() : failed ? pal.failLine() : pal.okLine();
        BarRaster px = raster;
        if (open || (failed && !isBlocked)) {
            // unknown outcome: hatched, dashed, no closing edge — it may have taken effect any time after invoke;
            // failed: grey with dashed edges
            px.fill(left, y, width, BAR_H, fill);
            boolean[] dash = open ? OPEN_DASH_TILE : FAIL_DASH_TILE;
            int dashW = open ? 7 : 4;
            if (open && width > 6) px.pattern(left, y, width, BAR_H, pal.hatch(), HATCH_TILE, 8, 8, 0, y);
            px.pattern(left, y, width, 1, line, dash, dashW, 1, x0, y);
            px.pattern(left, y + BAR_H - 1, width, 1, line, dash, dashW, 1, x0, y);
            if (x0 >= left - 1) px.fill(x0, y, 1, BAR_H, line);
            if (open) {
                if (width > 9) px.arrow(right, y + BAR_H / 2, 7, BAR_H / 2 - 3, line);
            } else if (x1 <= right) {
                px.fill(x1 - 1, y, 1, BAR_H, line);
            }
        } else {
            px.box(left, y, width, BAR_H, isBlocked ? 2 : 1, line, fill);
        }
        if (op == selected || op == hovered) {
            px.outline(left - 1, y - 1, width + 2, BAR_H + 2, op == selected ? 2.5 : 1.5, op == selected ? pal.selection() : pal.hoverLine());
        }
        if (width > 18) {
            text(FONT).draw(px, fit(layout.label(op), width - 6, 6.3), left + 3, y + BAR_H / 2,
                    isBlocked ? pal.blocked() : failed ? pal.failLine() : pal.text(), Double.MAX_VALUE);
            if (failed && width > 30) px.fill(left + 3, y + BAR_H / 2, Math.min(width - 6, 9 + layout.label(op).length() * 5.5), 1, pal.failLine());
            String node = layout.op(op).nodeSeen();
            if (node != null && width > 24) {
                text(SMALL).draw(px, fit("@" + node, width - 6, 5.2), left + 3, y + BAR_H + 5, pal.hiddenText(), Double.MAX_VALUE);
            }
        }
    }

    /**
     * The stepper's linearization points, culled to the view. Each sits on the top edge of its op's bar
     * (a point inside the bar covered the short ops and their labels), numbered above it where the
     * number has room on its lane. With more steps in view than one per {@value #STEP_PX} px they are not
     * drawn one by one (at "Fit" 10,000 circles were a solid green block and most of a frame): a tick per
     * step on the bar's top edge, painted with the bars, shows where the order runs; the current step
     * keeps its ring.
     */
    private void drawSteps(GraphicsContext g, double from, double to, double msPerPx) {
        if (stepOps.length == 0) return;
        int lo = Math.max(0, lowerBound(stepMs, from - 20 * msPerPx) - 1);
        int hi = Math.min(stepOps.length, lowerBound(stepMs, to + 20 * msPerPx) + 1);
        double top = AXIS_H - LANE_H;
        double bottom = getHeight() + LANE_H;
        g.setLineWidth(1.2);
        double px = Double.NaN;
        double py = 0;
        for (int i = lo; i < hi; i++) {
            int op = stepOps[i];
            if (hidden[op]) {
                px = Double.NaN;
                continue;
            }
            double x = xOf(stepMs[i]);
            double y = laneY(layout.lane(op)) + (LANE_H - BAR_H) / 2;
            if (!Double.isNaN(px)) {
                g.setStroke(i < currentStep ? pal.point() : pal.pointTodo());
                g.strokeLine(px, py, x, y);
            }
            px = x;
            py = y;
        }
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(STEP_FONT);
        if (numberRight.length < layout.lanes().size()) numberRight = new double[layout.lanes().size()];
        Arrays.fill(numberRight, Double.NEGATIVE_INFINITY);
        for (int i = lo; i < hi; i++) {
            int op = stepOps[i];
            if (hidden[op]) continue;
            double x = xOf(stepMs[i]);
            int lane = layout.lane(op);
            double y = laneY(lane) + (LANE_H - BAR_H) / 2;
            if (y < top || y > bottom) continue;
            boolean done = i < currentStep;
            stepsDrawn++;
            if (i + 1 == currentStep) ring(g, x, y);
            g.setFill(done ? pal.point() : pal.pointOpen());
            g.fillOval(x - 3.5, y - 3.5, 7, 7);
            g.setStroke(pal.point());
            g.setLineWidth(1.2);
            g.strokeOval(x - 3.5, y - 3.5, 7, 7);
            // the number above the point, in the gap between lanes; skipped where it would run into the last one
            String n = Integer.toString(i + 1);
            double half = n.length() * 3 + 3;
            if (x - half < numberRight[lane] + 2) continue;
            numberRight[lane] = x + half;
            // on the top lane in view there is no room above (the axis clips it): below the bar instead
            double ny = y - 15 < AXIS_H ? y + BAR_H + 1 : y - 15;
            g.setFill(done ? pal.point() : pal.pointOpen());
            g.fillRoundRect(x - half, ny, 2 * half, 10, 4, 4);
            g.setStroke(pal.point());
            g.setLineWidth(0.8);
            g.strokeRoundRect(x - half, ny, 2 * half, 10, 4, 4);
            g.setFill(done ? Color.WHITE : pal.point());
            g.fillText(n, x, ny + 5);
        }
        g.setFont(FONT);
        g.setLineWidth(1);
    }

    /** Whether more steps are in view than can be drawn one by one (one per {@value #STEP_PX} px). */
    private boolean tooManySteps(double w) {
        double msPerPx = viewSpan / Math.max(1, w - GUTTER);
        int lo = lowerBound(stepMs, viewFrom - 20 * msPerPx);
        int hi = lowerBound(stepMs, viewFrom + viewSpan + 20 * msPerPx);
        return hi - lo > Math.max(8, plotWidth() / STEP_PX);
    }

    /** The steps in view as ticks on their bars' top edges, in the image; the current step boxed. */
    private void denseSteps(double from, double to, double msPerPx) {
        denseSteps = true;
        int lo = Math.max(0, lowerBound(stepMs, from - 20 * msPerPx) - 1);
        int hi = Math.min(stepOps.length, lowerBound(stepMs, to + 20 * msPerPx) + 1);
        double top = AXIS_H - LANE_H;
        double bottom = getHeight() + LANE_H;
        int done = BarRaster.argb(pal.point());
        int todo = BarRaster.argb(pal.pointTodo());
        for (int i = lo; i < hi; i++) {
            int op = stepOps[i];
            if (hidden[op]) continue;
            double y = laneY(layout.lane(op)) + (LANE_H - BAR_H) / 2;
            if (y < top || y > bottom) continue;
            // blended: fill writes the pixel as is, and a translucent colour came out magenta
            raster.blend(xOf(stepMs[i]), y - 3, 1, 4, i < currentStep ? done : todo);
        }
        if (currentStep > 0 && currentStep <= stepOps.length && !hidden[stepOps[currentStep - 1]]) {
            double x = xOf(stepMs[currentStep - 1]);
            double y = laneY(layout.lane(stepOps[currentStep - 1])) + (LANE_H - BAR_H) / 2;
            raster.outline(x - 6, y - 6, 12, 12, 2, BarRaster.argb(pal.currentRing()));
        }
    }

    private void ring(GraphicsContext g, double x, double y) {
        g.setStroke(pal.currentRing());
        g.setLineWidth(2);
        g.strokeOval(x - 6.5, y - 6.5, 13, 13);
        g.setLineWidth(1.2);
    }

    /** How far the lanes are scrolled, px. */
    public double laneScroll() {
        return laneScroll;
    }

    /** Scrolls the lanes to {@code px} from the first (clamped to the lanes there are). */
    public void scrollLanesTo(double px) {
        if (layout == null) return;
        double max = Math.max(0, layout.lanes().size() * LANE_H - (getHeight() - AXIS_H));
        laneScroll = Math.max(0, Math.min(max, px));
        draw();
    }

    /** The box {x0, y0, x1, y1} of the point of the step that linearizes {@code op} (its number is above it); null when none. */
    double[] stepMarkerBounds(int op) {
        for (int i = 0; i < stepOps.length; i++) {
            if (stepOps[i] != op) continue;
            double x = xOf(stepMs[i]);
            double y = laneY(layout.lane(op)) + (LANE_H - BAR_H) / 2;
            return new double[] {x - 3.5, y - 15, x + 3.5, y + 3.5};
        }
        return null;
    }

    /** Ops the last frame visited (drawn as a bar or merged into a pixel column): exactly those in view. */
    public int drawnOps() {
        return drawnOps;
    }

    /** Linearization points the last frame drew one by one (0 when they were ticks: {@link #denseSteps()}). */
    public int stepsDrawn() {
        return stepsDrawn;
    }

    /** Whether the last frame showed the steps in view as ticks, there being too many to draw one by one. */
    public boolean denseSteps() {
        return denseSteps;
    }

    private static int lowerBound(double[] a, double v) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < v) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /**
     * Every row of the frame from one of eight background rows: white above the axis line, then
     * with or without the gutter, the lane shading of even lanes, and the fault epochs' bands.
     */
    private void drawBackground(double w, double h, int firstLane, int lastLane) {
        BarRaster px = raster;
        TimeAxis axis = layout.axis();
        for (int key = 0; key < 8; key++) {
            int[] row = px.row(key);
            px.fillSpan(row, 0, GUTTER, (key & 1) != 0 ? pal.gutterFill() : pal.background());
            px.fillSpan(row, GUTTER, w - GUTTER, (key & 2) != 0 ? pal.laneShade() : pal.background());
            if ((key & 4) == 0) continue;
            for (HistoryLayout.FaultEpoch e : layout.epochs()) {
                double x0 = Math.max(GUTTER, xOf(axis.toMs(e.fromNs())));
                double x1 = Math.min(w, xOf(axis.toMs(e.toNs())));
                if (x1 < GUTTER || x0 > w) continue;
                px.blendSpan(row, x0, Math.max(x1 - x0, 1), pal.epoch());
                px.blendSpan(row, x0, 1, pal.epochEdge());
                px.blendSpan(row, x1, 1, pal.epochEdge());
            }
        }
        px.copyRows(0, AXIS_H - 16, px.row(0));
        int lanes = layout.lanes().size();
        for (int r = px.dev(AXIS_H - 16); r < px.height(); r++) {
            double y = (r + 0.5) / px.scale(); // the device row's centre in view coordinates
            int lane = (int) Math.floor((y - AXIS_H + laneScroll) / LANE_H);
            boolean shade = lane >= firstLane && lane <= lastLane && lane < lanes && lane % 2 == 0;
            int key = (y >= AXIS_H ? 1 : 0) | (shade ? 2 : 0) | (y >= AXIS_H - 14 ? 4 : 0);
            px.copyRow(r, px.row(key));
        }
    }

    /** Each fault epoch's name and landing above its band. */
    private void drawEpochNames(double w) {
        TimeAxis axis = layout.axis();
        for (HistoryLayout.FaultEpoch e : layout.epochs()) {
            double x0 = Math.max(GUTTER, xOf(axis.toMs(e.fromNs())));
            double x1 = Math.min(w, xOf(axis.toMs(e.toNs())));
            if (x1 < GUTTER || x0 > w) continue;
            String text = "⚡ " + e.name() + (e.landing() == null ? "" : " — " + e.landing());
            text(BOLD).draw(raster, fit(text, Math.max(x1 - x0 - 6, 60), 6.2), x0 + 3, AXIS_H - 7, pal.epochText(), Double.MAX_VALUE);
        }
    }

    private void drawGaps(double h) {
        if (!layout.compressed()) return;
        for (TimeAxis.Gap gap : layout.axis().gaps()) {
            double x = xOf(gap.atMs() + gap.widthMs() / 2);
            if (x < GUTTER) continue;
            raster.pattern(x - 0.5, AXIS_H - 14, 1, h - AXIS_H + 14, pal.grey(), GAP_DASH_TILE, 1, 6, x, AXIS_H - 14);
            String text = "⋯ " + duration(gap.removedMs()) + " idle";
            text(SMALL).draw(raster, text, x - text(SMALL).width(text) / 2, AXIS_H - 20, pal.axis(), Double.MAX_VALUE);
        }
    }

    private void drawGutter(int firstLane, int lastLane) {
        for (int l = firstLane; l <= lastLane; l++) {
            double y = laneY(l);
            if (y + LANE_H < AXIS_H) continue;
            text(FONT).draw(raster, "process " + layout.lanes().get(l), 6, y + LANE_H / 2, pal.gutterText(), GUTTER - 10);
        }
    }

    private void drawAxis(double w) {
        BarRaster px = raster;
        px.fill(GUTTER, AXIS_H - 16, w - GUTTER, 1, pal.axis());
        double target = viewSpan / Math.max(1, plotWidth() / 110);
        double step = Math.pow(10, Math.floor(Math.log10(target)));
        if (target / step > 5) step *= 5; else if (target / step > 2) step *= 2;
        // an untimed history counts events, one "ns" each: a tick between two events repeated the label ("#1 #1 #2")
        if (layout.untimed()) step = Math.max(step, 1e-6);
        TimeAxis axis = layout.axis();
        double first = Math.ceil(viewFrom / step) * step;
        for (double t = first; t <= viewFrom + viewSpan; t += step) {
            double x = xOf(t);
            if (x < GUTTER) continue;
            px.fill(x, AXIS_H - 20, 1, 4, pal.axis());
            double real = layout.compressed() ? axis.realMs(axis.toNs(t)) : t;
            String text = layout.untimed() ? "#" + Math.round(real * 1e6) : duration(real);
            text(SMALL).draw(px, text, x - text(SMALL).width(text) / 2, AXIS_H - 27, pal.gutterText(), Double.MAX_VALUE);
        }
        text(SMALL).draw(px, (layout.untimed() ? "event order (no timestamps recorded)" : layout.compressed()
                ? "ms from start (idle gaps cut)" : "ms from start") + String.format(Locale.ROOT,
                "   %d of %d ops shown", shown, layout.size()), 6, 9, pal.gutterText(), GUTTER + 400);
    }

    /** A tile of {@code w}×{@code h} pixels for {@link BarRaster#pattern}: set where {@code on} holds. */
    private static boolean[] tile(int w, int h, BiPredicate<Integer, Integer> on) {
        boolean[] t = new boolean[w * h];
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) t[y * w + x] = on.test(x, y);
        }
        return t;
    }

    /** {@code s} cut with an ellipsis to about {@code px} wide at {@code charPx} a character (squeezed text is unreadable). */
    static String fit(String s, double px, double charPx) {
        int max = (int) (px / charPx);
        if (s.length() <= max) return s;
        return max <= 1 ? "" : s.substring(0, max - 1) + "…";
    }

    static String duration(double ms) {
        double a = Math.abs(ms);
        if (a >= 10_000) return String.format(Locale.ROOT, "%.1f s", ms / 1000);
        if (a >= 1000) return String.format(Locale.ROOT, "%.2f s", ms / 1000);
        if (a >= 10 || a == 0) return String.format(Locale.ROOT, "%.0f ms", ms);
        if (a >= 0.1) return String.format(Locale.ROOT, "%.2f ms", ms);
        return String.format(Locale.ROOT, "%.1f µs", ms * 1000);
    }
}
