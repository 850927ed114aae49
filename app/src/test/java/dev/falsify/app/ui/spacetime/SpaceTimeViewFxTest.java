package dev.falsify.app.ui.spacetime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import dev.falsify.app.ui.viewers.EvidenceKind;
import dev.falsify.app.ui.theme.ThemeSetting;
import dev.falsify.app.ui.viewers.EvidenceTab;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.model.session.MessageEventLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The space-time diagram on a small stream with every kind of event, and on a real run opened as evidence. */
@ExtendWith(ApplicationExtension.class)
class SpaceTimeViewFxTest {
    static final Path FIXTURE = Path.of("src/test/resources/dev/falsify/app/ui/spacetime/S6-1.messages.jsonl");

    @TempDir
    Path dir;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new TabPane(), 1000, 640));
        stage.show();
    }

    private static long seq;

    private static MessageEvent ev(MessageEventKind k, String msg, String type, String src, String dst, String filter, String note) {
        return new MessageEvent(seq, k, msg, seq++ * 1000, 0, "p1", 1, "upstream", src, dst, type, filter, "s", 0, 10,
                "{\"type\":\"" + type + "\",\"n\":" + seq + "}", Map.of(), note);
    }

    /** Vote dropped, Append delayed, Ack duplicated, Commit held and released; a monitor change to failure. */
    static List<MessageEvent> stream() {
        seq = 0;
        List<MessageEvent> out = new ArrayList<>();
        out.add(ev(MessageEventKind.SEND, "p1#1", "Vote", "n1", "n2", "", ""));
        out.add(ev(MessageEventKind.DROP, "p1#1", "Vote", "n1", "n2", "lose-vote", ""));
        out.add(ev(MessageEventKind.SEND, "p1#2", "Append", "n2", "n3", "", ""));
        out.add(ev(MessageEventKind.DELAY, "p1#2", "Append", "n2", "n3", "slow", ""));
        out.add(ev(MessageEventKind.SEND, "p1#3", "Ack", "n3", "n2", "", ""));
        out.add(ev(MessageEventKind.DUPLICATE, "p1#3", "Ack", "n3", "n2", "twice", ""));
        out.add(ev(MessageEventKind.DELIVER, "p1#3", "Ack", "n3", "n2", "twice", ""));
        out.add(ev(MessageEventKind.DELIVER, "p1#3", "Ack", "n3", "n2", "twice", "the duplicate"));
        out.add(ev(MessageEventKind.DELIVER, "p1#2", "Append", "n2", "n3", "slow", "after its delay"));
        out.add(ev(MessageEventKind.SEND, "p1#4", "Commit", "n2", "n1", "", ""));
        out.add(ev(MessageEventKind.HOLD, "p1#4", "Commit", "n2", "n1", "hold", ""));
        out.add(new MessageEvent(seq++, MessageEventKind.STATE, "", seq * 1000, 0, "", 0, "", "", "", "", "", "split", 0, 0, "", Map.of(),
                "electing -> split on {type=Append} \u2014 failure"));
        out.add(ev(MessageEventKind.RELEASE, "p1#4", "Commit", "n2", "n1", "hold", ""));
        out.add(ev(MessageEventKind.DELIVER, "p1#4", "Commit", "n2", "n1", "hold", "released"));
        return out;
    }

    /** A view of {@link #stream()} as the window's content. */
    private SpaceTimeView shown() {
        return OnFx.call(() -> {
            SpaceTimeView view = new SpaceTimeView();
            stage.getScene().setRoot(view);
            view.show(stream());
            return view;
        });
    }

    @Test
    void everyKindOfEventIsDrawnAndHoverShowsThePayload() {
        SpaceTimeView v = shown();
        WaitForAsyncUtils.waitForFxEvents();
        SpaceTimeModel m = v.model();
        assertThat(m.nodes()).containsExactly("n1", "n2", "n3");
        assertThat(m.arrows()).extracting(a -> a.message() + ":" + a.end() + (a.delayed() ? ":delayed" : "") + (a.held() ? ":held" : "")
                + (a.duplicate() ? ":dup" : "")).containsExactly("p1#1:DROPPED", "p1#2:DELIVERED:delayed", "p1#3:DELIVERED",
                "p1#3:DELIVERED:dup", "p1#4:DELIVERED:held");
        assertThat(m.states()).singleElement().satisfies(s -> {
            assertThat(s.state()).isEqualTo("split");
            assertThat(s.terminalFailure()).isTrue();
        });
        SpaceTimeModel.Arrow drop = m.arrows().get(0);
        OnFx.run(() -> v.hover(drop));
        assertThat(OnFx.call(v::hoverText)).contains("p1#1 Vote n1\u2192n2", "[lose-vote]", "dropped", "\"type\":\"Vote\"");
        // something is drawn in the arrow's colour between the two lines: the canvas is not blank
        WritableImage img = OnFx.call(() -> v.canvas().snapshot(null, null));
        int coloured = 0;
        for (int x = 0; x < img.getWidth(); x += 2) {
            for (int y = 0; y < img.getHeight(); y += 2) {
                Color c = img.getPixelReader().getColor(x, y);
                if (c.getSaturation() > 0.4 && c.getBrightness() > 0.3) coloured++;
            }
        }
        assertThat(coloured).as("coloured pixels (arrows, labels, states)").isGreaterThan(100);
    }

    @Test
    void anInstantFromAnotherViewerSaysWhatIsThere() {
        List<MessageEvent> events = stream();
        SpaceTimeView v = shown();
        // the fixture's events all read 0 on the session clock: the instant is the first row, the Vote's send
        OnFx.run(() -> v.showInstant(events.get(0).monoNanos()));
        assertThat(v.cursorRow()).isZero();
        assertThat(OnFx.call(v::hoverText)).startsWith("At the instant from another viewer").contains("sent: p1#1 Vote n1\u2192n2");
        assertThat(v.model().describeRow(v.model().states().get(0).row())).startsWith("monitor \u2192 split");
    }

    @Test
    void nodesHideAndTypesFilterWithTheirMessages() {
        SpaceTimeView v = shown();
        OnFx.run(() -> v.setNodeHidden("n1", true));
        assertThat(v.model().nodes()).containsExactly("n2", "n3");
        assertThat(v.model().arrows()).extracting(SpaceTimeModel.Arrow::type).containsExactly("Append", "Ack", "Ack");
        OnFx.run(() -> v.setTypeShown("Ack", false));
        assertThat(v.model().arrows()).extracting(SpaceTimeModel.Arrow::type).containsExactly("Append");
        OnFx.run(() -> v.setNodeHidden("n1", false));
        assertThat(v.model().arrows()).extracting(SpaceTimeModel.Arrow::type).containsExactly("Vote", "Append", "Commit");
        assertThat(v.menuNodes()).containsExactly("n1", "n2", "n3");
        assertThat(SpaceTimeModel.of(stream(), Set.of("n2"), null).arrows()).isEmpty();
    }

    @Test
    void filteringByANodeKeepsEveryLineAndDrawsOnlyItsMessages(FxRobot robot) {
        SpaceTimeView v = shown();
        WaitForAsyncUtils.waitForFxEvents();
        // picked in the toolbar, as a user does: n3's messages are the Append to it and the Ack (twice) from it
        javafx.scene.control.ComboBox<?> pick = robot.lookup("#space-time-node-filter").queryAs(javafx.scene.control.ComboBox.class);
        assertThat(OnFx.call(() -> List.copyOf(pick.getItems()))).extracting(Object::toString).containsExactly("all nodes", "n1", "n2", "n3");
        OnFx.run(() -> pick.getSelectionModel().select(3));
        assertThat(v.model().nodes()).containsExactly("n1", "n2", "n3");
        assertThat(v.model().arrows()).extracting(SpaceTimeModel.Arrow::message).containsExactly("p1#2", "p1#3", "p1#3");
        // with a type filter too; and back to every node
        OnFx.run(() -> v.setTypeShown("Ack", false));
        assertThat(v.model().arrows()).extracting(SpaceTimeModel.Arrow::message).containsExactly("p1#2");
        OnFx.run(() -> pick.getSelectionModel().select(0));
        assertThat(v.model().arrows()).extracting(SpaceTimeModel.Arrow::message).containsExactly("p1#1", "p1#2", "p1#4");
    }

    @Test
    void aRunsMessagesJsonlOpensAsEvidenceInTheSpaceTimeView() throws Exception {
        assertThat(EvidenceKind.of(FIXTURE)).isEqualTo(EvidenceKind.MESSAGES);
        EvidenceTab tab = OnFx.call(() -> {
            EvidenceTab t = new EvidenceTab(FIXTURE, "S6-1.messages.jsonl", p -> { }, new ThemeSetting());
            ((TabPane) stage.getScene().getRoot()).getTabs().add(t);
            t.load();
            return t;
        });
        for (int i = 0; i < 200 && OnFx.call(() -> tab.viewer() == null); i++) Thread.sleep(50);
        assertThat(OnFx.call(tab::viewer)).isInstanceOf(SpaceTimeView.class);
        SpaceTimeView v = (SpaceTimeView) OnFx.call(tab::viewer);
        List<MessageEvent> events = MessageEventLog.read(FIXTURE);
        assertThat(v.model().nodes()).contains("client", "n1", "n2", "n3");
        assertThat(v.model().arrows()).anyMatch(a -> a.held() && a.type().equals("REPL") && a.filter().equals("hold-replication"));
        assertThat(v.model().states()).anyMatch(SpaceTimeModel.StateMark::terminalFailure);
        assertThat(v.model().rows()).isLessThanOrEqualTo(events.size());
    }
}
