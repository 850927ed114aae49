package dev.falsify.app.ui.run;

import dev.falsify.runner.events.RunEvent;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.animation.AnimationTimer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.util.Duration;

/**
 * The run timeline on one Canvas: only the lanes and the time range on screen are drawn (markers
 * found by binary search, at most one per pixel column and kind), so a long run costs what the
 * screen shows. Wheel zooms around the pointer, Shift+drag zooms to a range, drag pans, Follow live
 * keeps the newest events in view until the user pans away; a click on a marker hands it to
 * {@link #setOnMarker}, hovering shows the event's fields.
 */
public final class TimelineView extends BorderPane {
    static final double AXIS = 26;
    static final double LANE = 22;
    static final double LABELS = 150;
    private static final Font FONT = Font.font("System", 11);
    private static final Font BOLD = Font.font("System", FontWeight.BOLD, 11);
    // colours parsed once: Color.web per draw call was a parse and an object per marker per frame
    private static final Color C_EEF2F8 = Color.web("#eef2f8");
    private static final Color C_FAFAFA = Color.web("#fafafa");
    private static final Color C_F0A020_A22 = Color.web("#f0a020", 0.22);
    private static final Color C_D9534F_A20 = Color.web("#d9534f", 0.20);
    private static final Color C_9E9E9E_A25 = Color.web("#9e9e9e", 0.25);
    private static final Color C_C0392B_A7 = Color.web("#c0392b", 0.7);
    private static final Color C_7A1F12 = Color.web("#7a1f12");
    private static final Color C_5C1A10 = Color.web("#5c1a10");
    private static final Color C_7AA6D8 = Color.web("#7aa6d8");
    private static final Color C_2F6FDD_A15 = Color.web("#2f6fdd", 0.15);
    private static final Color C_F4F5F7 = Color.web("#f4f5f7");
    private static final Color C_1F2328 = Color.web("#1f2328");
    private static final Color C_C8CCD2 = Color.web("#c8ccd2");
    private static final Color C_57606A = Color.web("#57606a");
    private static final Color C_ECEEF1 = Color.web("#eceef1");
    private static final Color C_FFFFFF_A75 = Color.web("#ffffff", 0.75);
    private static final Color C_1A7F37 = Color.web("#1a7f37");
    private static final Color C_CF222E = Color.web("#cf222e");
    private static final Color C_9A6700 = Color.web("#9a6700");
    private static final Color C_8C959F = Color.web("#8c959f");
    private static final Color C_6E7781 = Color.web("#6e7781");
    private static final Color C_8250DF = Color.web("#8250df");
    private static final Color C_0969DA = Color.web("#0969da");
    private static final Color C_24292F = Color.web("#24292f");
    /** The dark theme's colour for each light one the timeline paints (DarkMode: the root's {@code dark} class). */
    private static final java.util.Map<Color, Color> DARK = java.util.Map.ofEntries(
            java.util.Map.entry(Color.WHITE, Color.web("#0d1117")), java.util.Map.entry(C_EEF2F8, Color.web("#1b2433")),
            java.util.Map.entry(C_FAFAFA, Color.web("#151b23")), java.util.Map.entry(C_7A1F12, Color.web("#ffa198")),
            java.util.Map.entry(C_5C1A10, Color.web("#f0b8ad")), java.util.Map.entry(C_7AA6D8, Color.web("#4f7fbf")),
            java.util.Map.entry(C_F4F5F7, Color.web("#161b22")), java.util.Map.entry(C_1F2328, Color.web("#e6edf3")),
            java.util.Map.entry(C_C8CCD2, Color.web("#444c56")), java.util.Map.entry(C_57606A, Color.web("#8b949e")),
            java.util.Map.entry(C_ECEEF1, Color.web("#21262d")), java.util.Map.entry(C_FFFFFF_A75, Color.web("#0d1117", 0.75)),
            java.util.Map.entry(C_1A7F37, Color.web("#3fb950")), java.util.Map.entry(C_CF222E, Color.web("#f85149")),
            java.util.Map.entry(C_9A6700, Color.web("#d29922")), java.util.Map.entry(C_6E7781, Color.web("#8b949e")),
            java.util.Map.entry(C_8250DF, Color.web("#a371f7")), java.util.Map.entry(C_0969DA, Color.web("#58a6ff")),
            java.util.Map.entry(C_24292F, Color.web("#e6edf3")));
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private final TimelineModel model;
    private final Canvas canvas = new Canvas();
    private final Pane holder = new Pane(canvas);
    private final ScrollBar vbar = new ScrollBar();
    private final CheckBox follow = new CheckBox("Follow live");
    private final Label range = new Label();
    private final Tooltip tip = new Tooltip();
    private double viewStart = Double.NaN;
    private double msPerPx = 20;
    private int firstLane;
    private long paintedVersion = -1;
    private long paintedAt;
    private boolean dirty = true;
    private boolean live;
    /** A fit asked for before the canvas had a width (a replay fits as it opens): done at the first paint with one. */
    private boolean fitPending;
    /** True while the view itself moves the lane scroll bar (following the running seed), not the user. */
    private boolean movingLanes;
    /** The seed the followed view last scrolled to: the lanes move again only when another seed runs. */
    private String followedSeed;
    private double pressX;
    private double pressY;
    private double pressStart;
    private double dragToX = Double.NaN;
    private boolean dragged;
    private Consumer<TimelineModel.Marker> onMarker = m -> { };
    private BiConsumer<String, String> onProcessLog = (seed, process) -> { };
    private ContextMenu menu;
    private final double[] px = new double[4];
    private final double[] py = new double[4];

    /** How often, at most, a live view is repainted because time moved (events repaint it at once). */
    static final long LIVE_FRAME_MS = 1_000;

    private final AnimationTimer pulse = new AnimationTimer() {
        @Override
        public void handle(long now) {
            // live, the view changes with time alone: the bars of running processes and active fault
            // bands grow, and a followed view turns a page when the newest time reaches its edge.
            // Repainted for that every LIVE_FRAME_MS (and every pixel of time at most): each repaint of
            // the canvas costs the software renderer a redraw of its whole area, and a repaint per
            // pixel (every pulse) took the pulse p99 from 11 to 28-40 ms
            boolean moved = live && !Double.isNaN(viewStart) && System.currentTimeMillis() - paintedAt >= Math.max(msPerPx, LIVE_FRAME_MS);
            if (dirty || model.version() != paintedVersion || moved) {
                paint();
            }
            if (!live && !dirty) stop();
        }
    };

    public TimelineView(TimelineModel model) {
        this.model = model;
        setId("run-timeline");
        canvas.setId("timeline-canvas");
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> invalidate());
        canvas.heightProperty().addListener((o, a, b) -> invalidate());
        holder.setMinSize(0, 0);
        vbar.setOrientation(Orientation.VERTICAL);
        vbar.valueProperty().addListener((o, a, b) -> {
            firstLane = (int) Math.round(b.doubleValue());
            // the user scrolled the lanes away from the running seed: they read, the view stops following
            if (!movingLanes && follow.isSelected() && live) follow.setSelected(false);
            invalidate();
        });
        follow.setId("timeline-follow");
        follow.setSelected(true);
        follow.selectedProperty().addListener((o, a, b) -> {
            followedSeed = null; // turned back on: scroll to the running seed at once
            invalidate();
        });
        Button fit = new Button("Fit");
        fit.setId("timeline-fit");
        fit.setOnAction(e -> fit());
        Button in = new Button("+");
        in.setOnAction(e -> zoom(0.5, canvas.getWidth() - 1));
        Button out = new Button("\u2212");
        out.setOnAction(e -> zoom(2, canvas.getWidth() - 1));
        HBox bar = new HBox(6, follow, fit, in, out, range);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 6, 3, 6));
        setTop(bar);
        BorderPane c = new BorderPane(holder);
        c.setRight(vbar);
        setCenter(c);
        tip.setShowDelay(Duration.millis(150));
        tip.setHideDelay(Duration.millis(100));
        tip.setWrapText(true);
        tip.setMaxWidth(520);
        canvas.setOnScroll(e -> {
            if (e.isShiftDown()) {
                firstLane = Math.max(0, Math.min(firstLane + (e.getDeltaY() < 0 ? 1 : -1), maxFirstLane()));
                vbar.setValue(firstLane); // the user's scroll: stops following (the bar's listener)
            } else {
                zoom(Math.pow(1.25, -e.getDeltaY() / 40.0), e.getX());
            }
            invalidate();
        });
        canvas.setOnMousePressed(e -> {
            pressX = e.getX();
            pressY = e.getY();
            pressStart = viewStart;
            dragged = false;
            dragToX = Double.NaN;
        });
        canvas.setOnMouseDragged(e -> {
            if (!e.isPrimaryButtonDown()) return;
            if (Math.abs(e.getX() - pressX) > 3) dragged = true;
            if (!dragged) return;
            if (e.isShiftDown()) {
                dragToX = e.getX();
            } else {
                follow.setSelected(false);
                viewStart = pressStart - (e.getX() - pressX) * msPerPx;
            }
            invalidate();
        });
        canvas.setOnMouseReleased(e -> {
            if (dragged && !Double.isNaN(dragToX)) {
                double a = Math.min(pressX, dragToX);
                double b = Math.max(pressX, dragToX);
                if (b - a > 4) zoomTo(timeAt(a), timeAt(b));
                dragToX = Double.NaN;
                invalidate();
            } else if (!dragged && e.getButton() == MouseButton.PRIMARY) {
                TimelineModel.Marker m = markerAt(e.getX(), e.getY());
                if (m != null) onMarker.accept(m);
            }
        });
        canvas.setOnMouseMoved(e -> {
            String text = describeAt(e.getX(), e.getY());
            if (text == null) {
                tip.hide();
            } else {
                tip.setText(text);
                if (!tip.isShowing()) tip.show(canvas, e.getScreenX() + 12, e.getScreenY() + 12);
                else {
                    tip.setAnchorX(e.getScreenX() + 12);
                    tip.setAnchorY(e.getScreenY() + 12);
                }
            }
        });
        canvas.setOnMouseExited(e -> tip.hide());
        canvas.setOnContextMenuRequested(e -> {
            if (menu != null) menu.hide();
            tip.hide();
            menu = contextMenuAt(e.getX(), e.getY());
            if (menu != null) menu.show(canvas, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        sceneProperty().addListener((o, a, b) -> {
            if (b == null) pulse.stop();
            else invalidate();
        });
        dev.falsify.app.ui.theme.DarkMode.repaintOnSwitch(this, this::invalidate);
    }

    public TimelineModel model() {
        return model;
    }

    public Canvas canvas() {
        return canvas;
    }

    /** The hover panel: the fields of the event (or fault window) under the pointer. */
    public Tooltip hoverTip() {
        return tip;
    }

    public CheckBox followBox() {
        return follow;
    }

    /** Whether events may still arrive (the view keeps repainting to follow them). */
    public void setLive(boolean on) {
        live = on;
        invalidate();
    }

    public void setOnMarker(Consumer<TimelineModel.Marker> handler) {
        onMarker = handler;
    }

    /** The context menu the last right-click opened, or null. */
    ContextMenu shownMenu() {
        return menu;
    }

    /** What "Show this process's log" does with a lane's seed and process ("" for the seed's own lane). */
    public void setOnProcessLog(BiConsumer<String, String> handler) {
        onProcessLog = handler;
    }

    /**
     * The context menu for a right-click at (x, y): on a marker, open its log line (log markers) and
     * copy the event's fields; on a lane, show that process's log, zoom to the fault window there
     * (or the lane's nearest one), and Follow live. Null outside the lanes.
     */
    public ContextMenu contextMenuAt(double x, double y) {
        TimelineModel.Lane lane = laneAt(y);
        if (lane == null) return null;
        ContextMenu m = new ContextMenu();
        TimelineModel.Marker marker = markerAt(x, y);
        if (marker != null) {
            MenuItem open = new MenuItem("Open log line");
            open.setId("timeline-menu-open-line");
            open.setDisable(!(marker.event() instanceof RunEvent.LogMarker));
            open.setOnAction(e -> onMarker.accept(marker));
            MenuItem copy = new MenuItem("Copy event");
            copy.setId("timeline-menu-copy-event");
            copy.setOnAction(e -> {
                ClipboardContent c = new ClipboardContent();
                c.putString(fields(marker.event()));
                Clipboard.getSystemClipboard().setContent(c);
            });
            m.getItems().addAll(open, copy, new SeparatorMenuItem());
        }
        boolean process = lane.kind() == TimelineModel.LaneKind.PROCESS;
        MenuItem log = new MenuItem(process ? "Show this process's log" : "Show this seed's log");
        log.setId("timeline-menu-process-log");
        log.setMnemonicParsing(false);
        log.setOnAction(e -> onProcessLog.accept(lane.seed(), lane.process()));
        TimelineModel.Band band = bandNear(lane.seed(), x < LABELS || Double.isNaN(viewStart) ? Double.NaN : timeAt(x));
        MenuItem zoom = new MenuItem(band == null ? "Zoom to fault window" : "Zoom to fault window (" + band.fault() + ")");
        zoom.setId("timeline-menu-zoom-fault");
        zoom.setMnemonicParsing(false);
        zoom.setDisable(band == null);
        zoom.setOnAction(e -> zoomToBand(band));
        CheckMenuItem followItem = new CheckMenuItem("Follow live");
        followItem.setId("timeline-menu-follow");
        followItem.setSelected(follow.isSelected());
        followItem.setOnAction(e -> follow.setSelected(followItem.isSelected()));
        m.getItems().addAll(log, zoom, followItem);
        return m;
    }

    /** Shows a fault window from inject to heal (or to now, while active) with a margin either side. */
    public void zoomToBand(TimelineModel.Band b) {
        double heal = b.heal() < 0 ? model.end() : b.heal();
        double margin = Math.max(50, (heal - b.inject()) * 0.1);
        zoomTo(b.inject() - margin, heal + margin);
    }

    /** The lane at canvas height {@code y}, or null. */
    TimelineModel.Lane laneAt(double y) {
        if (y < AXIS) return null;
        int lane = firstLane + (int) ((y - AXIS) / LANE);
        return lane < model.lanes().size() ? model.lanes().get(lane) : null;
    }

    /** The seed's fault window at time {@code t}, else the nearest one (any when {@code t} is NaN), or null. */
    private TimelineModel.Band bandNear(String seed, double t) {
        TimelineModel.Band best = null;
        double bestD = Double.MAX_VALUE;
        for (TimelineModel.Band b : model.bands(seed)) {
            double heal = b.heal() < 0 ? model.end() : b.heal();
            double d = Double.isNaN(t) ? 0 : t < b.inject() ? b.inject() - t : t > heal ? t - heal : 0;
            if (d < bestD) {
                bestD = d;
                best = b;
            }
        }
        return best;
    }

    /** Shows the whole run. */
    public void fit() {
        if (model.isEmpty()) return;
        follow.setSelected(false);
        if (canvas.getWidth() <= LABELS + 1) {
            // not laid out yet: a fit now would spread the run over one pixel (58 minutes per 100 px for 35 s)
            fitPending = true;
            invalidate();
            return;
        }
        fitPending = false;
        double span = Math.max(1000, model.end() - model.start());
        zoomTo(model.start() - span * 0.02, model.end() + span * 0.12); // room for the last labels
    }

    /** Shows {@code [from, to]} epoch ms. */
    public void zoomTo(double from, double to) {
        double w = Math.max(1, canvas.getWidth() - LABELS);
        msPerPx = Math.max(0.05, (to - from) / w);
        viewStart = from;
        follow.setSelected(false);
        invalidate();
    }

    /** The shown time range, epoch ms. */
    public double[] visibleRange() {
        return new double[] {viewStart, timeAt(canvas.getWidth())};
    }

    private void zoom(double factor, double atX) {
        if (Double.isNaN(viewStart)) return;
        double t = timeAt(Math.max(LABELS, atX));
        msPerPx = Math.max(0.05, Math.min(msPerPx * factor, 3_600_000));
        viewStart = t - (Math.max(LABELS, atX) - LABELS) * msPerPx;
        invalidate();
    }

    double timeAt(double x) {
        return viewStart + (x - LABELS) * msPerPx;
    }

    double xOf(double t) {
        return LABELS + (t - viewStart) / msPerPx;
    }

    public void invalidate() {
        dirty = true;
        if (getScene() != null) pulse.start();
    }

    private int visibleLanes() {
        return Math.max(1, (int) ((canvas.getHeight() - AXIS) / LANE));
    }

    private int maxFirstLane() {
        return Math.max(0, model.lanes().size() - visibleLanes());
    }

    /**
     * Where a process still running (or a fault still active) is drawn to: now while the run is
     * live, so a service that has been quiet for a while is not drawn as if it had stopped at its
     * last event; the last event of a finished run.
     */
    double openEnd() {
        return live ? Math.max(model.end(), System.currentTimeMillis()) : model.end();
    }

    /**
     * Where the view starts when it follows the newest events. Live, it stands while they fit and,
     * when the newest time reaches the view's last twentieth, turns a page: the newest time then sits
     * at a third of the view. A view that moved with every pixel of time was a whole repaint every
     * pulse, more than the software renderer keeps up with (pulse p99 28-40 ms).
     */
    private double followStart(double w) {
        if (model.isEmpty()) return viewStart;
        double span = (w - LABELS) * msPerPx;
        double newest = Math.max(model.end(), live ? System.currentTimeMillis() : model.end());
        if (!live) return Math.max(model.start() - 200, newest + span * 0.05 - span);
        if (newest + span * 0.05 - viewStart <= span && newest >= viewStart) return viewStart;
        return Math.max(model.start() - 200, newest - span / 3);
    }

    /**
     * Follow live in the other direction: the lanes of the running seed (the last one that ran, once
     * the run ended) are scrolled into view, its own lane on top when they do not all fit. They move
     * when another seed starts running or the seed's lanes left the view, not on every frame.
     */
    private void followLanes() {
        String seed = model.followedSeed();
        int top = model.seedLaneIndex(seed);
        if (top < 0) return;
        int count = model.seedLaneCount(seed);
        int visible = visibleLanes();
        boolean inView = top >= firstLane && top + Math.min(count, visible) <= firstLane + visible;
        if (seed.equals(followedSeed) && inView) return;
        followedSeed = seed;
        if (!inView) {
            firstLane = Math.max(0, Math.min(top, maxFirstLane()));
            vbar.setValue(firstLane);
        }
    }

    /** Index of the top lane on screen. */
    public int firstLane() {
        return firstLane;
    }

    /** How many lanes fit on screen. */
    public int lanesInView() {
        return visibleLanes();
    }

    /** The colour to paint for {@code light} in the theme on screen. */
    private Color k(Color light) {
        return dark ? DARK.getOrDefault(light, light) : light;
    }

    /** Whether this frame paints in the dark theme (read at each paint). */
    private boolean dark;

    private void paint() {
        dark = dev.falsify.app.ui.theme.DarkMode.isDark(this);
        paintedVersion = model.version();
        paintedAt = System.currentTimeMillis();
        dirty = false;
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(k(Color.WHITE));
        g.fillRect(0, 0, w, h);
        g.setFont(FONT);
        if (model.isEmpty()) {
            g.setFill(Color.GRAY);
            g.fillText("Waiting for the first event\u2026", LABELS + 10, AXIS + 16);
            return;
        }
        if (Double.isNaN(viewStart)) {
            viewStart = model.start() - 200;
            msPerPx = 20;
        }
        if (fitPending && w > LABELS + 1) fit();
        if (follow.isSelected()) viewStart = followStart(w);
        List<TimelineModel.Lane> lanes = model.lanes();
        movingLanes = true;
        try {
            if (vbar.getMax() != maxFirstLane()) vbar.setMax(maxFirstLane());
            if (vbar.getVisibleAmount() != visibleLanes()) vbar.setVisibleAmount(visibleLanes());
            firstLane = Math.min(firstLane, maxFirstLane());
            if (follow.isSelected()) followLanes();
        } finally {
            movingLanes = false;
        }
        int last = Math.min(lanes.size(), firstLane + visibleLanes() + 1);
        double t0 = viewStart;
        double t1 = timeAt(w);
        // lane backgrounds
        for (int i = firstLane; i < last; i++) {
            double y = AXIS + (i - firstLane) * LANE;
            TimelineModel.Lane l = lanes.get(i);
            g.setFill(l.kind() == TimelineModel.LaneKind.SCENARIO ? k(C_EEF2F8) : (i % 2 == 0 ? k(C_FAFAFA) : k(Color.WHITE)));
            g.fillRect(0, y, w, LANE);
        }
        paintBands(g, lanes, last, t0, t1, w, false); // fault bands across the lanes of their seed
        // spans and markers
        for (int i = firstLane; i < last; i++) {
            double y = AXIS + (i - firstLane) * LANE;
            TimelineModel.Lane l = lanes.get(i);
            for (TimelineModel.Span s : l.spans()) {
                double end = s.end() < 0 ? openEnd() : s.end();
                if (end < t0 || s.start() > t1) continue;
                double x0 = Math.max(LABELS, xOf(s.start()));
                double x1 = Math.min(w, Math.max(x0 + 1, xOf(end)));
                g.setFill(k(C_7AA6D8));
                g.fillRect(x0, y + 8, x1 - x0, 6);
            }
            List<TimelineModel.Marker> ms = l.markers();
            double lastX = -10;
            TimelineModel.MarkerKind lastKind = null;
            for (int k = l.firstAtOrAfter((long) Math.floor(t0 - 5 * msPerPx)); k < ms.size(); k++) {
                TimelineModel.Marker m = ms.get(k);
                if (m.at() > t1 + 5 * msPerPx) break;
                double x = xOf(m.at());
                if (x - lastX < 1 && m.kind() == lastKind) continue; // one per pixel column and kind
                lastX = x;
                lastKind = m.kind();
                drawMarker(g, m, x, y);
            }
            if (l.kind() == TimelineModel.LaneKind.SCENARIO && !l.verdict().isEmpty()) {
                TimelineModel.Marker v = ms.isEmpty() ? null : ms.get(ms.size() - 1);
                if (v != null && v.kind() == TimelineModel.MarkerKind.VERDICT && v.at() >= t0 && v.at() <= t1) {
                    g.setFill(verdictColor(l.verdict()));
                    g.setFont(BOLD);
                    g.fillText(l.verdict(), Math.min(w - 60, xOf(v.at()) + 7), y + 15);
                    g.setFont(FONT);
                }
            }
        }
        // the bands' labels last, so a process bar or a marker never covers a landing reading
        paintBands(g, lanes, last, t0, t1, w, true);
        // range being selected
        if (!Double.isNaN(dragToX)) {
            g.setFill(k(C_2F6FDD_A15));
            g.fillRect(Math.min(pressX, dragToX), AXIS, Math.abs(dragToX - pressX), h - AXIS);
        }
        // labels column
        g.setFill(k(C_F4F5F7));
        g.fillRect(0, AXIS, LABELS, h - AXIS);
        for (int i = firstLane; i < last; i++) {
            double y = AXIS + (i - firstLane) * LANE;
            TimelineModel.Lane l = lanes.get(i);
            g.setFont(l.kind() == TimelineModel.LaneKind.SCENARIO ? BOLD : FONT);
            g.setFill(k(C_1F2328));
            g.fillText(clip(l.label(), LABELS - 8), 6, y + 15);
        }
        g.setFont(FONT);
        paintAxis(g, w, t0, t1);
        String r = (String.format(Locale.ROOT, "%s \u2013 %s UTC, %s per 100 px, %d lanes", CLOCK.format(Instant.ofEpochMilli((long) t0)),
                CLOCK.format(Instant.ofEpochMilli((long) t1)), human(msPerPx * 100), lanes.size()));
        if (!r.equals(range.getText())) range.setText(r); // a label set every pulse would relayout the scene
    }

    /**
     * The fault bands of the lanes on screen, from inject to heal across their seed's lanes: the
     * fills ({@code labels} false, under the bars and markers) or their labels (true, over them).
     */
    private void paintBands(GraphicsContext g, List<TimelineModel.Lane> lanes, int last, double t0, double t1, double w, boolean labels) {
        for (int i = firstLane; i < last; i++) {
            TimelineModel.Lane l = lanes.get(i);
            if (l.kind() != TimelineModel.LaneKind.SCENARIO) continue;
            int rows = 1;
            while (i + rows < lanes.size() && lanes.get(i + rows).seed().equals(l.seed())
                    && lanes.get(i + rows).kind() == TimelineModel.LaneKind.PROCESS) rows++;
            double y = AXIS + (i - firstLane) * LANE;
            List<TimelineModel.Band> seedBands = model.bands(l.seed());
            for (int k = 0; k < seedBands.size(); k++) {
                TimelineModel.Band b = seedBands.get(k);
                double heal = b.heal() < 0 ? openEnd() : b.heal();
                if (heal < t0 || b.inject() > t1) continue;
                double x0 = Math.max(LABELS, xOf(b.inject()));
                double x1 = Math.min(w, Math.max(x0 + 2, xOf(heal)));
                Boolean landed = b.landed();
                if (!labels) {
                    Color c = landed == null ? k(C_F0A020_A22) : landed ? k(C_D9534F_A20) : k(C_9E9E9E_A25);
                    g.setFill(c);
                    g.fillRect(x0, y, x1 - x0, rows * LANE);
                    g.setStroke(k(C_C0392B_A7));
                    g.strokeLine(x0, y, x0, y + rows * LANE);
                    if (b.heal() >= 0) g.strokeLine(x1, y, x1, y + rows * LANE);
                    continue;
                }
                // the label may run past the band, up to where the next band starts
                double room = (k + 1 < seedBands.size() ? xOf(seedBands.get(k + 1).inject()) : w) - x0 - 6;
                String reading = landed == null ? " \u2026 landing?" : landed ? " \u2714 landed" : " \u2716 not proven";
                String detail = b.readings().isEmpty() ? "" : b.readings().get(b.readings().size() - 1).evidence();
                label(g, clip(b.fault() + reading, room), x0 + 3, y + 14, BOLD, k(C_7A1F12));
                if (!detail.isEmpty() && rows > 1) label(g, clip(detail, room), x0 + 3, y + LANE + 14, FONT, k(C_5C1A10));
            }
            i += rows - 1;
        }
    }

    private void paintAxis(GraphicsContext g, double w, double t0, double t1) {
        g.setFill(k(C_F4F5F7));
        g.fillRect(0, 0, w, AXIS);
        g.setStroke(k(C_C8CCD2));
        g.strokeLine(0, AXIS - 0.5, w, AXIS - 0.5);
        double step = niceStep(msPerPx * 90);
        double first = Math.ceil((t0 - model.start()) / step) * step + model.start();
        g.setFill(k(C_57606A));
        for (double t = first; t <= t1; t += step) {
            double x = xOf(t);
            if (x < LABELS) continue;
            g.setStroke(k(C_C8CCD2));
            g.strokeLine(x + 0.5, AXIS - 6, x + 0.5, AXIS);
            g.setStroke(k(C_ECEEF1));
            g.strokeLine(x + 0.5, AXIS, x + 0.5, canvas.getHeight());
            double since = t - model.start();
            g.fillText((since < -1e-6 ? "\u2212" : "+") + tickLabel(Math.abs(since), step), x + 3, 11);
            g.fillText(CLOCK.format(Instant.ofEpochMilli((long) t)), x + 3, 22);
        }
        g.setFill(k(C_1F2328));
        g.setFont(BOLD);
        g.fillText("lane", 6, 16);
        g.setFont(FONT);
    }

    /** Text on a light backing, so it stays readable over bars and bands. */
    private void label(GraphicsContext g, String text, double x, double baseline, Font font, Color color) {
        g.setFont(font);
        double width = text.length() * 6.2;
        g.setFill(k(C_FFFFFF_A75));
        g.fillRect(x - 1, baseline - 11, width + 2, 14);
        g.setFill(color);
        g.fillText(text, x, baseline);
        g.setFont(FONT);
    }

    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-3))));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) return m * p;
        }
        return 10 * p;
    }

    /**
     * A tick's time since the run's start, to the tick step's precision: {@code 0 s}, {@code 250 ms},
     * {@code 1.5 s}, {@code 1:10} past a minute (the old {@code 1.2 min} for 70 s was neither exact
     * nor what a clock says).
     */
    static String tickLabel(double ms, double step) {
        if (ms < 1e-6) return "0";
        int decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
        if (ms < 60_000) {
            if (ms < 1000 && step < 1000 && ms > 0) return step < 1 ? String.format(Locale.ROOT, "%.2f ms", ms) : String.format(Locale.ROOT, "%.0f ms", ms);
            return String.format(Locale.ROOT, "%." + decimals + "f s", ms / 1000);
        }
        long minutes = (long) Math.floor(ms / 60_000 + 1e-9);
        double seconds = Math.max(0, ms / 1000 - minutes * 60);
        String sec = String.format(Locale.ROOT, "%0" + (decimals == 0 ? 2 : 3 + decimals) + "." + decimals + "f", seconds);
        return minutes + ":" + sec;
    }

    static String human(double ms) {
        if (ms < 1) return String.format(Locale.ROOT, "%.2f ms", ms);
        if (ms < 1000) return String.format(Locale.ROOT, "%.0f ms", ms);
        if (ms < 60_000) return String.format(Locale.ROOT, "%.1f s", ms / 1000);
        return String.format(Locale.ROOT, "%.1f min", ms / 60_000);
    }

    private static String clip(String s, double px) {
        int max = (int) Math.max(3, px / 6.2);
        return s.length() <= max ? s : s.substring(0, Math.max(1, max - 1)) + "\u2026";
    }

    private Color verdictColor(String v) {
        return switch (v) {
            case "clean" -> k(C_1A7F37);
            case "violation" -> k(C_CF222E);
            case "stopped" -> k(C_6E7781);
            default -> k(C_9A6700);
        };
    }

    private void drawMarker(GraphicsContext g, TimelineModel.Marker m, double x, double y) {
        double cy = y + LANE / 2;
        switch (m.kind()) {
            case START -> {
                g.setFill(k(C_57606A));
                g.fillRect(x - 0.5, y + 4, 1.5, LANE - 8);
            }
            case READY -> {
                g.setFill(k(C_1A7F37));
                polygon(g, x - 5, y + 3, x + 5, y + 3, x, y + 12, x, y + 12);
            }
            case STEP -> {
                g.setFill(k(C_8C959F));
                g.fillRect(x - 0.5, y + 14, 1.5, 6);
            }
            case LOG -> {
                g.setFill(k(C_6E7781));
                g.fillOval(x - 3, cy - 3, 6, 6);
            }
            case ERROR -> {
                g.setFill(k(C_CF222E));
                g.fillOval(x - 4, cy - 4, 8, 8);
            }
            case LANDING -> {
                boolean ok = m.event() instanceof RunEvent.LandingChecked l && l.landed();
                g.setFill(ok ? k(C_8250DF) : k(C_8C959F));
                polygon(g, x, y + 3, x + 5, cy, x, y + LANE - 3, x - 5, cy);
            }
            case ORACLE -> {
                boolean bad = m.event() instanceof RunEvent.OracleChecked o && !o.validity().equals("valid");
                g.setFill(bad ? k(C_CF222E) : k(C_0969DA));
                polygon(g, x, y + 2, x + 6, cy, x, y + LANE - 2, x - 6, cy);
            }
            case END -> {
                boolean bad = m.event() instanceof RunEvent.ProcessEnded p && abnormal(p);
                g.setFill(bad ? k(C_CF222E) : k(C_24292F));
                g.fillRect(x - 1, y + 5, 2.5, LANE - 10);
            }
            case VERDICT -> {
                String v = m.event() instanceof RunEvent.ScenarioEnded s ? TimelineModel.verdictLabel(s) : "";
                g.setFill(verdictColor(v));
                g.fillRect(x - 5, cy - 5, 10, 10);
            }
        }
    }

    /**
     * Whether a process end is drawn red: killed by anything but the run's own teardown or a Stop
     * ({@code cancel}), or exiting non-zero by itself.
     */
    static boolean abnormal(RunEvent.ProcessEnded p) {
        if (p.reason().equals("teardown") || p.reason().equals("cancel")) return false;
        return !p.reason().equals("exit") || p.signal() == null && p.exitCode() != 0;
    }

    /** A filled quadrilateral (a triangle when the last two points repeat), from reused arrays. */
    private void polygon(GraphicsContext g, double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3) {
        px[0] = x0;
        px[1] = x1;
        px[2] = x2;
        px[3] = x3;
        py[0] = y0;
        py[1] = y1;
        py[2] = y2;
        py[3] = y3;
        g.fillPolygon(px, py, 4);
    }

    /** The marker under the pointer (within 5 px), or null. */
    public TimelineModel.Marker markerAt(double x, double y) {
        if (y < AXIS || x < LABELS || Double.isNaN(viewStart)) return null;
        int lane = firstLane + (int) ((y - AXIS) / LANE);
        if (lane >= model.lanes().size()) return null;
        TimelineModel.Lane l = model.lanes().get(lane);
        double t = timeAt(x);
        TimelineModel.Marker best = null;
        double bestD = 5 * msPerPx + 1e-9;
        List<TimelineModel.Marker> ms = l.markers();
        for (int k = l.firstAtOrAfter((long) Math.floor(t - 5 * msPerPx)); k < ms.size(); k++) {
            TimelineModel.Marker m = ms.get(k);
            if (m.at() > t + 5 * msPerPx) break;
            double d = Math.abs(m.at() - t);
            if (d <= bestD) {
                bestD = d;
                best = m;
            }
        }
        return best;
    }

    /** Screen position (in the canvas) of a marker, for tests and screenshots. */
    public double[] positionOf(TimelineModel.Marker m) {
        List<TimelineModel.Lane> lanes = model.lanes();
        for (int i = 0; i < lanes.size(); i++) {
            if (lanes.get(i).markers().contains(m)) {
                return new double[] {xOf(m.at()), AXIS + (i - firstLane) * LANE + LANE / 2};
            }
        }
        return null;
    }

    private String describeAt(double x, double y) {
        TimelineModel.Marker m = markerAt(x, y);
        if (m != null) return fields(m.event());
        if (y < AXIS || x < LABELS || Double.isNaN(viewStart)) return null;
        int lane = firstLane + (int) ((y - AXIS) / LANE);
        if (lane >= model.lanes().size()) return null;
        TimelineModel.Lane l = model.lanes().get(lane);
        double t = timeAt(x);
        for (TimelineModel.Band b : model.bands(l.seed())) {
            double heal = b.heal() < 0 ? model.end() : b.heal();
            if (t >= b.inject() && t <= heal) {
                StringBuilder sb = new StringBuilder(fields(b.injected()));
                for (RunEvent.LandingChecked r : b.readings()) sb.append("\n\n").append(fields(r));
                return sb.toString();
            }
        }
        return null;
    }

    /** An event's fields, one per line, as its record declares them. */
    static String fields(RunEvent e) {
        StringBuilder sb = new StringBuilder(e.type());
        for (var c : e.getClass().getRecordComponents()) {
            try {
                Object v = c.getAccessor().invoke(e);
                if (c.getName().equals("atMs")) v = Instant.ofEpochMilli((Long) v) + " (" + v + ")";
                sb.append('\n').append(c.getName()).append(": ").append(v);
            } catch (ReflectiveOperationException ex) {
                sb.append('\n').append(c.getName()).append(": ?");
            }
        }
        return sb.toString();
    }
}
