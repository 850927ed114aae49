package dev.falsify.app.ui.spacetime;

import dev.falsify.model.session.MessageEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongConsumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import dev.falsify.app.ui.theme.DarkMode;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * A space-time diagram of a session's message events ({@code messages.jsonl}): one vertical line per node,
 * time downwards (one row per event), each delivery an arrow from its send to its delivery, coloured by
 * message type and labelled with the filter that acted on it; dropped messages end in a cross, delayed ones
 * are dashed, held-and-released ones dotted, duplicates marked ×2; the monitor's state runs alongside on
 * the right. Hover shows the message and its payload; the toolbar narrows to one node's messages, hides
 * nodes and chooses types. Only the
 * rows in view are drawn, so a run's thousands of messages stay quick. Read-only.
 */
public final class SpaceTimeView extends BorderPane {
    static final double ROW = 18;
    static final double HEADER = 28;
    static final double STATE_LANE = 190;
    /** Room left of the first node's line: the time axis's labels. */
    static final double MARGIN = 64;
    private static final Color[] PALETTE = {
            Color.web("#1f77b4"), Color.web("#d62728"), Color.web("#2ca02c"), Color.web("#9467bd"), Color.web("#ff7f0e"),
            Color.web("#17becf"), Color.web("#8c564b"), Color.web("#e377c2"), Color.web("#7f7f7f"), Color.web("#bcbd22")};
    // colours and fonts made once, not on every draw
    private static final Color NODE_LINE = Color.web("#b0b0b0");
    private static final Color TEXT = Color.web("#202020");
    private static final Color LANE_EDGE = Color.web("#d0d0d0");
    private static final Color MUTED = Color.web("#606060");
    private static final Color FAILURE = Color.web("#c62828");
    private static final Color SUCCESS = Color.web("#2e7d32");
    private static final Color STATE = Color.web("#455a64");
    private static final Color INSTANT = Color.web("#e08a00");
    private static final Font HEADER_FONT = Font.font(null, FontWeight.BOLD, 12);
    private static final Font LABEL_FONT = Font.font(11);
    private static final Font AXIS_FONT = Font.font(9);
    /** Dark theme (DarkMode): the same meanings on a dark ground. */
    private static final java.util.Map<Color, Color> DARK = java.util.Map.of(Color.WHITE, Color.web("#0d1117"),
            NODE_LINE, Color.web("#484f58"), TEXT, Color.web("#e6edf3"), LANE_EDGE, Color.web("#30363d"),
            MUTED, Color.web("#8b949e"), FAILURE, Color.web("#f85149"), SUCCESS, Color.web("#3fb950"), STATE, Color.web("#9fb3c8"));
    private boolean dark;
    private final Button jump = new Button("Jump to the monitor's failure");
    /** Label boxes placed in this frame {x0, y0, x1, y1}: a label that would overlap one is left out (hover shows it). */
    private final List<double[]> placed = new ArrayList<>();
    private int labelsDrawn;
    private int labelsSkipped;

    private final Canvas canvas = new Canvas(800, 600);
    private final Pane canvasPane = new Pane(canvas);
    private final ScrollBar scroll = new ScrollBar();
    private final MenuButton nodesMenu = new MenuButton("Nodes");
    private final MenuButton typesMenu = new MenuButton("Types");
    /** "Messages of" one node: the others' lines stay, only its messages are drawn */
    private final ComboBox<String> nodeFilter = new ComboBox<>();
    private static final String ALL_NODES = "all nodes";
    private final Label summary = new Label();
    private final Label hover = new Label("Hover a message for its payload");
    private final Tooltip tip = new Tooltip();
    private final Set<String> hidden = new LinkedHashSet<>();
    private Set<String> types;
    private String onlyNode;
    private final Map<String, Color> colours = new HashMap<>();
    private List<MessageEvent> events = List.of();
    private SpaceTimeModel model = SpaceTimeModel.of(List.of(), Set.of(), null);
    private SpaceTimeModel.Arrow hovered;
    /** The shared instant's row (a dashed line across the diagram), -1 for none. */
    private int cursorRow = -1;
    private LongConsumer onInstant = t -> { };

    public SpaceTimeView() {
        getStyleClass().add("space-time-view");
        scroll.setOrientation(Orientation.VERTICAL);
        scroll.valueProperty().addListener((o, a, b) -> draw());
        canvasPane.setMinSize(0, 0);
        canvasPane.widthProperty().addListener((o, a, b) -> resize());
        canvasPane.heightProperty().addListener((o, a, b) -> resize());
        canvasPane.setOnScroll(e -> scroll.setValue(Math.max(scroll.getMin(), Math.min(scroll.getMax(), scroll.getValue() - e.getDeltaY() / ROW))));
        // the keyboard scrolls the diagram; consumed here, PageDown no longer reaches the window's tabs
        canvasPane.setFocusTraversable(true);
        canvasPane.setId("space-time-canvas");
        canvasPane.setOnMousePressed(e -> {
            canvasPane.requestFocus();
            // consumed: the tab pane around the view took the focus on every press, and the keys went to its tabs
            e.consume();
        });
        canvasPane.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.isControlDown() || e.isAltDown() || e.isMetaDown()) return;
            int page = Math.max(1, visibleRows() - 2);
            double v = scroll.getValue();
            double to = switch (e.getCode()) {
                case DOWN, KP_DOWN -> v + 1;
                case UP, KP_UP -> v - 1;
                case PAGE_DOWN, SPACE -> v + page;
                case PAGE_UP -> v - page;
                case HOME -> 0;
                case END -> scroll.getMax();
                default -> Double.NaN;
            };
            if (Double.isNaN(to)) return;
            scroll.setValue(Math.max(scroll.getMin(), Math.min(scroll.getMax(), Math.rint(to))));
            e.consume();
        });
        DarkMode.repaintOnSwitch(this, this::draw);
        canvas.setOnMouseMoved(e -> hoverAt(e.getX(), e.getY()));
        canvas.setOnMouseExited(e -> tip.hide());
        canvas.setOnMouseClicked(e -> {
            SpaceTimeModel.Arrow a = arrowAt(e.getX(), e.getY());
            if (a != null) select(a);
        });
        Tooltip.install(canvas, tip);
        tip.setWrapText(true);
        tip.setMaxWidth(600);
        nodeFilter.setId("space-time-node-filter");
        nodeFilter.setTooltip(new Tooltip("Only the messages from or to one node"));
        nodeFilter.setOnAction(e -> {
            String n = nodeFilter.getValue();
            setNodeFilter(n == null || n.equals(ALL_NODES) ? null : n);
        });
        jump.setId("space-time-jump-failure");
        jump.setOnAction(e -> jumpToFailure());
        ToolBar bar = new ToolBar(new Label("Messages of"), nodeFilter, nodesMenu, typesMenu, jump, summary);
        setTop(bar);
        setCenter(canvasPane);
        setRight(scroll);
        hover.setPadding(new Insets(3, 8, 3, 8));
        hover.getStyleClass().add("space-time-hover");
        setBottom(hover);
    }

    /** Shows a run's events (all nodes and types visible). */
    public void show(List<MessageEvent> events) {
        this.events = List.copyOf(events);
        hidden.clear();
        types = null;
        onlyNode = null;
        rebuild();
        nodeFilter.getItems().setAll(ALL_NODES);
        nodeFilter.getItems().addAll(model.allNodes());
        nodeFilter.setValue(ALL_NODES);
        nodesMenu.getItems().clear();
        for (String n : model.allNodes()) {
            CheckMenuItem item = new CheckMenuItem(n);
            item.setSelected(true);
            item.selectedProperty().addListener((o, a, b) -> setNodeHidden(n, !b));
            nodesMenu.getItems().add(item);
        }
        typesMenu.getItems().clear();
        for (String t : model.allTypes()) {
            CheckMenuItem item = new CheckMenuItem(t.isEmpty() ? "(untyped)" : t);
            item.setSelected(true);
            item.selectedProperty().addListener((o, a, b) -> setTypeShown(t, b));
            typesMenu.getItems().add(item);
        }
    }

    /** Hides or shows a node's line and every message from or to it. */
    public void setNodeHidden(String node, boolean hide) {
        if (hide ? hidden.add(node) : hidden.remove(node)) rebuild();
    }

    /** Draws only the messages from or to {@code node} (null: every node's), keeping every node's line. */
    public void setNodeFilter(String node) {
        if (Objects.equals(node, onlyNode)) return;
        onlyNode = node;
        String shown = node == null ? ALL_NODES : node;
        if (!shown.equals(nodeFilter.getValue())) nodeFilter.setValue(shown);
        rebuild();
    }

    /** Shows or hides the messages of one type. */
    public void setTypeShown(String type, boolean show) {
        if (types == null) types = new LinkedHashSet<>(model.allTypes());
        if (show ? types.add(type) : types.remove(type)) rebuild();
    }

    public SpaceTimeModel model() {
        return model;
    }

    public Canvas canvas() {
        return canvas;
    }

    /** The hover line (the message under the pointer and its payload). */
    public String hoverText() {
        return hover.getText();
    }

    /**
     * What selecting a message tells the session's other viewers: the instant (runner monotonic ns, the
     * session clock) its send happened at.
     */
    public void setOnInstant(LongConsumer listener) {
        onInstant = listener == null ? t -> { } : listener;
    }

    /** Selects a message: the instant line moves to its send and the listener hears the instant. */
    public void select(SpaceTimeModel.Arrow a) {
        cursorRow = a.fromRow();
        draw();
        onInstant.accept(model.monoOf(a.fromRow()));
    }

    /** Shows an instant of the session clock (from another viewer): a line at the first event at or after it, scrolled into view. */
    public void showInstant(long monoNanos) {
        cursorRow = model.rowAt(monoNanos);
        if (cursorRow < 0) return;
        // say what the line is on: the other viewer moved it, so nothing here was pointed at
        String what = model.describeRow(cursorRow);
        hover.setText(what.isEmpty() ? "Instant from another viewer" : "At the instant from another viewer \u2014 " + what);
        int first = firstRow();
        if (cursorRow < first || cursorRow >= first + visibleRows()) scrollToRow(Math.max(0, cursorRow - visibleRows() / 2));
        else draw();
    }

    /** The row the instant line is at, -1 for none. */
    public int cursorRow() {
        return cursorRow;
    }

    /**
     * Moves to the monitor's first change to a failing state: the instant line on it, a few rows of what
     * led to it above. False (and said in the hover line) when the monitor never failed.
     */
    public boolean jumpToFailure() {
        for (SpaceTimeModel.StateMark m : model.states()) {
            if (!m.terminalFailure()) continue;
            cursorRow = m.row();
            hover.setText("The monitor's failure \u2014 " + model.describeRow(m.row()));
            scrollToRow(Math.max(0, m.row() - visibleRows() * 2 / 3));
            onInstant.accept(model.monoOf(m.row()));
            return true;
        }
        hover.setText("The monitor did not fail in this run");
        return false;
    }

    /** The first row in view. */
    public int firstVisibleRow() {
        return firstRow();
    }

    /** Arrow labels the last frame drew, and left out because they would have overlapped one drawn. */
    public int[] labelCounts() {
        return new int[] {labelsDrawn, labelsSkipped};
    }

    /** Scrolls so that {@code row} is the first row in view. */
    public void scrollToRow(int row) {
        scroll.setValue(Math.max(0, Math.min(scroll.getMax(), row)));
        draw();
    }

    private void rebuild() {
        model = SpaceTimeModel.of(events, hidden, types, onlyNode);
        jump.setDisable(model.states().stream().noneMatch(SpaceTimeModel.StateMark::terminalFailure));
        for (String t : model.allTypes()) colours.computeIfAbsent(t, k -> PALETTE[colours.size() % PALETTE.length]);
        long drops = model.arrows().stream().filter(a -> a.end() == SpaceTimeModel.End.DROPPED).count();
        summary.setText(model.nodes().size() + " nodes, " + model.arrows().size() + " arrows (" + drops + " dropped), "
                + model.states().size() + " monitor changes" + (model.states().isEmpty() ? ""
                : "; monitor ends in " + model.states().get(model.states().size() - 1).state()));
        resize();
    }

    private void resize() {
        canvas.setWidth(Math.max(200, canvasPane.getWidth()));
        canvas.setHeight(Math.max(100, canvasPane.getHeight()));
        int visible = visibleRows();
        scroll.setMin(0);
        scroll.setMax(Math.max(0, model.rows() - visible + 1));
        scroll.setVisibleAmount(Math.max(1, visible));
        scroll.setUnitIncrement(1);
        scroll.setBlockIncrement(Math.max(1, visible - 2));
        draw();
    }

    private int visibleRows() {
        return (int) Math.max(1, (canvas.getHeight() - HEADER - 8) / ROW);
    }

    private int firstRow() {
        return (int) Math.floor(scroll.getValue());
    }

    double x(String node) {
        int i = model.nodes().indexOf(node);
        double lanes = Math.max(1, model.nodes().size());
        double width = canvas.getWidth() - STATE_LANE - 2 * MARGIN;
        return MARGIN + (lanes == 1 ? width / 2 : i * width / (lanes - 1));
    }

    double y(int row) {
        return HEADER + 8 + (row - firstRow()) * ROW + ROW / 2;
    }

    private Color k(Color light) {
        return dark ? DARK.getOrDefault(light, light) : light;
    }

    private void draw() {
        dark = DarkMode.isDark(this);
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(k(Color.WHITE));
        g.fillRect(0, 0, w, h);
        int first = firstRow();
        int last = first + visibleRows();
        placed.clear();
        labelsDrawn = 0;
        labelsSkipped = 0;
        drawTimeAxis(g, first, last, h);
        g.setFont(LABEL_FONT);
        g.setTextBaseline(VPos.CENTER);
        // node lines and names
        g.setLineDashes();
        for (String n : model.nodes()) {
            double x = x(n);
            g.setStroke(k(NODE_LINE));
            g.setLineWidth(1.5);
            g.strokeLine(x, HEADER, x, h);
            g.setFill(k(TEXT));
            g.setTextAlign(TextAlignment.CENTER);
            g.setFont(HEADER_FONT);
            g.fillText(n, x, HEADER / 2);
        }
        g.setFont(LABEL_FONT);
        // the monitor's lane
        double sx = w - STATE_LANE + 10;
        g.setStroke(k(LANE_EDGE));
        g.strokeLine(sx - 6, 0, sx - 6, h);
        g.setFill(k(TEXT));
        g.setTextAlign(TextAlignment.LEFT);
        g.setFont(HEADER_FONT);
        g.fillText("monitor", sx, HEADER / 2);
        g.setFont(LABEL_FONT);
        String current = "";
        for (SpaceTimeModel.StateMark s : model.states()) {
            if (s.row() < first) current = s.state();
        }
        if (!current.isEmpty()) {
            g.setFill(k(MUTED));
            g.fillText("(" + current + ")", sx, HEADER + 8 + ROW / 2);
        }
        for (SpaceTimeModel.StateMark s : model.states()) {
            if (s.row() < first || s.row() > last) continue;
            double y = y(s.row());
            Color c = s.terminalFailure() ? k(FAILURE) : s.terminalSuccess() ? k(SUCCESS) : k(STATE);
            g.setFill(c.deriveColor(0, 1, 1, 0.15));
            g.fillRect(sx - 4, y - ROW / 2, STATE_LANE - 10, ROW);
            g.setStroke(c.deriveColor(0, 1, 1, 0.35));
            g.setLineDashes(2, 3);
            g.strokeLine(MARGIN / 2, y, sx - 6, y);
            g.setLineDashes();
            g.setFill(c);
            g.fillText("\u2192 " + s.state(), sx, y);
        }
        // arrows
        for (SpaceTimeModel.Arrow a : model.arrows()) {
            if (a.toRow() < first || a.fromRow() > last) continue;
            drawArrow(g, a, a == hovered);
        }
        // the session's shared instant
        if (cursorRow >= first && cursorRow <= last) {
            double cy = y(cursorRow);
            g.setStroke(INSTANT);
            g.setLineWidth(1.5);
            g.setLineDashes(2, 3);
            g.strokeLine(4, cy, w - 4, cy);
            g.setLineDashes();
        }
    }

    private void drawArrow(GraphicsContext g, SpaceTimeModel.Arrow a, boolean highlight) {
        Color c = colours.getOrDefault(a.type(), Color.GRAY);
        double x1 = x(a.src());
        double y1 = y(a.fromRow());
        double x2 = x(a.dst());
        double y2 = y(a.toRow());
        if (a.end() == SpaceTimeModel.End.DROPPED) x2 = (x1 + x2) / 2;
        g.setStroke(c);
        g.setLineWidth(highlight ? 3 : 1.4);
        g.setLineCap(StrokeLineCap.ROUND);
        if (a.held()) g.setLineDashes(2, 4);
        else if (a.delayed()) g.setLineDashes(7, 4);
        else if (a.end() == SpaceTimeModel.End.UNDELIVERED) g.setLineDashes(1, 6);
        else g.setLineDashes();
        g.strokeLine(x1, y1, x2, y2);
        g.setLineDashes();
        g.setFill(c);
        g.fillOval(x1 - 2.5, y1 - 2.5, 5, 5);
        if (a.end() == SpaceTimeModel.End.DROPPED) {
            g.setStroke(k(FAILURE));
            g.setLineWidth(2);
            g.strokeLine(x2 - 5, y2 - 5, x2 + 5, y2 + 5);
            g.strokeLine(x2 - 5, y2 + 5, x2 + 5, y2 - 5);
        } else if (a.end() == SpaceTimeModel.End.DELIVERED) {
            double ang = Math.atan2(y2 - y1, x2 - x1);
            double len = 8;
            g.fillPolygon(new double[]{x2, x2 - len * Math.cos(ang - 0.4), x2 - len * Math.cos(ang + 0.4)},
                    new double[]{y2, y2 - len * Math.sin(ang - 0.4), y2 - len * Math.sin(ang + 0.4)}, 3);
        }
        String label = a.type() + (a.filter().isEmpty() ? "" : " [" + a.filter() + "]") + (a.duplicate() ? " \u00d72" : "");
        g.setTextAlign(TextAlignment.CENTER);
        double lx = (x1 + x2) / 2;
        double ly = (y1 + y2) / 2 - 7;
        double half = label.length() * 3.1 + 2;
        double[] box = {lx - half, ly - 7, lx + half, ly + 7};
        for (double[] p : placed) {
            if (box[0] < p[2] && p[0] < box[2] && box[1] < p[3] && p[1] < box[3]) {
                labelsSkipped++;
                return;
            }
        }
        placed.add(box);
        labelsDrawn++;
        g.setFill(dark ? c.brighter() : c.darker());
        g.fillText(label, lx, ly);
    }

    /**
     * Time down the left edge: the session clock at every few rows, from the run's first event (rows are
     * events, not equal times, so each label is the time of its own row).
     */
    private void drawTimeAxis(GraphicsContext g, int first, int last, double h) {
        if (model.rows() == 0) return;
        g.setFont(AXIS_FONT);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(k(MUTED));
        g.fillText("time", 4, HEADER / 2);
        long origin = model.monoOf(0);
        int every = 3;
        for (int r = Math.max(0, first - first % every); r <= last && r < model.rows(); r += every) {
            if (r < first) continue;
            double y = y(r);
            g.setStroke(k(LANE_EDGE));
            g.setLineWidth(1);
            g.strokeLine(MARGIN - 10, y, MARGIN - 6, y);
            g.fillText(elapsed(model.monoOf(r) - origin), 2, y);
        }
        g.setFont(LABEL_FONT);
    }

    static String elapsed(long ns) {
        // to the millisecond: rows a few ms apart (most of a run) must not read the same
        double ms = ns / 1e6;
        if (ms >= 100_000) return String.format(java.util.Locale.ROOT, "+%.1f s", ms / 1000);
        if (ms >= 1000) return String.format(java.util.Locale.ROOT, "+%.3f s", ms / 1000);
        if (ms >= 1) return String.format(java.util.Locale.ROOT, "+%.1f ms", ms);
        return String.format(java.util.Locale.ROOT, "+%.0f \u00b5s", ns / 1e3);
    }

    private void hoverAt(double px, double py) {
        SpaceTimeModel.Arrow best = arrowAt(px, py);
        if (best != hovered) {
            hovered = best;
            draw();
        }
        if (best == null) {
            hover.setText("Hover a message for its payload");
            tip.setText("");
        } else {
            hover.setText(best.describe());
            tip.setText(best.describe());
        }
    }

    /** The arrow within 6 px of a point of the canvas, the nearest one; null when none. */
    public SpaceTimeModel.Arrow arrowAt(double px, double py) {
        int first = firstRow();
        int last = first + visibleRows();
        SpaceTimeModel.Arrow best = null;
        double bestD = 6;
        for (SpaceTimeModel.Arrow a : model.arrows()) {
            if (a.toRow() < first || a.fromRow() > last) continue;
            double x1 = x(a.src());
            double y1 = y(a.fromRow());
            double x2 = a.end() == SpaceTimeModel.End.DROPPED ? (x1 + x(a.dst())) / 2 : x(a.dst());
            double y2 = y(a.toRow());
            double d = distance(px, py, x1, y1, x2, y2);
            if (d < bestD) {
                bestD = d;
                best = a;
            }
        }
        return best;
    }

    /** Hovers at the middle of an arrow (what a pointer over it does). */
    public void hover(SpaceTimeModel.Arrow a) {
        double x2 = a.end() == SpaceTimeModel.End.DROPPED ? (x(a.src()) + x(a.dst())) / 2 : x(a.dst());
        hoverAt((x(a.src()) + x2) / 2, (y(a.fromRow()) + y(a.toRow())) / 2);
    }

    private static double distance(double px, double py, double x1, double y1, double x2, double y2) {
        double dx = x2 - x1;
        double dy = y2 - y1;
        double len = dx * dx + dy * dy;
        double t = len == 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len));
        double cx = x1 + t * dx;
        double cy = y1 + t * dy;
        return Math.hypot(px - cx, py - cy);
    }

    /** Nodes and types as lists for tests and the toolbar. */
    List<String> menuNodes() {
        List<String> out = new ArrayList<>();
        nodesMenu.getItems().forEach(i -> out.add(i.getText()));
        return out;
    }
}
