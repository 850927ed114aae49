package dev.falsify.app.ui.history;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.falsify.app.ui.OnFx;
import dev.falsify.app.ui.run.TimelineModel;
import dev.falsify.app.ui.run.TimelineView;
import dev.falsify.app.ui.spacetime.SpaceTimeView;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.runner.events.RunEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Dark mode reaches what paints its own pixels and the stepper's state fields (issue 34, Major 5): in
 * a window whose root carries the {@code dark} class under Primer Dark, the state text is readable on
 * its field (contrast at least 4.5:1, where it was light grey on white), and the history timeline, the
 * run timeline and the space-time diagram paint a dark ground; switching back repaints them light.
 */
@ExtendWith(ApplicationExtension.class)
class DarkModeFxTest {
    @TempDir
    Path dir;
    private StackPane root;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        before = Application.getUserAgentStylesheet();
        root = new StackPane();
        stage.setScene(new Scene(root, 1200, 700));
        stage.show();
    }

    /** The stylesheet before the test: the JVM's other test classes run after this one with it (their sizes depend on it). */
    private String before;

    @AfterEach
    void restore() {
        OnFx.run(() -> Application.setUserAgentStylesheet(before));
    }

    private void dark(boolean on) {
        OnFx.run(() -> {
            Application.setUserAgentStylesheet(on ? new PrimerDark().getUserAgentStylesheetBSS()
                    : new PrimerLight().getUserAgentStylesheetBSS());
            root.getStyleClass().remove("dark");
            if (on) root.getStyleClass().add("dark");
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    static double luminance(Color c) {
        double[] v = {c.getRed(), c.getGreen(), c.getBlue()};
        for (int i = 0; i < 3; i++) v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : Math.pow((v[i] + 0.055) / 1.055, 2.4);
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    }

    static double contrast(Color a, Color b) {
        double x = luminance(a);
        double y = luminance(b);
        return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    }

    /** A write of 1 then a read of 2: not linearizable, so the stepper shows its states. */
    private HistoryView openFailing() throws Exception {
        Path h = dir.resolve("bad.history.jsonl");
        Files.writeString(h, """
                {"op_id":"w","process_id":"c0","invoke_ts":0,"complete_ts":1000000,"op_type":"write","key":null,"input":1,"output":null,"error":null,"timeout_marker":false,"node_seen":null,"fault_epoch":null}
                {"op_id":"r","process_id":"c1","invoke_ts":2000000,"complete_ts":3000000,"op_type":"read","key":null,"input":null,"output":2,"error":null,"timeout_marker":false,"node_seen":null,"fault_epoch":null}
                """);
        HistoryView v = OnFx.call(() -> {
            HistoryView view = new HistoryView();
            root.getChildren().setAll(view);
            view.open(h);
            return view;
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> OnFx.call(() -> v.result() != null && v.stepper().track() != null));
        return v;
    }

    private static Color background(Node n) {
        Region r = (Region) n;
        return (Color) r.getBackground().getFills().get(0).getFill();
    }

    @Test
    void theStepperStateFieldsAreReadableInBothThemes() throws Exception {
        dark(true);
        HistoryView v = openFailing();
        OnFx.run(() -> v.stepper().go(1));
        WaitForAsyncUtils.waitForFxEvents();
        for (boolean on : List.of(true, false)) {
            dark(on);
            OnFx.run(() -> v.applyCss());
            for (String id : List.of("#stepper-before", "#stepper-after")) {
                TextFlow f = OnFx.call(() -> (TextFlow) v.lookup(id));
                Color field = OnFx.call(() -> background(f.getParent()));
                assertThat(luminance(field) < 0.1).as("%s field dark=%s", id, on).isEqualTo(on);
                List<Text> texts = OnFx.call(() -> f.getChildren().stream().map(n -> (Text) n).toList());
                assertThat(texts).isNotEmpty();
                for (Text t : texts) {
                    Color fill = OnFx.call(() -> (Color) t.getFill());
                    assertThat(contrast(fill, field)).as("%s text %s on %s (dark %s)", id, fill, field, on).isGreaterThanOrEqualTo(4.5);
                }
            }
        }
    }

    @Test
    void theHistoryTimelinePaintsDarkAndBack() throws Exception {
        HistoryView v = openFailing();
        int lightBg = OnFx.call(() -> v.canvas().pixel(5, 5));
        assertThat(lightBg).isEqualTo(HistoryPalette.LIGHT.background());
        dark(true);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(OnFx.call(() -> v.canvas().pixel(5, 5))).isEqualTo(HistoryPalette.DARK.background());
        dark(false);
        assertThat(OnFx.call(() -> v.canvas().pixel(5, 5))).isEqualTo(HistoryPalette.LIGHT.background());
    }

    @Test
    void theDarkPaletteKeepsTextReadable() {
        HistoryPalette d = HistoryPalette.DARK;
        Color bg = argb(d.background());
        for (int c : new int[] {d.text(), d.gutterText(), d.axis()}) assertThat(contrast(argb(c), bg)).isGreaterThanOrEqualTo(4.5);
        assertThat(contrast(argb(d.text()), argb(d.okFill()))).isGreaterThanOrEqualTo(4.5);
        assertThat(contrast(argb(d.text()), argb(d.laneShade()))).isGreaterThanOrEqualTo(4.5);
    }

    private static Color argb(int v) {
        return Color.rgb(v >> 16 & 0xff, v >> 8 & 0xff, v & 0xff);
    }

    private static MessageEvent message(int seq, MessageEventKind k) {
        return new MessageEvent(seq, k, "p1#1", seq * 1000L, 0, "p1", 1, "upstream", "n1", "n2", "Vote", "", "s", 0, 10,
                "{\"type\":\"Vote\"}", java.util.Map.of(), "");
    }

    private static Color corner(Canvas c) {
        return OnFx.call(() -> {
            WritableImage img = c.snapshot(null, null);
            return img.getPixelReader().getColor((int) c.getWidth() - 5, (int) c.getHeight() - 5);
        });
    }

    @Test
    void theRunTimelineAndTheSpaceTimeDiagramPaintDark() throws Exception {
        long t0 = 1_764_000_000_000L;
        TimelineModel model = new TimelineModel();
        model.accept(new RunEvent.ScenarioStarted(t0, "S1-1", 1));
        model.accept(new RunEvent.ScenarioEnded(t0 + 1000, "S1-1", "clean", ""));
        TimelineView tl = OnFx.call(() -> {
            TimelineView t = new TimelineView(model);
            root.getChildren().setAll(t);
            t.setLive(false);
            return t;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(100);
        assertThat(luminance(corner(tl.canvas()))).isGreaterThan(0.8);
        dark(true);
        Thread.sleep(100);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(luminance(corner(tl.canvas()))).isLessThan(0.05);

        SpaceTimeView st = OnFx.call(() -> {
            SpaceTimeView s = new SpaceTimeView();
            root.getChildren().setAll(s);
            s.show(List.of(message(0, MessageEventKind.SEND), message(1, MessageEventKind.DELIVER)));
            return s;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(luminance(corner(st.canvas()))).isLessThan(0.05);
        dark(false);
        assertThat(luminance(corner(st.canvas()))).isGreaterThan(0.8);
    }
}
