package dev.falsify.app.ui.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.app.ui.OnFx;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What a frame draws is exactly what is in view (issue 34, Major 1): the ops a frame visits equal a
 * brute-force count of the ops whose bar meets the viewport, at every zoom, pan and lane scroll and
 * with a filter; the stepper's points are drawn one by one only while few are in view, otherwise as
 * ticks, and never over the middle of a bar (where its label is).
 */
@ExtendWith(ApplicationExtension.class)
class HistoryCullingFxTest {
    private static final long MS = 1_000_000;
    private HistoryCanvas canvas;
    private HistoryLayout layout;

    @Start
    void start(Stage stage) {
        canvas = new HistoryCanvas();
        stage.setScene(new Scene(canvas, 900, 400));
        stage.show();
    }

    /** 24 processes, 6,000 ops of random lengths (some open-ended), on one key. */
    private void show() {
        Random rnd = new Random(7);
        List<Op> ops = new ArrayList<>();
        long[] clock = new long[24];
        for (int i = 0; i < 6000; i++) {
            int p = rnd.nextInt(24);
            long inv = clock[p] + rnd.nextInt(3) * MS / 4;
            long dur = MS / 10 + rnd.nextInt(20) * MS / 5;
            boolean open = rnd.nextInt(200) == 0;
            clock[p] = inv + dur;
            ops.add(new Op("o" + i, "p" + p, inv, open ? null : inv + dur, "write", "k", IntNode.valueOf(i), NullNode.instance,
                    null, open, null, null, 0));
        }
        layout = HistoryLayout.of(new History("t", HistoryFormat.JSONL, ops), Map.of());
        OnFx.run(() -> canvas.show(layout));
    }

    /** Ops whose bar overlaps the time range on screen, on a lane at least partly on screen, not filtered out. */
    private int expectedInView() {
        return OnFx.call(() -> {
            double from = canvas.viewFrom();
            double to = from + canvas.viewSpan();
            int firstLane = (int) Math.floor(canvas.laneScroll() / HistoryCanvas.LANE_H);
            int lastLane = (int) Math.floor((canvas.laneScroll() + canvas.getHeight() - HistoryCanvas.AXIS_H) / HistoryCanvas.LANE_H);
            int n = 0;
            for (int op = 0; op < layout.size(); op++) {
                if (!canvas.isShown(op)) continue;
                if (layout.lane(op) < firstLane || layout.lane(op) > lastLane) continue;
                if (layout.startMs(op) <= to && layout.drawnEndMs(op) >= from) n++;
            }
            return n;
        });
    }

    @Test
    void aFrameVisitsExactlyTheOpsInView() {
        show();
        Random rnd = new Random(3);
        for (int i = 0; i < 40; i++) {
            int k = i % 4;
            OnFx.run(() -> {
                double full = layout.axis().spanMs();
                if (k == 0) {
                    double span = full / Math.pow(10, rnd.nextInt(4));
                    double from = rnd.nextDouble() * (full - span);
                    canvas.zoomTo(from, from + span);
                } else if (k == 1) {
                    canvas.pan(canvas.viewSpan() * (rnd.nextBoolean() ? 0.3 : -0.3));
                } else if (k == 2) {
                    canvas.scrollLanesTo(rnd.nextInt(16) * HistoryCanvas.LANE_H);
                } else {
                    int keep = rnd.nextInt(3);
                    canvas.setFilter(op -> op % 3 != keep);
                }
            });
            int drawn = OnFx.call(() -> canvas.drawnOps());
            assertThat(drawn).as("step %d", i).isEqualTo(expectedInView());
        }
        OnFx.run(() -> canvas.setFilter(op -> true));
        OnFx.run(canvas::fit);
        // everything on the visible lanes is in view at "Fit"; the lanes below are not drawn
        assertThat(OnFx.call(() -> canvas.drawnOps())).isEqualTo(expectedInView()).isLessThan(layout.size());
    }

    @Test
    void manyStepsInViewAreTicksAndFewAreNumberedPointsAboveTheBars() {
        show();
        int[] order = new int[layout.size()];
        Integer[] byStart = new Integer[layout.size()];
        for (int i = 0; i < byStart.length; i++) byStart[i] = i;
        java.util.Arrays.sort(byStart, java.util.Comparator.comparingDouble(layout::startMs));
        for (int i = 0; i < order.length; i++) order[i] = byStart[i];
        OnFx.run(() -> {
            canvas.setSteps(order, 0, Map.of());
            canvas.fit();
        });
        // 6,000 points at "Fit": not 6,000 circles over the bars
        assertThat(OnFx.call(() -> canvas.denseSteps())).isTrue();
        assertThat(OnFx.call(() -> canvas.stepsDrawn())).isZero();
        // zoomed in to a few ops: each point in view drawn, on the top edge of its bar
        OnFx.run(() -> canvas.zoomTo(layout.startMs(order[100]), layout.startMs(order[100]) + 2));
        int drawn = OnFx.call(() -> canvas.stepsDrawn());
        assertThat(OnFx.call(() -> canvas.denseSteps())).isFalse();
        assertThat(drawn).isPositive().isLessThanOrEqualTo((int) (900 / HistoryCanvas.STEP_PX) + 2);
        double[] bounds = OnFx.call(() -> canvas.stepMarkerBounds(order[100]));
        double barTop = OnFx.call(() -> canvas.centreOf(order[100])[1]) - HistoryCanvas.BAR_H / 2;
        // the marker reaches at most 4 px into the bar: the label, at the bar's middle, stays readable
        assertThat(bounds[3]).isLessThanOrEqualTo(barTop + 4);
    }
}
