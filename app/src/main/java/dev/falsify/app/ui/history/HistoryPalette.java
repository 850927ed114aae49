package dev.falsify.app.ui.history;

import javafx.scene.paint.Color;

/**
 * The history timeline's colours, light and dark: as ARGB ints for the pixels {@link BarRaster}
 * paints and as {@link Color}s for the stepper's overlay. Dark keeps each meaning's hue (blue ok,
 * grey failed, amber unknown, red blocked, green linearization points) on a dark ground, with text
 * and lines light enough to read (contrast at least 4.5:1 for text).
 */
record HistoryPalette(int background, int okFill, int okLine, int failFill, int failLine, int openFill, int openLine,
                      int blocked, int blockedFill, int epoch, int epochEdge, int laneShade, int gutterFill, int grey,
                      int hatch, int range, int hoverLine, int text, int hiddenText, int epochText, int axis, int gutterText,
                      int selection, Color point, Color pointTodo, Color pointOpen, Color currentRing, Color backdrop,
                      String hoverCardStyle) {

    static final HistoryPalette LIGHT = of(false);
    static final HistoryPalette DARK = of(true);

    static HistoryPalette of(boolean dark) {
        if (dark && DARK != null) return DARK;
        if (!dark && LIGHT != null) return LIGHT;
        Color openLine = Color.web(dark ? "#d29922" : "#b07800");
        Color point = Color.web(dark ? "#3fb950" : "#137333");
        Color epochEdge = dark ? Color.rgb(240, 140, 40, 0.8) : Color.rgb(200, 100, 0, 0.7);
        Color bg = dark ? Color.web("#0d1117") : Color.WHITE;
        return new HistoryPalette(px(bg), px(dark ? "#1c3557" : "#d6e4fb"), px(dark ? "#6ea8fe" : "#3b66b0"),
                px(dark ? "#2d333b" : "#ececec"), px(dark ? "#8b949e" : "#8a8a8a"), px(dark ? "#3b2f0b" : "#fbe7b5"),
                BarRaster.argb(openLine), px(dark ? "#f85149" : "#d93025"), px(dark ? "#4c1d1d" : "#fde2df"),
                BarRaster.argb(dark ? Color.rgb(240, 140, 40, 0.16) : Color.rgb(230, 120, 0, 0.13)), BarRaster.argb(epochEdge),
                px(dark ? "#151b23" : "#fafbfc"), px(dark ? "#161b22" : "#f1f3f4"), px(dark ? "#8b949e" : "#9aa0a6"),
                BarRaster.argb(openLine.deriveColor(0, 1, 1, 0.35)),
                BarRaster.argb(dark ? Color.rgb(88, 166, 255, 0.22) : Color.rgb(60, 110, 200, 0.15)),
                px(dark ? "#adbac7" : "#5f6368"), px(dark ? "#e6edf3" : "#202124"), px(dark ? "#8b949e" : "#9aa0a6"),
                dark ? px("#f0a050") : BarRaster.argb(epochEdge.darker()), px(dark ? "#8b949e" : "#5f6368"),
                px(dark ? "#c9d1d9" : "#3c4043"), dark ? 0xffffffff : 0xff000000,
                point, point.deriveColor(0, 1, 1, dark ? 0.45 : 0.35), bg, dark ? Color.WHITE : Color.BLACK, bg,
                dark ? "-fx-background-color: rgba(22,27,34,0.97); -fx-border-color: #444c56; -fx-padding: 6;"
                        + " -fx-font-family: monospace; -fx-font-size: 11px; -fx-text-fill: #e6edf3;"
                        : "-fx-background-color: rgba(255,255,250,0.97); -fx-border-color: #888; -fx-padding: 6;"
                        + " -fx-font-family: monospace; -fx-font-size: 11px; -fx-text-fill: #202124;");
    }

    private static int px(String web) {
        return BarRaster.argb(Color.web(web));
    }

    private static int px(Color c) {
        return BarRaster.argb(c);
    }
}
