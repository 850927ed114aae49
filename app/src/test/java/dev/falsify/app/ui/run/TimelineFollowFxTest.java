package dev.falsify.app.ui.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import dev.falsify.runner.events.RunEvent;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Follow live follows the running seed down the lanes, not only in time (issue 34, Major 2): with
 * finished seeds on top and the running one below the fold, its lanes come into view; after the
 * run the view stays on the last seed's lanes; a replay's fit before layout is not a 1-pixel fit.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineFollowFxTest {
    static final long T0 = System.currentTimeMillis() - 30_000;
    private TimelineModel model;
    private TimelineView view;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        model = new TimelineModel();
        for (int s = 1; s <= 3; s++) {
            String seed = "S" + s + "-1";
            long at = T0 + (s - 1) * 8_000L;
            model.accept(new RunEvent.ScenarioStarted(at, seed, 1));
            for (int p = 1; p <= 5; p++) model.accept(new RunEvent.ProcessStarted(at + 10L * p, seed, "n" + p, 100 + p, "./n"));
            if (s < 3) model.accept(new RunEvent.ScenarioEnded(at + 7_000, seed, "clean", ""));
        }
        view = new TimelineView(model);
        // 26 px axis + 8 lanes of 22 px and a bar: the third seed's lanes (12 to 17) start below the fold
        stage.setScene(new Scene(view, 900, 26 + 30 + 22 * 8));
        stage.show();
        view.setLive(true);
    }

    private int running() {
        return OnFx.call(() -> model.seedLaneIndex("S3-1"));
    }

    @Test
    void followLiveScrollsTheLanesToTheRunningSeed() throws Exception {
        assertThat(OnFx.call(() -> view.followBox().isSelected())).isTrue();
        int top = running();
        assertThat(top).isEqualTo(12);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> OnFx.call(() -> view.firstLane() <= top
                && top + 6 <= view.firstLane() + view.lanesInView()));
        // the run ends: the last seed's lanes stay on screen (they are the ones with something to read)
        OnFx.run(() -> {
            model.accept(new RunEvent.ScenarioEnded(T0 + 23_000, "S3-1", "violation", ""));
            view.setLive(false);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(100);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(OnFx.call(() -> view.firstLane())).isLessThanOrEqualTo(top);
        assertThat(OnFx.call(() -> view.firstLane() + view.lanesInView())).isGreaterThan(top);
    }

    @Test
    void scrollingTheLanesByHandStopsFollowing() throws Exception {
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> OnFx.call(() -> view.firstLane() > 0));
        OnFx.run(() -> {
            for (var n : view.lookupAll(".scroll-bar")) ((javafx.scene.control.ScrollBar) n).setValue(0);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(100);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(OnFx.call(() -> view.followBox().isSelected())).isFalse();
        assertThat(OnFx.call(() -> view.firstLane())).isZero();
    }

    @Test
    void aFitAskedBeforeLayoutFitsTheRunOnceTheCanvasHasAWidth() throws Exception {
        TimelineView[] replay = new TimelineView[1];
        OnFx.run(() -> {
            TimelineView v = new TimelineView(model);
            v.setLive(false);
            v.fit(); // as RunTab.replay does, before the tab is shown
            stage.setScene(new Scene(v, 900, 300));
            replay[0] = v;
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> OnFx.call(() -> replay[0].visibleRange()[1] > replay[0].visibleRange()[0]
                && replay[0].canvas().getWidth() > 800));
        Thread.sleep(100);
        WaitForAsyncUtils.waitForFxEvents();
        double[] r = OnFx.call(() -> replay[0].visibleRange());
        double runMs = OnFx.call(() -> (double) (model.end() - model.start()));
        // the whole run and a margin, not 40 s per pixel
        assertThat(r[1] - r[0]).isBetween(runMs, runMs * 1.3);
    }
}
