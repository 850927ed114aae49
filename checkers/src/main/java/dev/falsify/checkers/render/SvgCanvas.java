package dev.falsify.checkers.render;

import java.util.Locale;

/**
 * A self-contained SVG document written element by element: shapes with inline presentation
 * attributes and text as {@code <text>}, nothing that runs or loads (no script, no event handler,
 * no {@code href}, no {@code url(…)}, no external font or style sheet), so a picture renders the
 * same on GitHub, in a browser and in the workbench's Markdown preview with JavaScript off.
 *
 * <p>Every string that can come from a history goes through {@link #escape}: a value such as
 * {@code <script>} or {@code ]]>} ends up as inert character data, and characters XML 1.0 cannot
 * carry at all (NUL, other C0 controls, unpaired surrogates) are replaced, so the file always parses.
 */
final class SvgCanvas {
    /** Body text and secondary text, the same in every picture. */
    static final String TEXT = "#222222";
    static final String MUTED = "#666666";

    /** How a box is painted: fill, stroke, stroke-dasharray (null for solid). */
    record Paint(String fill, String stroke, String dash) {
    }

    /** Outcomes, the same in the history and the anomaly pictures: ok green, failed grey dashed, unknown amber dashed. */
    static final Paint OK = new Paint("#d5ecd4", "#3c8a3a", null);
    static final Paint FAILED = new Paint("#eeeeee", "#999999", "3,2");
    static final Paint UNKNOWN = new Paint("#fff4d6", "#c08a00", "5,3");

    /** Average advance of one character at 1 px font size, for fitting labels (sans-serif, rough). */
    static final double CHAR_WIDTH = 0.58;

    private final StringBuilder b = new StringBuilder();
    private final double width;
    private final double height;

    SvgCanvas(double width, double height, String title) {
        this.width = width;
        this.height = height;
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(num(width))
                .append("\" height=\"").append(num(height)).append("\" viewBox=\"0 0 ").append(num(width)).append(' ')
                .append(num(height)).append("\" font-family=\"sans-serif\">\n");
        b.append("<title>").append(escape(title)).append("</title>\n");
        rect(0, 0, width, height, "#ffffff", null, 0);
    }

    double width() {
        return width;
    }

    double height() {
        return height;
    }

    void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth) {
        rect(x, y, w, h, fill, stroke, strokeWidth, null, null);
    }

    /** @param dash stroke-dasharray or null; @param tooltip a {@code <title>} child (hover text in browsers) or null */
    void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth, String dash,
              String tooltip) {
        b.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(Math.max(0, w))).append("\" height=\"").append(num(Math.max(0, h))).append('"');
        paint(fill, stroke, strokeWidth, dash);
        close("rect", tooltip);
    }

    void line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth, String dash) {
        b.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"").append(num(x2))
                .append("\" y2=\"").append(num(y2)).append('"');
        paint(null, stroke, strokeWidth, dash);
        b.append("/>\n");
    }

    void polyline(double[] xy, String stroke, double strokeWidth) {
        b.append("<polyline points=\"").append(points(xy)).append('"');
        paint("none", stroke, strokeWidth, null);
        b.append("/>\n");
    }

    void polygon(double[] xy, String fill) {
        b.append("<polygon points=\"").append(points(xy)).append('"');
        paint(fill, null, 0, null);
        b.append("/>\n");
    }

    void circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth, String tooltip) {
        b.append("<circle cx=\"").append(num(cx)).append("\" cy=\"").append(num(cy)).append("\" r=\"").append(num(r))
                .append('"');
        paint(fill, stroke, strokeWidth, null);
        close("circle", tooltip);
    }

    /** @param anchor start, middle or end */
    void text(double x, double y, String text, double size, String fill, String anchor, boolean bold) {
        b.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" font-size=\"").append(num(size))
                .append("\" fill=\"").append(fill).append('"');
        if (!"start".equals(anchor)) b.append(" text-anchor=\"").append(anchor).append('"');
        if (bold) b.append(" font-weight=\"bold\"");
        b.append('>').append(escape(text)).append("</text>\n");
    }

    /** {@code text} cut with "…" to fit {@code maxWidth} px at {@code size}, or empty when not even one character fits. */
    static String fit(String text, double maxWidth, double size) {
        int max = (int) Math.floor(maxWidth / (size * CHAR_WIDTH));
        if (text.codePointCount(0, text.length()) <= max) return text;
        if (max < 2) return "";
        int end = text.offsetByCodePoints(0, max - 1);
        return text.substring(0, end) + "…";
    }

    String finish() {
        b.append("</svg>\n");
        return b.toString();
    }

    private void paint(String fill, String stroke, double strokeWidth, String dash) {
        if (fill != null) b.append(" fill=\"").append(fill).append('"');
        if (stroke != null) {
            b.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(num(strokeWidth)).append('"');
        }
        if (dash != null) b.append(" stroke-dasharray=\"").append(dash).append('"');
    }

    private void close(String tag, String tooltip) {
        if (tooltip == null) {
            b.append("/>\n");
        } else {
            b.append("><title>").append(escape(tooltip)).append("</title></").append(tag).append(">\n");
        }
    }

    private static String points(double[] xy) {
        StringBuilder p = new StringBuilder();
        for (int i = 0; i + 1 < xy.length; i += 2) {
            if (i > 0) p.append(' ');
            p.append(num(xy[i])).append(',').append(num(xy[i + 1]));
        }
        return p.toString();
    }

    /** Coordinates with at most one decimal, locale-independent, so the output is byte-stable. */
    static String num(double v) {
        long tenths = Math.round(v * 10);
        if (tenths % 10 == 0) return Long.toString(tenths / 10);
        return String.format(Locale.ROOT, "%.1f", tenths / 10.0);
    }

    /**
     * XML character data and attribute values: {@code & < > " '} as entities, and every character
     * XML 1.0 does not allow (C0 controls other than tab/newline/return, U+FFFE/U+FFFF, unpaired
     * surrogates) as U+FFFD, so nothing from a history can end the text, open markup or break parsing.
     */
    static String escape(String s) {
        if (s == null) return "";
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF'
                            || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
                        out.append('\uFFFD');
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
