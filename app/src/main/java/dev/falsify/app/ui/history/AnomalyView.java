package dev.falsify.app.ui.history;

import dev.falsify.checkers.api.TxnCounterexample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Cursor;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;

/**
 * The anomalies of a transactional check: the list of anomalies, the selected one's cycle drawn
 * as a graph — transactions as boxes coloured by outcome with their micro-ops, dependency edges
 * (ww / wr / rw / process / realtime) labelled with the key and value that justify them — and
 * beside it the explanation in words and the consistency models it rules out. Clicking a
 * transaction shows it in the history viewer.
 */
public final class AnomalyView extends SplitPane {
    private static final double NODE_W = 190;
    private final ListView<TxnCounterexample.Anomaly> list = new ListView<>();
    private final Pane graph = new Pane();
    private final Label prose = new Label();
    private final Consumer<TxnCounterexample.Txn> openTxn;
    private final Map<String, StackPane> nodes = new HashMap<>();

    /** @param openTxn called with a clicked transaction */
    public AnomalyView(Consumer<TxnCounterexample.Txn> openTxn) {
        this.openTxn = openTxn;
        setId("anomaly-view");
        list.setId("anomaly-list");
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(TxnCounterexample.Anomaly a, boolean empty) {
                super.updateItem(a, empty);
                setText(empty || a == null ? null : a.type() + "  " + String.join(" → ",
                        a.txns().stream().map(TxnCounterexample.Txn::label).toList()) + (a.key() == null ? "" : "  (key " + a.key() + ")"));
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> draw(b));
        graph.setId("anomaly-graph");
        graph.setStyle("-fx-background-color: white;");
        dev.falsify.app.ui.theme.DarkMode.repaintOnSwitch(graph, () -> graph.setStyle("-fx-background-color: "
                + (dev.falsify.app.ui.theme.DarkMode.isDark(graph) ? "#0d1117" : "white") + ";"));
        ScrollPane scroll = new ScrollPane(graph);
        prose.setId("anomaly-prose");
        prose.setWrapText(true);
        prose.setPadding(new Insets(10));
        prose.setMaxWidth(Double.MAX_VALUE);
        ScrollPane proseScroll = new ScrollPane(prose);
        proseScroll.setFitToWidth(true);
        VBox left = new VBox(new Label(" Anomalies"), list);
        VBox.setVgrow(list, Priority.ALWAYS);
        SplitPane right = new SplitPane(scroll, proseScroll);
        right.setOrientation(Orientation.VERTICAL);
        right.setDividerPositions(0.66);
        getItems().addAll(left, right);
        setDividerPositions(0.22);
    }

    /** FX thread. */
    public void show(TxnCounterexample cx) {
        list.getItems().setAll(cx.anomalies());
        if (!cx.anomalies().isEmpty()) list.getSelectionModel().select(0);
    }

    public void select(int anomaly) {
        list.getSelectionModel().select(anomaly);
    }

    /** The box of a transaction in the graph on screen, by its label ({@code T3}), or null. */
    public StackPane node(String label) {
        return nodes.get(label);
    }

    public String proseText() {
        return prose.getText();
    }

    private void draw(TxnCounterexample.Anomaly a) {
        graph.getChildren().clear();
        nodes.clear();
        if (a == null) {
            prose.setText("");
            return;
        }
        int n = a.txns().size();
        double radius = n <= 1 ? 0 : Math.max(n == 2 ? 110 : 165, n * 75 / Math.PI);
        double cx = radius + NODE_W / 2 + 40;
        double cy = radius + 70;
        Map<String, double[]> at = new HashMap<>(); // centre x, y and half width, half height of each box
        List<StackPane> boxes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TxnCounterexample.Txn t = a.txns().get(i);
            double angle = -Math.PI / 2 + 2 * Math.PI * i / Math.max(1, n);
            double x = cx + radius * Math.cos(angle);
            double y = cy + radius * Math.sin(angle);
            StackPane box = txnBox(t);
            double half = (24 + 15 * t.mops().size()) / 2.0;
            box.setPrefSize(NODE_W, 2 * half);
            box.setMinSize(NODE_W, 2 * half);
            box.relocate(x - NODE_W / 2, y - half);
            at.put(t.label(), new double[] {x, y, NODE_W / 2 + 4, half + 4});
            nodes.put(t.label(), box);
            boxes.add(box);
        }
        Map<String, Integer> pairCount = new HashMap<>();
        for (TxnCounterexample.Edge e : a.edges()) {
            double[] p = at.get(e.from());
            double[] q = at.get(e.to());
            if (p == null || q == null) continue;
            int k = pairCount.merge(e.from() + "→" + e.to(), 1, Integer::sum) - 1;
            edge(p, q, e, k);
        }
        graph.getChildren().addAll(boxes);
        graph.setPrefSize(2 * cx, 2 * cy + 40);
        StringBuilder b = new StringBuilder();
        b.append(a.type()).append(a.key() == null ? "" : " on key " + a.key()).append("\n\n").append(a.explanation()).append("\n\n");
        for (TxnCounterexample.Edge e : a.edges()) {
            b.append("• ").append(e.from()).append(" → ").append(e.to()).append(" (").append(e.kind()).append("): ")
                    .append(e.explanation()).append('\n');
        }
        if (!a.modelsRuledOut().isEmpty()) {
            b.append("\nRules out: ").append(String.join(", ", a.modelsRuledOut()));
        }
        if (a.realtime() || a.process()) {
            b.append("\nNeeds ").append(a.realtime() ? "real-time" : "").append(a.realtime() && a.process() ? " and " : "")
                    .append(a.process() ? "process-order" : "").append(" edges.");
        }
        prose.setText(b.toString());
    }

    private StackPane txnBox(TxnCounterexample.Txn t) {
        StringBuilder text = new StringBuilder(t.label()).append("  ").append(t.outcome())
                .append(t.processId() == null ? "" : "  p" + t.processId());
        for (TxnCounterexample.MicroOp m : t.mops()) {
            text.append("\n[").append(m.f()).append(' ').append(m.key()).append(' ')
                    .append(m.value() == null || m.value().isNull() ? "nil" : m.value().toString()).append(']');
        }
        Label l = new Label(text.toString());
        l.setFont(Font.font("Monospaced", 11));
        l.setPadding(new Insets(4, 6, 4, 6));
        l.setWrapText(true);
        l.setMaxWidth(NODE_W);
        // the boxes keep their light outcome colours in the dark theme too: their text stays dark on them
        l.setStyle("-fx-text-fill: #202124;");
        Color fill = switch (t.outcome()) {
            case "ok" -> Color.web("#e6f4ea");
            case "fail" -> Color.web("#eeeeee");
            default -> Color.web("#fef7e0");
        };
        Color line = switch (t.outcome()) {
            case "ok" -> Color.web("#188038");
            case "fail" -> Color.web("#80868b");
            default -> Color.web("#b06000");
        };
        Rectangle r = new Rectangle();
        r.setArcWidth(10);
        r.setArcHeight(10);
        r.setFill(fill);
        r.setStroke(line);
        r.setStrokeWidth(1.5);
        StackPane box = new StackPane(r, l);
        r.widthProperty().bind(box.widthProperty());
        r.heightProperty().bind(box.heightProperty());
        box.setId("txn-" + t.label());
        box.setMaxWidth(NODE_W);
        box.setCursor(Cursor.HAND);
        // the box may cut a long transaction with "…": the tooltip has every micro-op
        Tooltip tip = new Tooltip(text + "\n\nClick: show " + t.label()
                + " (op " + t.opId() + (t.line() > 0 ? ", line " + t.line() : "") + ") in the history");
        tip.setStyle("-fx-font-family: monospace;");
        Tooltip.install(box, tip);
        box.setOnMouseClicked(e -> openTxn.accept(t));
        return box;
    }

    /** The fraction of (dx, dy) at which a ray from a box's centre leaves the box. */
    private static double exit(double[] box, double dx, double dy) {
        double tx = dx == 0 ? Double.POSITIVE_INFINITY : box[2] / Math.abs(dx);
        double ty = dy == 0 ? Double.POSITIVE_INFINITY : box[3] / Math.abs(dy);
        return Math.min(Math.min(tx, ty), 0.45);
    }

    private void edge(double[] p, double[] q, TxnCounterexample.Edge e, int parallel) {
        Color c = switch (e.kind()) {
            case "ww" -> Color.web("#1a73e8");
            case "wr" -> Color.web("#188038");
            case "rw" -> Color.web("#d93025");
            case "process" -> Color.web("#9334e6");
            case "realtime" -> Color.web("#e37400");
            default -> Color.web("#5f6368");
        };
        double dx = q[0] - p[0];
        double dy = q[1] - p[1];
        double len = Math.max(1, Math.hypot(dx, dy));
        double nx = -dy / len;
        double ny = dx / len;
        double off = parallel * 18;
        // from the edge of one box to the edge of the other, so the arrow head is never under a box
        double out1 = exit(p, dx, dy);
        double out2 = exit(q, dx, dy);
        double x1 = p[0] + nx * off + dx * out1;
        double y1 = p[1] + ny * off + dy * out1;
        double x2 = q[0] + nx * off - dx * out2;
        double y2 = q[1] + ny * off - dy * out2;
        Line line = new Line(x1, y1, x2, y2);
        line.setStroke(c);
        line.setStrokeWidth(2);
        if (e.kind().equals("realtime") || e.kind().equals("process")) line.getStrokeDashArray().setAll(6.0, 4.0);
        double ax = (x2 - x1) / Math.max(1, Math.hypot(x2 - x1, y2 - y1));
        double ay = (y2 - y1) / Math.max(1, Math.hypot(x2 - x1, y2 - y1));
        Polygon head = new Polygon(x2, y2, x2 - ax * 11 - ay * 5, y2 - ay * 11 + ax * 5, x2 - ax * 11 + ay * 5, y2 - ay * 11 - ax * 5);
        head.setFill(c);
        Label label = new Label(e.kind() + (e.key() == null ? "" : " " + e.key()) + (e.value() == null ? "" : " " + e.value()));
        label.setTextFill(c);
        label.setFont(Font.font("System", FontWeight.BOLD, 11));
        label.setStyle("-fx-background-color: rgba(255,255,255,0.85);");
        label.relocate((x1 + x2) / 2 + nx * 8 - 20, (y1 + y2) / 2 + ny * 8 - 8);
        Tooltip.install(label, new Tooltip(e.explanation()));
        graph.getChildren().addAll(line, head, label);
    }
}
