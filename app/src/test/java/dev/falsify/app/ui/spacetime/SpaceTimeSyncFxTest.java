package dev.falsify.app.ui.spacetime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.OnFx;
import dev.falsify.app.ui.history.HistoryView;
import dev.falsify.app.ui.log.LogViewer;
import dev.falsify.app.ui.theme.ThemeSetting;
import dev.falsify.app.ui.viewers.EvidenceTab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A session's space-time diagram and its history viewer, open side by side, at the same instant: selecting a
 * message selects the op in flight when it was sent, selecting an op moves the diagram's instant line — through
 * the session clock, not through each other.
 */
@ExtendWith(ApplicationExtension.class)
class SpaceTimeSyncFxTest {
    /** Sends of the client's PUTs in the fixture (mono ns): c1#1, c1#3, c1#5. */
    static final long PUT1 = 13081665523297L;
    static final long PUT3 = 13081836600604L;

    @TempDir
    Path dir;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new TabPane(), 1200, 700));
        stage.show();
    }

    private static String op(String id, long invoke, long complete) {
        return "{\"op_id\":\"" + id + "\",\"process_id\":\"c0\",\"invoke_ts\":" + invoke + ",\"complete_ts\":" + complete
                + ",\"op_type\":\"write\",\"key\":\"k0\",\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false,"
                + "\"node_seen\":\"n1\",\"fault_epoch\":null}\n";
    }

    private EvidenceTab open(Path file) throws Exception {
        EvidenceTab tab = OnFx.call(() -> {
            EvidenceTab t = new EvidenceTab(file, file.getFileName().toString(), p -> { }, new ThemeSetting());
            ((TabPane) stage.getScene().getRoot()).getTabs().add(t);
            t.load();
            return t;
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> OnFx.call(() -> tab.viewer() != null));
        return tab;
    }

    @Test
    void selectingAMessageOrAnOpMovesTheOtherViewerToTheSameInstant() throws Exception {
        Files.writeString(dir.resolve("session-log.md"), "# Session log\n");
        Path artifacts = Files.createDirectories(dir.resolve("artifacts"));
        Files.copy(SpaceTimeViewFxTest.FIXTURE, artifacts.resolve("S6-1.messages.jsonl"));
        Files.writeString(artifacts.resolve("S6-1.history.jsonl"), op("c0-0", PUT1 - 400_000, PUT1 + 30_000_000)
                + op("c0-1", PUT3 - 500_000, PUT3 + 12_000_000) + op("c0-2", PUT3 + 17_000_000, PUT3 + 30_000_000));
        SpaceTimeView st = (SpaceTimeView) OnFx.call(open(artifacts.resolve("S6-1.messages.jsonl"))::viewer);
        HistoryView hv = (HistoryView) OnFx.call(open(artifacts.resolve("S6-1.history.jsonl"))::viewer);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> OnFx.call(() -> hv.canvas().history() != null
                && hv.canvas().history().size() == 3));

        // a message → the op in flight when it was sent (the history counts ns from its first invocation)
        SpaceTimeModel.Arrow put3 = st.model().arrows().stream().filter(a -> a.message().equals("c1#3")).findFirst().orElseThrow();
        OnFx.run(() -> st.select(put3));
        assertThat(OnFx.call(() -> hv.canvas().selected())).isEqualTo(1);
        assertThat(st.cursorRow()).isEqualTo(put3.fromRow());

        // an op → the diagram's instant line at the first event at or after its invocation
        OnFx.run(() -> hv.canvas().select(2, true));
        long invoke = PUT3 + 17_000_000;
        int row = OnFx.call(st::cursorRow);
        assertThat(row).isEqualTo(st.model().rowAt(invoke));
        assertThat(st.model().monoOf(row)).isGreaterThanOrEqualTo(invoke);
        assertThat(st.model().monoOf(row - 1)).isLessThan(invoke);
        // the history heard nothing back from its own selection
        assertThat(OnFx.call(() -> hv.canvas().selected())).isEqualTo(2);

        // the first PUT: op 0 was in flight
        SpaceTimeModel.Arrow put1 = st.model().arrows().stream().filter(a -> a.message().equals("c1#1")).findFirst().orElseThrow();
        OnFx.run(() -> st.select(put1));
        assertThat(OnFx.call(() -> hv.canvas().selected())).isEqualTo(0);
    }

    /** 2026-12-01T13:37:29Z in epoch µs: the wall-clock moment the anchor pairs with {@link #PUT1}. */
    static final long WALL0 = 1_796_132_249_000_000L;

    private static String stamp(long wallMicros) {
        return java.time.Instant.ofEpochSecond(wallMicros / 1_000_000, wallMicros % 1_000_000 * 1000).toString();
    }

    @Test
    void clickingAStampedLogLineMovesTheInstantAndAMessageMovesTheLog(FxRobot robot) throws Exception {
        Files.writeString(dir.resolve("session-log.md"), "# Session log\n");
        Path artifacts = Files.createDirectories(dir.resolve("artifacts"));
        // the runner's clock line pairs WALL0 with PUT1 on the monotonic clock
        Files.writeString(artifacts.resolve("S6-1.messages.jsonl"), "{\"clock\":{\"wall_us\":" + WALL0 + ",\"mono_ns\":" + PUT1 + "}}\n"
                + Files.readString(SpaceTimeViewFxTest.FIXTURE));
        Files.writeString(artifacts.resolve("S6-1.history.jsonl"), op("c0-0", PUT1 - 400_000, PUT1 + 30_000_000)
                + op("c0-1", PUT3 - 500_000, PUT3 + 12_000_000) + op("c0-2", PUT3 + 17_000_000, PUT3 + 30_000_000));
        long put3Wall = WALL0 + (PUT3 - PUT1) / 1000;
        Path log = Files.writeString(Files.createDirectories(dir.resolve("logs")).resolve("n1.out.log"), "starting\n"
                + stamp(WALL0) + " n1 got PUT 1\n"
                + "  a continuation of that line\n"
                + stamp(put3Wall) + " n1 got PUT 3\n");
        SpaceTimeView st = (SpaceTimeView) OnFx.call(open(artifacts.resolve("S6-1.messages.jsonl"))::viewer);
        HistoryView hv = (HistoryView) OnFx.call(open(artifacts.resolve("S6-1.history.jsonl"))::viewer);
        LogViewer lv = (LogViewer) OnFx.call(open(log)::viewer);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> OnFx.call(() -> hv.canvas().history() != null
                && hv.canvas().history().size() == 3 && lv.lines().count() == 4));
        OnFx.run(() -> ((TabPane) stage.getScene().getRoot()).getSelectionModel().selectLast());
        WaitForAsyncUtils.waitForFxEvents();

        // a click on "got PUT 3" → the history selects the op in flight then, the diagram's line moves there
        robot.clickOn(line(lv, 3));
        assertThat(OnFx.call(lv::selectedLine)).isEqualTo(3);
        assertThat(OnFx.call(() -> hv.canvas().selected())).isEqualTo(1);
        assertThat(OnFx.call(st::cursorRow)).isEqualTo(st.model().rowAt(PUT3));

        // a continuation line belongs to the stamp before it: PUT 1's time, op 0 in flight
        robot.clickOn(line(lv, 2));
        assertThat(OnFx.call(() -> hv.canvas().selected())).isEqualTo(0);

        // and back: selecting the third PUT's message shows the log's line stamped at or before it
        SpaceTimeModel.Arrow put3 = st.model().arrows().stream().filter(a -> a.message().equals("c1#3")).findFirst().orElseThrow();
        OnFx.run(() -> st.select(put3));
        assertThat(OnFx.call(lv::selectedLine)).isEqualTo(3);
    }

    private static Point2D line(LogViewer lv, int row) {
        return OnFx.call(() -> lv.canvas().localToScreen(200, row * 16 + 8));
    }
}
