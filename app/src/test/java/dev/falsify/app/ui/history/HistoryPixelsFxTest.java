package dev.falsify.app.ui.history;

import static dev.falsify.app.ui.history.HistoryCanvas.AXIS_H;
import static dev.falsify.app.ui.history.HistoryCanvas.BAR_H;
import static dev.falsify.app.ui.history.HistoryCanvas.GUTTER;
import static dev.falsify.app.ui.history.HistoryCanvas.LANE_H;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.app.ui.OnFx;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.model.history.Op;
import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The history view's painted pixels on a small history: an ok bar, a failed op, an op of unknown
 * outcome and a fault epoch's band, each checked at pixels whose colour the drawing fixes exactly.
 */
@ExtendWith(ApplicationExtension.class)
class HistoryPixelsFxTest {
    private static final long MS = 1_000_000;
    private HistoryCanvas canvas;

    @Start
    void start(Stage stage) {
        canvas = new HistoryCanvas();
        stage.setScene(new Scene(canvas, 800, 300));
        stage.show();
    }

    private static Op op(String id, String proc, long inv, Long done, String error, boolean timeout, String epoch) {
        return new Op(id, proc, inv, done, "write", "k", IntNode.valueOf(1), NullNode.instance, error, timeout, "n1", epoch, 0);
    }

    /** p0: ok [0, 40] ms, failed [50, 90] ms; p1: unknown outcome from 10 ms, then [100, 140] ms in epoch "f1". */
    private void showSmallHistory() {
        HistoryLayout l = HistoryLayout.of(new History("t", HistoryFormat.JSONL, List.of(
                op("ok", "p0", 0, 40 * MS, null, false, null),
                op("bad", "p0", 50 * MS, 90 * MS, "refused", false, null),
                op("open", "p1", 10 * MS, null, null, true, null),
                op("late", "p1", 100 * MS, 140 * MS, null, false, "f1"))), Map.of());
        OnFx.run(() -> {
            canvas.show(l);
            canvas.draw();
        });
    }

    private int px(double x, double y) {
        return OnFx.call(() -> canvas.pixel((int) x, (int) y));
    }

    private double x(double ms) {
        return OnFx.call(() -> canvas.xOf(ms));
    }

    private static double barTop(int lane) {
        return AXIS_H + lane * LANE_H + (LANE_H - BAR_H) / 2;
    }

    @Test
    void anOkBarIsOutlinedAndFilled() {
        showSmallHistory();
        int left = BarRaster.edge(x(0));
        double top = barTop(0);
        assertThat(px(left, top + 9)).isEqualTo(HistoryCanvas.OK_LINE_PX);
        assertThat(px(x(20), top)).isEqualTo(HistoryCanvas.OK_LINE_PX);
        assertThat(px(x(20), top + BAR_H - 1)).isEqualTo(HistoryCanvas.OK_LINE_PX);
        assertThat(px(x(35), top + 4)).isEqualTo(HistoryCanvas.OK_FILL_PX);
        assertThat(px(x(20), top - 1)).isEqualTo(HistoryCanvas.LANE_SHADE_PX); // lane 0 is shaded, above the bar
    }

    @Test
    void aFailedOpIsGreyWithDashedEdgesAndAClosingEdge() {
        showSmallHistory();
        int left = BarRaster.edge(x(50));
        int right = BarRaster.edge(x(90));
        double top = barTop(0);
        assertThat(px(x(85), top + 4)).isEqualTo(HistoryCanvas.FAIL_FILL_PX);
        assertThat(px(left + 8, top)).isEqualTo(HistoryCanvas.FAIL_LINE_PX); // dash: 2 on, 2 off from the invoke
        assertThat(px(left + 10, top)).isEqualTo(HistoryCanvas.FAIL_FILL_PX);
        assertThat(px(left, top + 4)).isEqualTo(HistoryCanvas.FAIL_LINE_PX);
        assertThat(px(right - 1, top + 4)).isEqualTo(HistoryCanvas.FAIL_LINE_PX);
    }

    @Test
    void anUnknownOutcomeIsHatchedAndOpenEndedWithAnArrow() {
        showSmallHistory();
        double top = barTop(1);
        int right = BarRaster.edge(x(100));
        assertThat(px(right - 2, top + BAR_H / 2)).isEqualTo(HistoryCanvas.OPEN_LINE_PX); // the arrow's tip
        assertThat(px(right - 6, top + 3)).isEqualTo(HistoryCanvas.OPEN_FILL_PX); // beside the arrow's base
        // hatching: some pixels of the bar's inside are the hatch blended over the fill
        int hatch = BarRaster.over(HistoryCanvas.HATCH_PX, HistoryCanvas.OPEN_FILL_PX);
        int hatched = 0;
        for (int dx = 0; dx < 16; dx++) if (px(x(60) + dx, top + 5) == hatch) hatched++;
        assertThat(hatched).isEqualTo(2); // one line in 8 columns
    }

    @Test
    void aFaultEpochShadesItsSpanInEveryLaneButNotTheBars() {
        showSmallHistory();
        double between = AXIS_H + LANE_H + 2; // lane 1 (unshaded), above its bars
        assertThat(px(x(120), between)).isEqualTo(BarRaster.over(HistoryCanvas.EPOCH_PX, HistoryCanvas.WHITE_PX));
        assertThat(px(x(120), AXIS_H + 2)).isEqualTo(BarRaster.over(HistoryCanvas.EPOCH_PX, HistoryCanvas.LANE_SHADE_PX));
        assertThat(px(x(95), between)).isEqualTo(HistoryCanvas.WHITE_PX);
        assertThat(px(x(120), barTop(1) + 4)).isEqualTo(HistoryCanvas.OK_FILL_PX);
    }

    @Test
    void labelsAndTheSelectionArePainted() {
        showSmallHistory();
        // the ok bar's label, and the gutter's "process p0": dark text pixels where the fill would be
        assertThat(darkest(x(0) + 3, barTop(0) + 3, 30, BAR_H - 6)).isLessThan(120);
        assertThat(darkest(6, AXIS_H + 8, GUTTER - 12, LANE_H - 16)).isLessThan(120);
        int ok = OnFx.call(() -> canvas.history().indexOf("ok"));
        OnFx.run(() -> canvas.select(ok, false));
        assertThat(px(x(20), barTop(0) - 2)).isEqualTo(0xff000000);
    }

    @Test
    void rasterTextIsJavaFxsGlyphsAtTheirAdvances() {
        double[] w = OnFx.call(() -> {
            RasterText t = RasterText.of(Font.font("System", 11), 1);
            javafx.scene.text.Text node = new javafx.scene.text.Text("process 12 → ok");
            node.setFont(Font.font("System", 11));
            return new double[] {t.width("process 12 → ok"), node.getLayoutBounds().getWidth()};
        });
        assertThat(w[0]).isCloseTo(w[1], org.assertj.core.data.Offset.offset(1.5));
    }

    @Test
    void atARenderScaleOfTwoShapesAndTextTakeTwiceThePixels() {
        int[][] ink = OnFx.call(() -> {
            int[][] out = new int[2][];
            for (int s = 1; s <= 2; s++) {
                BarRaster r = new BarRaster();
                r.begin(200, 40, s, HistoryCanvas.WHITE_PX, false);
                r.box(10, 5, 30, 10, 1, HistoryCanvas.OK_LINE_PX, HistoryCanvas.OK_FILL_PX);
                RasterText.of(Font.font("System", 11), s).draw(r, "process 12", 60, 20, 0xff000000, 1000);
                int minX = Integer.MAX_VALUE;
                int maxX = -1;
                for (int y = 0; y < r.height(); y++) {
                    for (int x = 50 * s; x < r.width(); x++) {
                        if (r.pixel(x, y) != HistoryCanvas.WHITE_PX) {
                            minX = Math.min(minX, x);
                            maxX = Math.max(maxX, x);
                        }
                    }
                }
                out[s - 1] = new int[] {r.width(), r.pixel(10 * s, 5 * s), r.pixel(10 * s + s - 1, 5 * s + s - 1),
                        r.pixel(10 * s + s, 5 * s + s), maxX - minX};
            }
            return out;
        });
        assertThat(ink[1][0]).isEqualTo(400);
        // the outline is one view pixel, two device pixels, thick
        assertThat(ink[1][1]).isEqualTo(HistoryCanvas.OK_LINE_PX);
        assertThat(ink[1][2]).isEqualTo(HistoryCanvas.OK_LINE_PX);
        assertThat(ink[1][3]).isEqualTo(HistoryCanvas.OK_FILL_PX);
        assertThat(ink[0][2]).isEqualTo(HistoryCanvas.OK_LINE_PX);
        assertThat(ink[0][3]).isEqualTo(HistoryCanvas.OK_FILL_PX);
        assertThat((double) ink[1][4]).isCloseTo(2.0 * ink[0][4], org.assertj.core.data.Offset.offset(4.0));
    }

    @Test
    void blendingAndRounding() {
        assertThat(BarRaster.over(0x80ffffff, 0xff000000)).isEqualTo(0xff808080);
        assertThat(BarRaster.over(0xff123456, 0xffabcdef)).isEqualTo(0xff123456);
        assertThat(BarRaster.over(0x00123456, 0xffabcdef)).isEqualTo(0xffabcdef);
        for (int v = 0; v <= 255 * 255 + 127; v++) assertThat(BarRaster.div255(v)).isEqualTo(v / 255);
        assertThat(BarRaster.edge(2.49)).isEqualTo(2);
        assertThat(BarRaster.edge(2.5)).isEqualTo(3);
        assertThat(BarRaster.edge(-0.6)).isEqualTo(-1);
        assertThat(BarRaster.argb(Color.rgb(1, 2, 3, 0.5))).isEqualTo(0x80010203);
    }

    /** The darkest channel value in a rectangle of the frame. */
    private int darkest(double x, double y, double w, double h) {
        return OnFx.call(() -> {
            int min = 255;
            for (int j = (int) y; j < y + h; j++) {
                for (int i = (int) x; i < x + w; i++) {
                    int p = canvas.pixel(i, j);
                    min = Math.min(min, Math.min((p >> 16) & 0xff, Math.min((p >> 8) & 0xff, p & 0xff)));
                }
            }
            return min;
        });
    }
}
