package dev.falsify.app.ui.spacetime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The space-time diagram from the keyboard (issue 34): Down, PageDown, End, Up, PageUp and Home scroll
 * it and never switch the document tab it sits in; "Jump to the monitor's failure" brings the
 * monitor's failing change into view; arrow labels that would overlap are left out, not piled up.
 */
@ExtendWith(ApplicationExtension.class)
class SpaceTimeKeysFxTest {
    private SpaceTimeView view;
    private TabPane tabs;

    @Start
    void start(Stage stage) {
        view = new SpaceTimeView();
        tabs = new TabPane(new Tab("space-time", view), new Tab("other document"));
        stage.setScene(new Scene(tabs, 900, 500));
        stage.show();
        view.show(events(300));
    }

    private static MessageEvent ev(int seq, MessageEventKind k, String msg, String src, String dst, String type, String note) {
        return new MessageEvent(seq, k, msg, seq * 1000L, 0, "p1", 1, "upstream", src, dst, type, "", "s", 0, 10,
                "{\"type\":\"" + type + "\"}", Map.of(), note);
    }

    /** {@code n} messages n1 → n2 / n2 → n3 sent and delivered, the monitor failing near the end. */
    static List<MessageEvent> events(int n) {
        List<MessageEvent> out = new ArrayList<>();
        int seq = 0;
        for (int i = 0; i < n; i++) {
            String src = i % 2 == 0 ? "n1" : "n2";
            String dst = i % 2 == 0 ? "n2" : "n3";
            out.add(ev(seq++, MessageEventKind.SEND, "p1#" + i, src, dst, "Append", ""));
            out.add(ev(seq++, MessageEventKind.DELIVER, "p1#" + i, src, dst, "Append", ""));
            if (i == n - 20) out.add(ev(seq++, MessageEventKind.STATE, "", "", "", "", "early ack \u2014 failure"));
        }
        return out;
    }

    private int first() {
        return OnFx.call(() -> view.firstVisibleRow());
    }

    @Test
    void keysScrollTheDiagramAndLeaveTheTabsAlone(FxRobot robot) {
        robot.clickOn("#space-time-canvas");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(OnFx.call(() -> view.getScene().getFocusOwner() == view.lookup("#space-time-canvas"))).isTrue();
        assertThat(first()).isZero();
        robot.type(KeyCode.DOWN);
        assertThat(first()).isEqualTo(1);
        robot.type(KeyCode.PAGE_DOWN);
        int afterPage = first();
        assertThat(afterPage).isGreaterThan(10);
        robot.type(KeyCode.END);
        int end = first();
        assertThat(end).isGreaterThan(afterPage);
        robot.type(KeyCode.PAGE_UP);
        assertThat(first()).isLessThan(end);
        robot.type(KeyCode.UP);
        robot.type(KeyCode.HOME);
        assertThat(first()).isZero();
        assertThat(OnFx.call(() -> tabs.getSelectionModel().getSelectedIndex())).isZero();
    }

    @Test
    void jumpToTheMonitorsFailureShowsItsRow() {
        int failRow = OnFx.call(() -> view.model().states().stream().filter(SpaceTimeModel.StateMark::terminalFailure)
                .findFirst().orElseThrow().row());
        assertThat(OnFx.call(() -> view.jumpToFailure())).isTrue();
        assertThat(OnFx.call(() -> view.cursorRow())).isEqualTo(failRow);
        int top = first();
        assertThat(failRow).isGreaterThanOrEqualTo(top).isLessThan(top + 20);
    }

    @Test
    void labelsThatWouldOverlapAreLeftOut() {
        // messages crossing each other: a n1 → n2 sent, b n2 → n1 sent, b arrives, a arrives; both labels at one spot
        List<MessageEvent> crossing = new ArrayList<>();
        int seq = 0;
        for (int i = 0; i < 20; i++) {
            crossing.add(ev(seq++, MessageEventKind.SEND, "a" + i, "n1", "n2", "Append", ""));
            crossing.add(ev(seq++, MessageEventKind.SEND, "b" + i, "n2", "n1", "Append", ""));
            crossing.add(ev(seq++, MessageEventKind.DELIVER, "b" + i, "n2", "n1", "Append", ""));
            crossing.add(ev(seq++, MessageEventKind.DELIVER, "a" + i, "n1", "n2", "Append", ""));
        }
        OnFx.run(() -> view.show(crossing));
        int[] counts = OnFx.call(() -> view.labelCounts());
        assertThat(counts[0]).isPositive();
        assertThat(counts[1]).isPositive();
    }
}
