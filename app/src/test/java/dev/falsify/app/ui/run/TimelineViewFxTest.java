package dev.falsify.app.ui.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.falsify.app.ui.OnFx;
import dev.falsify.runner.events.RunEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.event.Event;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.ScrollEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The timeline's pointer work headless: hover shows the event's fields, wheel zoom, the context menu. */
@ExtendWith(ApplicationExtension.class)
class TimelineViewFxTest {
    static final long T0 = 1_764_000_000_000L;
    private TimelineView view;
    private RunEvent.LogMarker error;
    private final List<TimelineModel.Marker> opened = new ArrayList<>();
    private final List<String> logsShown = new ArrayList<>();

    @Start
    void start(Stage stage) {
        TimelineModel model = new TimelineModel();
        error = new RunEvent.LogMarker(T0 + 2_000, "S1-1", "n1", "out", 7, "marker", "ERROR boom on op 12");
        for (RunEvent e : List.of(
                new RunEvent.ScenarioStarted(T0, "S1-1", 1),
                new RunEvent.ProcessStarted(T0 + 100, "S1-1", "n1", 42, "./n1 --port 0"),
                error,
                new RunEvent.FaultInjected(T0 + 3_000, "S1-1", "partition-0", "partition", "proxy p12", "drop"),
                new RunEvent.LandingChecked(T0 + 3_500, "S1-1", "partition-0", true, "1/1 connections hit"),
                new RunEvent.FaultHealed(T0 + 5_000, "S1-1", "partition-0", ""),
                new RunEvent.ScenarioEnded(T0 + 8_000, "S1-1", "clean", ""))) {
            model.accept(e);
        }
        view = new TimelineView(model);
        view.setOnMarker(opened::add);
        view.setOnProcessLog((seed, process) -> logsShown.add(seed + "/" + process));
        stage.setScene(new Scene(view, 900, 300));
        stage.show();
        view.setLive(false);
        view.fit();
    }

    private TimelineModel.Marker errorMarker() {
        return OnFx.call(() -> view.model().lanes().stream().flatMap(l -> l.markers().stream())
                .filter(m -> m.event() == error).findFirst().orElseThrow());
    }

    @Test
    void hoveringAMarkerShowsEveryFieldOfItsEvent(FxRobot robot) throws Exception {
        double[] at = OnFx.call(() -> view.positionOf(errorMarker()));
        Point2D screen = OnFx.call(() -> view.canvas().localToScreen(at[0], at[1]));
        robot.moveTo(screen.add(20, 0)).moveTo(screen);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> OnFx.call(() -> view.hoverTip().isShowing()));
        String text = OnFx.call(() -> view.hoverTip().getText());
        assertThat(text).startsWith("log-marker").contains("scenario: S1-1", "process: n1", "stream: out", "lineNo: 7",
                "marker: marker", "text: ERROR boom on op 12", "atMs: " + java.time.Instant.ofEpochMilli(T0 + 2_000));
        // over the fault band, away from any marker: the injection and its landing reading
        double bx = OnFx.call(() -> view.xOf(T0 + 4_200));
        Point2D band = OnFx.call(() -> view.canvas().localToScreen(bx, TimelineView.AXIS + TimelineView.LANE * 1.5));
        robot.moveTo(band);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> OnFx.call(() -> view.hoverTip().getText().startsWith("fault-injected")));
        assertThat(OnFx.call(() -> view.hoverTip().getText())).contains("fault: partition-0", "target: proxy p12",
                "\n\nlanding\n", "landed: true", "evidence: 1/1 connections hit");
        // nothing under the pointer: no tip
        Point2D empty = OnFx.call(() -> view.canvas().localToScreen(view.xOf(T0 + 7_000), TimelineView.AXIS + TimelineView.LANE * 1.5));
        robot.moveTo(empty);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> OnFx.call(() -> !view.hoverTip().isShowing()));
    }

    private void wheel(double x, double deltaY) {
        Point2D p = OnFx.call(() -> view.canvas().localToScene(x, 100)); // an event's x, y are the scene's
        OnFx.run(() -> Event.fireEvent(view.canvas(), new ScrollEvent(ScrollEvent.SCROLL, p.getX(), p.getY(), p.getX(), p.getY(), false, false, false, false,
                false, false, 0, deltaY, 0, deltaY, ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null)));
    }

    @Test
    void theWheelZoomsAroundThePointerKeepingTheTimeUnderItFixed() {
        for (double x : new double[] {TimelineView.LABELS + 37, 480, 871}) {
            double before = OnFx.call(() -> view.timeAt(x));
            double[] range = OnFx.call(view::visibleRange);
            wheel(x, 40); // in
            assertThat(OnFx.call(() -> view.timeAt(x))).isCloseTo(before, within(1e-3));
            double[] in = OnFx.call(view::visibleRange);
            assertThat(in[1] - in[0]).isCloseTo((range[1] - range[0]) / 1.25, within(1e-3 * (range[1] - range[0])));
            wheel(x, -80); // out, twice as far
            assertThat(OnFx.call(() -> view.timeAt(x))).isCloseTo(before, within(1e-3));
            double[] out = OnFx.call(view::visibleRange);
            assertThat(out[1] - out[0]).isCloseTo((range[1] - range[0]) * 1.25, within(1e-3 * (range[1] - range[0])));
        }
        // over the lane labels the zoom holds the first time shown
        double first = OnFx.call(() -> view.timeAt(TimelineView.LABELS));
        wheel(20, 40);
        assertThat(OnFx.call(() -> view.timeAt(TimelineView.LABELS))).isCloseTo(first, within(1e-3));
    }

    private static MenuItem item(ContextMenu m, String id) {
        return m.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow(() -> new AssertionError("no " + id));
    }

    @Test
    void theContextMenuOnAMarkerOpensItsLineAndCopiesTheEvent() {
        TimelineModel.Marker m = errorMarker();
        double[] at = OnFx.call(() -> view.positionOf(m));
        ContextMenu menu = OnFx.call(() -> view.contextMenuAt(at[0], at[1]));
        assertThat(menu.getItems().stream().map(MenuItem::getText).filter(t -> t != null).toList())
                .containsExactly("Open log line", "Copy event", "Show this process's log", "Zoom to fault window (partition-0)", "Follow live");
        OnFx.run(() -> item(menu, "timeline-menu-open-line").fire());
        assertThat(opened).containsExactly(m);
        OnFx.run(() -> item(menu, "timeline-menu-copy-event").fire());
        assertThat(OnFx.call(() -> Clipboard.getSystemClipboard().getString())).isEqualTo(TimelineView.fields(error))
                .contains("lineNo: 7", "text: ERROR boom on op 12");
        // a marker that came from no log line has nothing to open
        TimelineModel.Marker start = OnFx.call(() -> view.model().lanes().get(0).markers().get(0));
        double[] s = OnFx.call(() -> view.positionOf(start));
        assertThat(item(OnFx.call(() -> view.contextMenuAt(s[0], s[1])), "timeline-menu-open-line").isDisable()).isTrue();
    }

    @Test
    void theContextMenuOnALaneShowsItsLogZoomsToTheFaultWindowAndFollowsLive() {
        double y = TimelineView.AXIS + TimelineView.LANE * 1.5; // the n1 lane
        double x = OnFx.call(() -> view.xOf(T0 + 6_500)); // after the band, no marker
        ContextMenu menu = OnFx.call(() -> view.contextMenuAt(x, y));
        assertThat(menu.getItems().stream().map(MenuItem::getText).toList())
                .containsExactly("Show this process's log", "Zoom to fault window (partition-0)", "Follow live");
        OnFx.run(() -> item(menu, "timeline-menu-process-log").fire());
        assertThat(logsShown).containsExactly("S1-1/n1");
        OnFx.run(() -> item(menu, "timeline-menu-zoom-fault").fire());
        double[] r = OnFx.call(view::visibleRange);
        assertThat(r[0]).isCloseTo(T0 + 3_000 - 200, within(1.0));
        assertThat(r[1]).isCloseTo(T0 + 5_000 + 200, within(1.0));
        CheckMenuItem follow = (CheckMenuItem) item(menu, "timeline-menu-follow");
        assertThat(follow.isSelected()).isFalse();
        OnFx.run(() -> {
            follow.setSelected(true);
            follow.fire();
        });
        assertThat(OnFx.call(() -> view.followBox().isSelected())).isTrue();
        // the seed's own lane offers the seed's log; outside the lanes there is no menu
        ContextMenu seed = OnFx.call(() -> view.contextMenuAt(x, TimelineView.AXIS + 3));
        assertThat(item(seed, "timeline-menu-process-log").getText()).isEqualTo("Show this seed's log");
        assertThat(OnFx.call(() -> view.contextMenuAt(x, 5))).isNull();
        assertThat(OnFx.call(() -> view.contextMenuAt(x, 290))).isNull();
    }

    @Test
    void aRightClickOpensTheMenuAndDoesNotOpenTheMarker(FxRobot robot) {
        double[] at = OnFx.call(() -> view.positionOf(errorMarker()));
        Point2D screen = OnFx.call(() -> view.canvas().localToScreen(at[0], at[1]));
        robot.rightClickOn(screen);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(opened).as("a secondary click is no click on the marker").isEmpty();
        // headless Monocle turns no button into a context-menu request: deliver the one GTK would
        Point2D scene = OnFx.call(() -> view.canvas().localToScene(at[0], at[1])); // the event's x, y are the scene's
        OnFx.run(() -> Event.fireEvent(view.canvas(), new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                scene.getX(), scene.getY(), screen.getX(), screen.getY(), false, null)));
        ContextMenu shown = OnFx.call(view::shownMenu);
        assertThat(shown).as("the request opened the marker's menu").isNotNull();
        assertThat(shown.getItems().get(0).getText()).isEqualTo("Open log line");
        OnFx.run(shown::hide);
    }

    private static final int BAR = 0xff7aa6d8; // a process's lifetime bar

    /** The canvas as drawn, ARGB per pixel. */
    private static javafx.scene.image.PixelReader pixels(TimelineView v) {
        return OnFx.call(() -> v.canvas().snapshot(null, null).getPixelReader());
    }

    @Test
    void aBandsLandingReadingIsDrawnOverTheProcessBarsNotUnderThem() {
        // the reading is written on the n1 lane, across its bar: the bar used to be drawn over it
        double x0 = OnFx.call(() -> view.xOf(T0 + 3_000)) + 3;
        int y = (int) (TimelineView.AXIS + TimelineView.LANE + 10); // the bar's rows, through the text
        var px = pixels(view);
        int bar = 0;
        int n = 0;
        for (int x = (int) x0 + 1; x < x0 + 100; x++, n++) if (px.getArgb(x, y) == BAR) bar++;
        assertThat(bar).as("pixels of the reading's strip left the bar's colour").isLessThan(n / 10);
        // beside the band the bar is drawn as such (the check above sees the bar's colour when it is there)
        int plain = 0;
        double xa = OnFx.call(() -> view.xOf(T0 + 6_000));
        for (int x = (int) xa; x < xa + 20; x++) if (px.getArgb(x, y) == BAR) plain++;
        assertThat(plain).isGreaterThanOrEqualTo(15); // a tick's grid line may cross it
    }

    /** A live view of these events, following live, in a window of its own, 900 px wide. */
    private static TimelineView liveView(RunEvent... events) {
        return OnFx.call(() -> {
            TimelineModel m = new TimelineModel();
            for (RunEvent e : events) m.accept(e);
            TimelineView v = new TimelineView(m);
            Stage s = new Stage();
            s.setScene(new Scene(v, 900, 200));
            s.show();
            v.setLive(true);
            return v;
        });
    }

    @Test
    void whileLiveARunningProcessIsDrawnUpToNowNotToItsLastEvent() {
        long now = System.currentTimeMillis();
        TimelineView live = liveView(new RunEvent.ScenarioStarted(now - 12_000, "S1-1", 1),
                new RunEvent.ProcessStarted(now - 11_000, "S1-1", "n1", 42, "./n1"),
                new RunEvent.ProcessReady(now - 10_000, "S1-1", "n1", "log line", 900));
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        int y = (int) (TimelineView.AXIS + TimelineView.LANE + 11);
        double x = OnFx.call(() -> live.xOf(now - 1_000)); // ten seconds after its last event, still running
        assertThat(x).isBetween(TimelineView.LABELS, 890.0);
        assertThat(pixels(live).getArgb((int) x, y)).as("the n1 bar at now - 1 s").isEqualTo(BAR);
        // ended: drawn to its end only
        OnFx.run(() -> {
            live.model().accept(new RunEvent.ProcessEnded(now - 5_000, "S1-1", "n1", 42, 0, null, "exit"));
            live.setLive(false);
        });
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        double after = OnFx.call(() -> live.xOf(now - 4_000));
        if (after < 890) assertThat(pixels(live).getArgb((int) after, y)).isNotEqualTo(BAR);
        OnFx.run(() -> live.getScene().getWindow().hide());
    }

    @Test
    void atARunsStartTheBarsKeepGrowingWhileTheNewestTimeIsInsideTheFollowedView() {
        long now = System.currentTimeMillis();
        TimelineView live = liveView(new RunEvent.ScenarioStarted(now - 400, "S1-1", 1),
                new RunEvent.ProcessStarted(now - 300, "S1-1", "n1", 42, "./n1"));
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        // the view spans far more than the run so far: it follows live but does not move
        double start = OnFx.call(() -> live.xOf(now - 300));
        double later = OnFx.call(() -> live.xOf(now + 1_500));
        assertThat(later - start).as("pixels between now - 0.3 s and now + 1.5 s").isGreaterThan(10);
        assertThat(later).isLessThan(850.0);
        int y = (int) (TimelineView.AXIS + TimelineView.LANE + 11);
        assertThat(pixels(live).getArgb((int) later, y)).as("not drawn yet: the future").isNotEqualTo(BAR);
        WaitForAsyncUtils.sleep(2_200, TimeUnit.MILLISECONDS);
        assertThat(OnFx.call(() -> live.xOf(now + 1_500))).as("the view did not move").isEqualTo(later);
        assertThat(pixels(live).getArgb((int) later, y)).as("the n1 bar grew to now + 1.5 s").isEqualTo(BAR);
        OnFx.run(() -> live.getScene().getWindow().hide());
    }

    @Test
    void aFollowedLiveViewTurnsAPageWhenTheNewestTimeReachesItsEdgeAndStandsOtherwise() {
        long now = System.currentTimeMillis();
        TimelineView live = liveView(new RunEvent.ScenarioStarted(now - 60_000, "S1-1", 1),
                new RunEvent.ProcessStarted(now - 59_000, "S1-1", "n1", 42, "./n1"));
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        // a minute of run in a view of about sixteen seconds: the page turned, the newest time sits at a third
        double x = OnFx.call(() -> live.xOf(System.currentTimeMillis()));
        double third = TimelineView.LABELS + (900 - TimelineView.LABELS) / 3.0;
        assertThat(x).isBetween(third - 40, third + 40);
        // and the view stands while the newest time is inside it
        double start = OnFx.call(() -> live.xOf(now));
        WaitForAsyncUtils.sleep(1_500, TimeUnit.MILLISECONDS);
        assertThat(OnFx.call(() -> live.xOf(now))).isEqualTo(start);
        OnFx.run(() -> live.getScene().getWindow().hide());
    }

    @Test
    void aProcessEndedByStopOrTeardownIsNotMarkedAsAFailure() {
        assertThat(TimelineView.abnormal(new RunEvent.ProcessEnded(1, "S1-1", "n1", 1, 143, "TERM", "cancel"))).isFalse();
        assertThat(TimelineView.abnormal(new RunEvent.ProcessEnded(1, "S1-1", "n1", 1, 143, null, "cancel"))).isFalse();
        assertThat(TimelineView.abnormal(new RunEvent.ProcessEnded(1, "S1-1", "n1", 1, 143, "TERM", "teardown"))).isFalse();
        assertThat(TimelineView.abnormal(new RunEvent.ProcessEnded(1, "S1-1", "n1", 1, 0, null, "exit"))).isFalse();
        assertThat(TimelineView.abnormal(new RunEvent.ProcessEnded(1, "S1-1", "n1", 1, 3, null, "exit"))).isTrue();
        assertThat(TimelineView.abnormal(new RunEvent.ProcessEnded(1, "S1-1", "n1", 1, 137, "KILL", "fault"))).isTrue();
    }

    @Test
    void dragPansAndLeavesFollowLiveShiftDragZoomsToTheRange(FxRobot robot) {
        OnFx.run(() -> view.followBox().setSelected(true));
        double before = OnFx.call(() -> view.visibleRange()[0]);
        double y = TimelineView.AXIS + TimelineView.LANE * 2.5; // below the lanes' markers
        Point2D from = OnFx.call(() -> view.canvas().localToScreen(600, y));
        robot.drag(from).moveBy(-50, 0).moveBy(-50, 0).release(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(OnFx.call(() -> view.followBox().isSelected())).as("panning away ends Follow live").isFalse();
        double ms = OnFx.call(() -> view.timeAt(1) - view.timeAt(0));
        assertThat(OnFx.call(() -> view.visibleRange()[0])).isCloseTo(before + 100 * ms, within(2 * ms));
        // Shift+drag from one time to another shows exactly that range
        double a = OnFx.call(() -> view.timeAt(300));
        double b = OnFx.call(() -> view.timeAt(500));
        robot.press(javafx.scene.input.KeyCode.SHIFT);
        robot.drag(OnFx.call(() -> view.canvas().localToScreen(300, y))).moveBy(100, 0).moveBy(100, 0)
                .release(javafx.scene.input.MouseButton.PRIMARY);
        robot.release(javafx.scene.input.KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        double[] r = OnFx.call(view::visibleRange);
        assertThat(r[0]).isCloseTo(a, within(2 * ms));
        assertThat(OnFx.call(() -> view.timeAt(view.canvas().getWidth()))).isCloseTo(b, within(2 * ms));
        assertThat(opened).as("a drag opens no marker").isEmpty();
    }

    @Test
    void theTimeAxisLabelsItsTicksAsAClockWouldToTheStepsPrecision() {
        assertThat(TimelineView.tickLabel(0, 2_000)).isEqualTo("0");
        assertThat(TimelineView.tickLabel(0, 50)).isEqualTo("0");
        assertThat(TimelineView.tickLabel(250, 50)).isEqualTo("250 ms");
        assertThat(TimelineView.tickLabel(1_500, 500)).isEqualTo("1.5 s");
        assertThat(TimelineView.tickLabel(12_000, 2_000)).isEqualTo("12 s");
        assertThat(TimelineView.tickLabel(70_000, 10_000)).isEqualTo("1:10");
        assertThat(TimelineView.tickLabel(65_500, 500)).isEqualTo("1:05.5");
        assertThat(TimelineView.tickLabel(3_600_000, 600_000)).isEqualTo("60:00");
        assertThat(TimelineView.niceStep(90 * 94)).isEqualTo(10_000); // 9.4 s per 100 px: a tick every 10 s
    }
}
