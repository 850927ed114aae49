package dev.falsify.app.ui.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The log viewer's context menu headless: copy (plain, numbered, numbers only) and filter to a process. */
@ExtendWith(ApplicationExtension.class)
class LogViewerFxTest {
    private static final double ROW = 16;
    private LogViewer viewer;

    @Start
    void start(Stage stage) {
        LiveLog log = new LiveLog();
        for (int i = 1; i <= 30; i++) log.append(i % 3 == 0 ? "S1-1 n2.out" : "S1-1 n1.out", "line " + i + (i == 9 ? " ERROR x" : ""));
        log.finish();
        viewer = new LogViewer();
        viewer.open(log);
        stage.setScene(new Scene(viewer, 800, 400));
        stage.show();
    }

    private static MenuItem item(ContextMenu m, String id) {
        return m.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow(() -> new AssertionError("no " + id));
    }

    private Point2D row(int r) {
        return OnFx.call(() -> viewer.canvas().localToScreen(200, r * ROW + ROW / 2));
    }

    private static String clipboard() {
        return OnFx.call(() -> Clipboard.getSystemClipboard().getString());
    }

    @Test
    void copiesTheSelectedLinesPlainNumberedOrAsTheirNumbers(FxRobot robot) {
        robot.clickOn(row(2));
        robot.press(KeyCode.SHIFT).clickOn(row(4)).release(KeyCode.SHIFT);
        assertThat(OnFx.call(viewer::selectedLine)).isEqualTo(4);
        // a right-click inside the selection acts on all of it
        ContextMenu menu = OnFx.call(() -> viewer.contextMenuAt(3 * ROW + 2));
        assertThat(menu.getItems().stream().map(MenuItem::getText).filter(t -> t != null).toList()).containsExactly(
                "Copy", "Copy with line numbers", "Copy line numbers", "Filter to this process (S1-1 n1.out)", "Show all processes");
        OnFx.run(() -> item(menu, "log-menu-copy").fire());
        assertThat(clipboard()).isEqualTo("line 3\nline 4\nline 5\n");
        OnFx.run(() -> item(menu, "log-menu-copy-numbered").fire());
        assertThat(clipboard()).isEqualTo("3\tS1-1 n2.out\tline 3\n4\tS1-1 n1.out\tline 4\n5\tS1-1 n1.out\tline 5\n");
        OnFx.run(() -> item(menu, "log-menu-copy-numbers").fire());
        assertThat(clipboard()).isEqualTo("3-5\n");
        assertThat(item(menu, "log-menu-all-processes").isDisable()).as("every process is shown already").isTrue();
        // outside the selection a right-click selects that row first
        ContextMenu other = OnFx.call(() -> viewer.contextMenuAt(10 * ROW + 2));
        OnFx.run(() -> item(other, "log-menu-copy").fire());
        assertThat(clipboard()).isEqualTo("line 11\n");
    }

    @Test
    void filtersToTheProcessOfTheRowAndBack() {
        ContextMenu menu = OnFx.call(() -> viewer.contextMenuAt(2 * ROW + 2)); // line 3: n2
        OnFx.run(() -> item(menu, "log-menu-only-process").fire());
        WaitForAsyncUtils.waitForFxEvents();
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> OnFx.call(() -> !viewer.filtering()));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(e);
        }
        assertThat(OnFx.call(viewer::rowCount)).isEqualTo(10);
        assertThat(OnFx.call(() -> viewer.lineOfRow(0))).as("line numbers stay the file's").isEqualTo(2);
        // with a filtered view the numbers of non-consecutive lines are listed one per line
        ContextMenu filtered = OnFx.call(() -> viewer.contextMenuAt(ROW + 2));
        assertThat(item(filtered, "log-menu-all-processes").isDisable()).isFalse();
        OnFx.run(() -> item(filtered, "log-menu-copy-numbers").fire());
        assertThat(clipboard()).isEqualTo("6\n");
        OnFx.run(() -> item(filtered, "log-menu-all-processes").fire());
        assertThat(OnFx.call(viewer::rowCount)).isEqualTo(30);
    }

    private static String status(LogViewer v) {
        return OnFx.call(() -> ((javafx.scene.control.Label) v.lookup("#log-status")).getText());
    }

    private static void waitUntil(java.util.concurrent.Callable<Boolean> c) {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> OnFx.call(c));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aLiveLogIsFollowedUntilTheUserScrollsUpAndNoLongerSaysLiveOnceTheRunEnded() {
        LiveLog live = new LiveLog();
        for (int i = 1; i <= 100; i++) live.append("S1-1 n1.out", "early " + i);
        LogViewer v = OnFx.call(() -> {
            LogViewer x = new LogViewer();
            x.open(live);
            Stage s = new Stage();
            s.setScene(new Scene(x, 700, 300));
            s.show();
            return x;
        });
        waitUntil(() -> status(v).equals("100 lines \u2014 live"));
        assertThat(OnFx.call(() -> v.followBox().isSelected())).as("a growing log starts followed").isTrue();
        // lines arrive: the newest stay in view
        for (int i = 101; i <= 500; i++) live.append("S1-1 n1.out", "later " + i);
        waitUntil(() -> v.topRow() + v.canvas().getHeight() / ROW >= 499);
        // the user scrolls up: follow ends, the view stays where the user put it
        OnFx.run(() -> javafx.event.Event.fireEvent(v.canvas(), new javafx.scene.input.ScrollEvent(javafx.scene.input.ScrollEvent.SCROLL,
                10, 10, 10, 10, false, false, false, false, false, false, 0, 160, 0, 160,
                javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0, javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null)));
        assertThat(OnFx.call(() -> v.followBox().isSelected())).isFalse();
        int top = OnFx.call(v::topRow);
        for (int i = 501; i <= 600; i++) live.append("S1-1 n1.out", "more " + i);
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        assertThat(OnFx.call(v::topRow)).isEqualTo(top);
        // the run ended: the status stops saying "live" (it kept saying so until something else repainted)
        live.finish();
        waitUntil(() -> status(v).equals("600 lines"));
        OnFx.run(() -> v.getScene().getWindow().hide());
    }

    @Test
    void aFilterThatIsNoRegularExpressionSaysSoAndKeepsTheLastOne() {
        OnFx.run(() -> viewer.patternField().setText("line 1"));
        waitUntil(() -> !viewer.filtering() && viewer.rowCount() == 11); // line 1, 10..19
        OnFx.run(() -> viewer.patternField().setText("line ([12"));
        waitUntil(() -> status(viewer).contains("filter not applied: not a regular expression (Unclosed character class"));
        assertThat(OnFx.call(viewer::rowCount)).isEqualTo(11);
        OnFx.run(() -> viewer.patternField().setText("line 2"));
        waitUntil(() -> !viewer.filtering() && viewer.rowCount() == 11 && !status(viewer).contains("not applied"));
    }
}
