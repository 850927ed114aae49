package dev.falsify.app.ui.matrix;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * The live claim × hypothesis heatmap. Claims are rows (with their category colour), hypotheses
 * are columns; a cell shows whether the hypothesis names the claim, the coverage verdict and the
 * scenario that closes it. Untethered hypotheses and unexercised claims are marked in red. Drawn
 * on one viewport-sized Canvas (only visible cells are painted), so a 200 × 300 matrix redraws in
 * well under a millisecond on every keystroke. Hover explains; click jumps to the element.
 */
public final class MatrixView extends BorderPane {
    static final double ROW_H = 22, COL_W = 42, HEADER_W = 190, HEADER_H = 30;

    private static final Map<String, Color> CATEGORY_COLORS = Map.ofEntries(
            Map.entry("safety", Color.web("#cf222e")), Map.entry("durability", Color.web("#8250df")),
            Map.entry("liveness", Color.web("#1a7f37")), Map.entry("performance-SLO", Color.web("#bf8700")),
            Map.entry("operational", Color.web("#6e7781")), Map.entry("idempotency", Color.web("#0969da")),
            Map.entry("isolation", Color.web("#bc4c00")), Map.entry("ordering", Color.web("#1b7c83")),
            Map.entry("membership", Color.web("#953800")), Map.entry("boundary", Color.web("#a40e26")),
            Map.entry("fairness", Color.web("#4d2d00")), Map.entry("observability", Color.web("#57606a")));

    private final Canvas canvas = new Canvas();
    private final Pane canvasHolder = new Pane(canvas);
    private final ScrollBar hbar = new ScrollBar();
    private final ScrollBar vbar = new ScrollBar();
    private final Tooltip tip = new Tooltip();
    private final Label summary = new Label();
    private final BooleanSupplier dark;
    private final Consumer<String> jump;
    private MatrixModel model = MatrixModel.EMPTY;
    private int hoverRow = -1, hoverCol = -1;

    /** {@code jump} receives the id to show (a claim for rows and cells, a hypothesis for column headers). */
    public MatrixView(BooleanSupplier dark, Consumer<String> jump) {
        this.dark = dark;
        this.jump = jump;
        getStyleClass().add("matrix-view");
        setId("matrix-view");
        canvas.setId("matrix-canvas");
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(canvasHolder.widthProperty());
        clip.heightProperty().bind(canvasHolder.heightProperty());
        canvasHolder.setClip(clip);
        canvasHolder.setMinSize(0, 0);
        canvas.widthProperty().bind(canvasHolder.widthProperty());
        canvas.heightProperty().bind(canvasHolder.heightProperty());
        canvas.widthProperty().addListener(o -> layoutBars());
        canvas.heightProperty().addListener(o -> layoutBars());
        vbar.setOrientation(Orientation.VERTICAL);
        hbar.valueProperty().addListener(o -> redraw());
        vbar.valueProperty().addListener(o -> redraw());
        tip.setShowDelay(Duration.millis(250));
        tip.setWrapText(true);
        tip.setMaxWidth(460);
        tip.getStyleClass().add("matrix-tip");
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMove);
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            hoverRow = hoverCol = -1;
            Tooltip.uninstall(canvas, tip);
            redraw();
        });
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, this::onClick);
        canvas.addEventHandler(ScrollEvent.SCROLL, e -> {
            vbar.setValue(clamp(vbar.getValue() - e.getDeltaY(), vbar.getMin(), vbar.getMax()));
            hbar.setValue(clamp(hbar.getValue() - e.getDeltaX(), hbar.getMin(), hbar.getMax()));
        });
        setCenter(canvasHolder);
        setRight(vbar);
        setBottom(new BorderPane(hbar, null, null, legend(), null));
    }

    public void show(MatrixModel m) {
        this.model = m;
        summary.setText(summaryText(m));
        layoutBars();
        redraw();
    }

    /** Counts claims as the Claims tab does; §1c missing-claim rows are counted apart. */
    static String summaryText(MatrixModel m) {
        long missing = m.missingClaimCount();
        return m.claimCount() + (m.claimCount() == 1 ? " claim" : " claims")
                + (missing == 0 ? "" : " + " + missing + " missing") + " × " + m.hypotheses().size()
                + (m.hypotheses().size() == 1 ? " hypothesis · " : " hypotheses · ")
                + m.untetheredCount() + " untethered · " + m.unexercisedCount() + " unexercised";
    }

    public String summary() {
        return summary.getText();
    }

    public MatrixModel model() {
        return model;
    }

    public Canvas canvas() {
        return canvas;
    }

    /** The text the hover shows for a (row, column) cell; -1 addresses a header. Public for tests. */
    public String explain(int row, int col) {
        if (row >= 0 && col < 0 && row < model.claims().size()) {
            MatrixModel.Row r = model.claims().get(row);
            return r.id() + " — " + r.text() + "\ncategory: " + (r.categories().isEmpty() ? "(none)" : String.join(", ", r.categories()))
                    + (r.exercised() ? "" : "\nUnexercised: no scenario falsifies this claim.");
        }
        if (col >= 0 && row < 0 && col < model.hypotheses().size()) {
            MatrixModel.Column c = model.hypotheses().get(col);
            return c.id() + " — " + c.title() + (c.untethered() ? "\nUntethered: this hypothesis names no claim." : "")
                    + (c.closed() ? "" : "\nNo scenario closes this hypothesis.");
        }
        MatrixModel.CellInfo cell = model.cell(row, col);
        if (row < 0 || col < 0 || row >= model.claims().size() || col >= model.hypotheses().size()) {
            return "";
        }
        String pair = model.claims().get(row).id() + " × " + model.hypotheses().get(col).id();
        if (cell == null) {
            return pair + ": not linked (" + model.hypotheses().get(col).id() + " does not name "
                    + model.claims().get(row).id() + ")";
        }
        return pair + ": " + cell.explanation();
    }

    private HBox legend() {
        HBox box = new HBox(14);
        box.getStyleClass().add("matrix-legend");
        box.setPadding(new Insets(3, 8, 3, 8));
        box.setAlignment(Pos.CENTER_LEFT);
        box.getChildren().addAll(summary, swatch("covered", covered()), swatch("partial", partial()),
                swatch("not covered", notCovered()), swatch("linked, no verdict", linked()),
                swatch("untethered / unexercised", problem()));
        summary.setId("matrix-summary");
        return box;
    }

    private static HBox swatch(String text, Color c) {
        Rectangle r = new Rectangle(12, 12, c);
        HBox h = new HBox(4, r, new Label(text));
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    private Color covered() {
        return Color.web("#2da44e");
    }

    private Color partial() {
        return Color.web("#d4a72c");
    }

    private Color notCovered() {
        return Color.web("#e5534b");
    }

    private Color linked() {
        return Color.web("#54aeff");
    }

    private Color problem() {
        return Color.web("#cf222e");
    }

    private void layoutBars() {
        double contentW = model.hypotheses().size() * COL_W;
        double contentH = model.claims().size() * ROW_H;
        double viewW = Math.max(0, canvas.getWidth() - HEADER_W);
        double viewH = Math.max(0, canvas.getHeight() - HEADER_H);
        hbar.setMax(Math.max(0, contentW - viewW));
        vbar.setMax(Math.max(0, contentH - viewH));
        hbar.setVisibleAmount(viewW);
        vbar.setVisibleAmount(viewH);
        hbar.setValue(clamp(hbar.getValue(), 0, hbar.getMax()));
        vbar.setValue(clamp(vbar.getValue(), 0, vbar.getMax()));
        boolean needH = hbar.getMax() > 0, needV = vbar.getMax() > 0;
        if (hbar.isVisible() != needH) {
            hbar.setVisible(needH);
            hbar.setManaged(needH);
        }
        if (vbar.isVisible() != needV) {
            vbar.setVisible(needV);
            vbar.setManaged(needV);
        }
        redraw();
    }

    private void redraw() {
        double w = canvas.getWidth(), h = canvas.getHeight();
        if (w <= 0 || h <= 0) {
            return;
        }
        boolean d = dark.getAsBoolean();
        Color bg = d ? Color.web("#0d1117") : Color.WHITE;
        Color fg = d ? Color.web("#c9d1d9") : Color.web("#24292f");
        Color grid = d ? Color.web("#30363d") : Color.web("#d0d7de");
        Color headerBg = d ? Color.web("#161b22") : Color.web("#f6f8fa");
        Color hoverBg = d ? Color.web("#1f2a37") : Color.web("#eaf2ff");
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(bg);
        g.fillRect(0, 0, w, h);
        List<MatrixModel.Row> rows = model.claims();
        List<MatrixModel.Column> cols = model.hypotheses();
        if (rows.isEmpty() && cols.isEmpty()) {
            g.setFill(fg);
            g.setFont(Font.font(13));
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.CENTER);
            g.fillText("No claims or hypotheses yet: add a §1b claims table and §4 hypotheses.", 16, 24);
            return;
        }
        double sx = hbar.getValue(), sy = vbar.getValue();
        int firstCol = (int) Math.floor(sx / COL_W), lastCol = Math.min(cols.size() - 1, (int) ((sx + w - HEADER_W) / COL_W));
        int firstRow = (int) Math.floor(sy / ROW_H), lastRow = Math.min(rows.size() - 1, (int) ((sy + h - HEADER_H) / ROW_H));
        Font cellFont = Font.font("DejaVu Sans", 10);
        Font headFont = Font.font("DejaVu Sans", FontWeight.BOLD, 11);
        g.setTextBaseline(VPos.CENTER);

        // cells
        g.setTextAlign(TextAlignment.CENTER);
        g.setFont(cellFont);
        for (int r = firstRow; r <= lastRow; r++) {
            double y = HEADER_H + r * ROW_H - sy;
            if (r == hoverRow) {
                g.setFill(hoverBg);
                g.fillRect(HEADER_W, y, w - HEADER_W, ROW_H);
            }
            for (int c = firstCol; c <= lastCol; c++) {
                double x = HEADER_W + c * COL_W - sx;
                if (c == hoverCol && r != hoverRow) {
                    g.setFill(hoverBg);
                    g.fillRect(x, y, COL_W, ROW_H);
                }
                if (cols.get(c).untethered()) {
                    g.setFill(problem().deriveColor(0, 1, 1, 0.10));
                    g.fillRect(x, y, COL_W, ROW_H);
                }
                MatrixModel.CellInfo cell = model.cell(r, c);
                if (cell != null) {
                    Color fill = cell.verdict() == null ? linked()
                            : switch (cell.verdict()) {
                                case COVERED -> covered();
                                case PARTIAL -> partial();
                                case NOT_COVERED -> notCovered();
                            };
                    g.setFill(cell.linked() ? fill : fill.deriveColor(0, 1, 1, 0.45));
                    g.fillRoundRect(x + 2, y + 2, COL_W - 4, ROW_H - 4, 5, 5);
                    if (!cell.scenarios().isEmpty()) {
                        g.setFill(Color.WHITE);
                        String s = cell.scenarios().get(0) + (cell.scenarios().size() > 1 ? "+" : "");
                        g.fillText(s, x + COL_W / 2, y + ROW_H / 2, COL_W - 6);
                    } else if (cell.linked()) {
                        g.setFill(Color.WHITE);
                        g.fillText("●", x + COL_W / 2, y + ROW_H / 2);
                    }
                }
                g.setStroke(grid);
                g.setLineWidth(0.5);
                g.strokeRect(x + 0.25, y + 0.25, COL_W, ROW_H);
            }
        }

        // column headers
        g.setFill(headerBg);
        g.fillRect(HEADER_W, 0, w - HEADER_W, HEADER_H);
        g.setFont(headFont);
        for (int c = firstCol; c <= lastCol; c++) {
            MatrixModel.Column col = cols.get(c);
            double x = HEADER_W + c * COL_W - sx;
            if (col.untethered()) {
                g.setFill(problem());
                g.fillRect(x + 1, 1, COL_W - 2, HEADER_H - 2);
                g.setFill(Color.WHITE);
            } else {
                g.setFill(c == hoverCol ? linked() : fg);
            }
            g.fillText(col.id(), x + COL_W / 2, HEADER_H / 2 - (col.closed() ? 0 : 3), COL_W - 4);
            if (!col.closed()) {
                g.setStroke(partial());
                g.setLineWidth(2);
                g.strokeLine(x + 6, HEADER_H - 5, x + COL_W - 6, HEADER_H - 5);
            }
        }

        // row headers
        g.setFill(headerBg);
        g.fillRect(0, HEADER_H, HEADER_W, h - HEADER_H);
        g.setTextAlign(TextAlignment.LEFT);
        for (int r = firstRow; r <= lastRow; r++) {
            MatrixModel.Row row = rows.get(r);
            double y = HEADER_H + r * ROW_H - sy;
            if (!row.exercised()) {
                g.setFill(problem().deriveColor(0, 1, 1, d ? 0.35 : 0.15));
                g.fillRect(0, y, HEADER_W, ROW_H);
            }
            Color cat = row.categories().isEmpty() ? grid : CATEGORY_COLORS.getOrDefault(row.categories().get(0), grid);
            g.setFill(cat);
            g.fillRect(2, y + 3, 6, ROW_H - 6);
            g.setFont(headFont);
            g.setFill(!row.exercised() ? problem() : (r == hoverRow ? linked() : fg));
            g.fillText(row.id(), 14, y + ROW_H / 2, 50);
            g.setFont(cellFont);
            g.setFill(cat.deriveColor(0, 1, d ? 1.6 : 1, 1));
            g.fillText(row.categories().isEmpty() ? "—" : String.join(" / ", row.categories()), 62, y + ROW_H / 2, HEADER_W - 66);
        }
        // corner
        g.setFill(headerBg);
        g.fillRect(0, 0, HEADER_W, HEADER_H);
        g.setFill(fg.deriveColor(0, 1, 1, 0.7));
        g.setFont(cellFont);
        g.fillText("claims ↓   hypotheses →", 10, HEADER_H / 2);
        g.setStroke(grid);
        g.setLineWidth(1);
        g.strokeLine(HEADER_W, 0, HEADER_W, h);
        g.strokeLine(0, HEADER_H, w, HEADER_H);
    }

    /** {row, col} under the canvas point; -1 for headers; {-2,-2} outside the grid. */
    int[] hit(double x, double y) {
        int row = y < HEADER_H ? -1 : (int) ((y - HEADER_H + vbar.getValue()) / ROW_H);
        int col = x < HEADER_W ? -1 : (int) ((x - HEADER_W + hbar.getValue()) / COL_W);
        if (row >= model.claims().size() || col >= model.hypotheses().size()) {
            return new int[] {-2, -2};
        }
        return new int[] {row, col};
    }

    private void onMove(MouseEvent e) {
        int[] rc = hit(e.getX(), e.getY());
        if (rc[0] != hoverRow || rc[1] != hoverCol) {
            hoverRow = rc[0];
            hoverCol = rc[1];
            String text = rc[0] == -2 || (rc[0] == -1 && rc[1] == -1) ? "" : explain(rc[0], rc[1]);
            if (text.isEmpty()) {
                Tooltip.uninstall(canvas, tip);
            } else {
                tip.setText(text);
                Tooltip.install(canvas, tip);
            }
            redraw();
        }
    }

    private void onClick(MouseEvent e) {
        int[] rc = hit(e.getX(), e.getY());
        String id = idAt(rc[0], rc[1]);
        if (id != null) {
            jump.accept(id);
        }
    }

    /**
     * What a click at (row, col) jumps to: the scenario a cell is labelled with (the first, for "S3+"),
     * else the cell's claim; the claim for a row header, the hypothesis for a column header.
     */
    public String idAt(int row, int col) {
        if (row >= 0 && row < model.claims().size() && col >= 0 && col < model.hypotheses().size()) {
            MatrixModel.CellInfo cell = model.cell(row, col);
            return cell != null && !cell.scenarios().isEmpty() ? cell.scenarios().get(0) : model.claims().get(row).id();
        }
        if (row >= 0 && row < model.claims().size() && col == -1) {
            return model.claims().get(row).id();
        }
        if (row == -1 && col >= 0 && col < model.hypotheses().size()) {
            return model.hypotheses().get(col).id();
        }
        return null;
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
