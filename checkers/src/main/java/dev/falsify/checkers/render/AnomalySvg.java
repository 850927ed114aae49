package dev.falsify.checkers.render;

import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.checkers.api.TxnCounterexample.Anomaly;
import dev.falsify.checkers.api.TxnCounterexample.Edge;
import dev.falsify.checkers.api.TxnCounterexample.MicroOp;
import dev.falsify.checkers.api.TxnCounterexample.Txn;
import dev.falsify.checkers.history.JsonTrees;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One transactional anomaly as an SVG picture: its transactions as boxes coloured by outcome and
 * labelled with their micro-ops, the dependency edges between them as arrows labelled
 * {@code ww}/{@code wr}/{@code rw}/{@code process}/{@code realtime} with the key and value that
 * justify them, and beneath, the checker's prose explanation, each edge's one-line reason and the
 * consistency models the anomaly rules out.
 */
public final class AnomalySvg {
    private static final double BOX_W = 230;
    private static final double LINE = 14;
    private static final int MAX_MOPS = 8;
    private static final double FONT = 11;
    private static final String TEXT = SvgCanvas.TEXT;
    private static final String MUTED = SvgCanvas.MUTED;

    private AnomalySvg() {
    }

    /**
     * @param a      the anomaly
     * @param index  its 1-based number among the result's anomalies
     * @param cx     the result's anomalies (for the counts and whether the search was complete)
     * @param title  what the picture is of, e.g. {@code S2-1: list-append}
     */
    public static String render(Anomaly a, int index, TxnCounterexample cx, String title) {
        List<Txn> txns = a.txns();
        int n = Math.max(1, txns.size());
        double boxH0 = 34;
        double maxBox = 0;
        for (Txn t : txns) maxBox = Math.max(maxBox, boxHeight(t));
        // nodes on a circle (in cycle order, clockwise from the top); two nodes side by side
        double radius = n <= 1 ? 0 : n == 2 ? 230 : Math.max(200, n * (BOX_W + 60) / (2 * Math.PI));
        double graphW = 2 * radius + BOX_W + 80;
        double width = Math.max(1000, graphW);
        double cxp = width / 2;
        double top = 96;
        double cyp = top + (n <= 2 ? maxBox / 2 + 20 : radius + maxBox / 2 + 10);
        Map<String, double[]> boxes = new HashMap<>();
        double bottom = top;
        for (int i = 0; i < txns.size(); i++) {
            double angle = -Math.PI / 2 + 2 * Math.PI * i / n;
            double x = n == 2 ? cxp + (i == 0 ? -radius : radius) : cxp + radius * Math.cos(angle);
            double y = n == 2 ? cyp : cyp + radius * Math.sin(angle);
            Txn t = txns.get(i);
            double h = boxHeight(t);
            boxes.put(t.label(), new double[] {x - BOX_W / 2, y - h / 2, BOX_W, h});
            bottom = Math.max(bottom, y + h / 2);
        }
        // as many characters per line as the picture is wide
        List<String> prose = prose(a, cx, (int) ((width - 44) / (11.5 * SvgCanvas.CHAR_WIDTH)));
        double textTop = bottom + 50;
        double height = textTop + prose.size() * 17 + 24;
        SvgCanvas c = new SvgCanvas(width, height, title + " — " + a.type());
        c.text(16, 24, title, 15, TEXT, "start", true);
        c.text(16, 46, "Anomaly " + index + " of " + cx.anomalies().size() + ": " + a.type()
                + (a.key() == null ? "" : " on key " + a.key()) + " — " + txns.size() + " transaction"
                + (txns.size() == 1 ? "" : "s") + ", " + a.edges().size() + " dependency edge" + (a.edges().size() == 1 ? "" : "s"),
                12.5, TEXT, "start", false);
        legend(c, 16, 68);

        edges(c, a, boxes);
        for (Txn t : txns) node(c, t, boxes.get(t.label()));

        double y = textTop;
        for (String line : prose) {
            boolean head = line.startsWith("\u0001");
            String text = head ? line.substring(1) : line;
            c.text(head ? 16 : 28, y, SvgCanvas.fit(text, width - 44, 11.5), 11.5, head ? TEXT : "#333333", "start", head);
            y += 17;
        }
        return c.finish();
    }

    private static double boxHeight(Txn t) {
        return 34 + Math.min(MAX_MOPS + 1, Math.max(1, t.mops().size())) * LINE;
    }

    private static SvgCanvas.Paint colours(String outcome) {
        return switch (outcome == null ? "" : outcome.toLowerCase(Locale.ROOT)) {
            case "ok" -> SvgCanvas.OK;
            case "fail" -> SvgCanvas.FAILED;
            default -> SvgCanvas.UNKNOWN;
        };
    }

    private static void legend(SvgCanvas c, double x, double y) {
        String[][] items = {{"ok", "committed (ok)"}, {"fail", "failed"}, {"info", "unknown outcome"}};
        double at = x;
        for (String[] it : items) {
            SvgCanvas.Paint col = colours(it[0]);
            c.rect(at, y - 10, 22, 12, col.fill(), col.stroke(), 1.2, col.dash(), null);
            c.text(at + 27, y, it[1], 11, TEXT, "start", false);
            at += 27 + it[1].length() * 11 * SvgCanvas.CHAR_WIDTH + 18;
        }
        c.text(at, y, "edges: ww write→write, wr write→read, rw read→later write (anti-dependency), process, realtime",
                11, MUTED, "start", false);
    }

    private static void node(SvgCanvas c, Txn t, double[] box) {
        SvgCanvas.Paint col = colours(t.outcome());
        StringBuilder tip = new StringBuilder(t.label()).append(t.opId() == null ? "" : " · op " + t.opId())
                .append(t.processId() == null ? "" : " · process " + t.processId()).append(" · ").append(t.outcome());
        if (t.line() > 0) tip.append(" · line ").append(t.line());
        c.rect(box[0], box[1], box[2], box[3], col.fill(), col.stroke(), 1.6, col.dash(), tip.toString());
        c.text(box[0] + 8, box[1] + 16, t.label(), 12.5, TEXT, "start", true);
        String sub = (t.processId() == null ? "" : "process " + t.processId() + " · ") + t.outcome()
                + (t.line() > 0 ? " · line " + t.line() : "");
        c.text(box[0] + BOX_W - 8, box[1] + 16, SvgCanvas.fit(sub, BOX_W - 60, 10), 10, MUTED, "end", false);
        double y = box[1] + 32;
        int shown = 0;
        for (MicroOp m : t.mops()) {
            if (shown == MAX_MOPS) {
                c.text(box[0] + 10, y, "… " + (t.mops().size() - MAX_MOPS) + " more micro-ops", FONT, MUTED, "start", false);
                break;
            }
            c.text(box[0] + 10, y, SvgCanvas.fit(mop(m), BOX_W - 18, FONT), FONT, TEXT, "start", false);
            y += LINE;
            shown++;
        }
        if (t.mops().isEmpty()) c.text(box[0] + 10, y, "(no micro-ops)", FONT, MUTED, "start", false);
    }

    static String mop(MicroOp m) {
        String v = m.value() == null || m.value().isNull() ? "nil" : m.value().isTextual() ? m.value().textValue()
                : JsonTrees.text(m.value());
        return "[" + m.f() + " " + m.key() + " " + v + "]";
    }

    private static void edges(SvgCanvas c, Anomaly a, Map<String, double[]> boxes) {
        Map<String, Integer> parallel = new LinkedHashMap<>();
        for (Edge e : a.edges()) {
            double[] f = boxes.get(e.from());
            double[] t = boxes.get(e.to());
            if (f == null || t == null) continue;
            String pair = e.from().compareTo(e.to()) <= 0 ? e.from() + "\u0000" + e.to() : e.to() + "\u0000" + e.from();
            int k = parallel.merge(pair, 1, Integer::sum) - 1;
            double fx = f[0] + f[2] / 2;
            double fy = f[1] + f[3] / 2;
            double tx = t[0] + t[2] / 2;
            double ty = t[1] + t[3] / 2;
            if (f == t) { // a self-edge (an internal anomaly): a loop above the box
                double x = f[0] + f[2] - 30;
                double y = f[1];
                c.polyline(new double[] {x, y, x, y - 26, x + 24, y - 26, x + 24, y}, colour(e.kind()), 1.6);
                c.polygon(new double[] {x + 24, y, x + 20, y - 8, x + 28, y - 8}, colour(e.kind()));
                label(c, x + 12, y - 30, e);
                continue;
            }
            double dx = tx - fx;
            double dy = ty - fy;
            double len = Math.max(1, Math.hypot(dx, dy));
            // edges between the same two txns are spread apart, each direction on its own side
            double sign = e.from().compareTo(e.to()) <= 0 ? 1 : -1;
            double off = sign * (12 + 22 * k);
            double nx = -dy / len * off;
            double ny = dx / len * off;
            double[] s = clip(f, fx + nx, fy + ny, tx + nx, ty + ny);
            double[] d = clip(t, tx + nx, ty + ny, fx + nx, fy + ny);
            String col = colour(e.kind());
            c.line(s[0], s[1], d[0], d[1], col, 1.6, e.kind().equals("realtime") || e.kind().equals("process") ? "6,3" : null);
            double ux = (d[0] - s[0]) / Math.max(1, Math.hypot(d[0] - s[0], d[1] - s[1]));
            double uy = (d[1] - s[1]) / Math.max(1, Math.hypot(d[0] - s[0], d[1] - s[1]));
            c.polygon(new double[] {d[0], d[1], d[0] - 10 * ux - 5 * uy, d[1] - 10 * uy + 5 * ux,
                    d[0] - 10 * ux + 5 * uy, d[1] - 10 * uy - 5 * ux}, col);
            label(c, (s[0] + d[0]) / 2 + nx * 0.3, (s[1] + d[1]) / 2 + ny * 0.3, e);
        }
    }

    private static void label(SvgCanvas c, double x, double y, Edge e) {
        String text = e.kind() + (e.key() == null ? "" : " " + e.key()) + (e.value() == null ? "" : " " + e.value());
        text = SvgCanvas.fit(text, 200, FONT);
        double w = text.length() * FONT * SvgCanvas.CHAR_WIDTH + 10;
        c.rect(x - w / 2, y - 11, w, 15, "#ffffff", colour(e.kind()), 0.8, null, e.explanation());
        c.text(x, y, text, FONT, colour(e.kind()), "middle", true);
    }

    /** Where the segment from (x1,y1) (inside the box) to (x2,y2) leaves the box. */
    private static double[] clip(double[] box, double x1, double y1, double x2, double y2) {
        double cx = box[0] + box[2] / 2;
        double cy = box[1] + box[3] / 2;
        double dx = x2 - x1;
        double dy = y2 - y1;
        double tMin = 1;
        if (dx != 0) {
            for (double edge : new double[] {box[0] - 4, box[0] + box[2] + 4}) {
                double t = (edge - x1) / dx;
                double y = y1 + t * dy;
                if (t > 0 && t < tMin && y >= box[1] - 4 && y <= box[1] + box[3] + 4) tMin = t;
            }
        }
        if (dy != 0) {
            for (double edge : new double[] {box[1] - 4, box[1] + box[3] + 4}) {
                double t = (edge - y1) / dy;
                double x = x1 + t * dx;
                if (t > 0 && t < tMin && x >= box[0] - 4 && x <= box[0] + box[2] + 4) tMin = t;
            }
        }
        if (tMin == 1 && Math.abs(x1 - cx) < 1e-9 && Math.abs(y1 - cy) < 1e-9) return new double[] {x1, y1};
        return new double[] {x1 + tMin * dx, y1 + tMin * dy};
    }

    private static String colour(String kind) {
        return switch (kind == null ? "" : kind) {
            case "ww" -> "#1f4e99";
            case "wr" -> "#2e7d32";
            case "rw" -> "#c62828";
            case "process" -> "#6a1b9a";
            case "realtime" -> "#e66a00";
            default -> "#444444";
        };
    }

    /** The text beneath the graph; a line starting with U+0001 is a heading. */
    private static List<String> prose(Anomaly a, TxnCounterexample cx, int chars) {
        List<String> out = new ArrayList<>();
        out.add("\u0001" + a.type() + ":");
        out.addAll(wrap(a.explanation(), chars));
        out.add("\u0001Edges:");
        for (Edge e : a.edges()) {
            out.addAll(wrap(e.from() + " → " + e.to() + " (" + e.kind() + (e.key() == null ? "" : " on " + e.key())
                    + "): " + e.explanation(), chars));
        }
        out.add("\u0001Rules out: " + (a.modelsRuledOut().isEmpty() ? "none named" : String.join(", ", a.modelsRuledOut()))
                + (a.realtime() ? " (needs real-time edges)" : "") + (a.process() ? " (needs process-order edges)" : ""));
        if (!cx.searchComplete() && cx.note() != null) out.addAll(wrap("Search incomplete: " + cx.note(), chars));
        return out;
    }

    /** Words into lines of at most {@code width} characters (a longer word is a line of its own). */
    static List<String> wrap(String text, int width) {
        List<String> out = new ArrayList<>();
        if (text == null || text.isBlank()) return out;
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                out.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) line.append(' ');
            line.append(word);
        }
        if (line.length() > 0) out.add(line.toString());
        return out;
    }
}
