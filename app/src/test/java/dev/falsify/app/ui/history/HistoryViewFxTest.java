package dev.falsify.app.ui.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.OnFx;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.model.vocabulary.Validity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The history viewer in a window: stepping a counterexample, filtering, and the anomaly graph's jump. */
@ExtendWith(ApplicationExtension.class)
class HistoryViewFxTest {
    static final Path CORPORA = Path.of("../../shared/corpora");
    static final Path DEMO = Path.of("src/test/resources/dev/falsify/app/ui/history/demo/S1-1.history.jsonl");

    @TempDir
    Path tmp;

    private HistoryView view;

    @Start
    void start(Stage stage) {
        view = new HistoryView();
        stage.setScene(new Scene(view, 1240, 760));
        stage.show();
    }

    private void open(Path file) throws Exception {
        OnFx.run(() -> view.open(file));
        waitFor(60, TimeUnit.SECONDS, () -> OnFx.call(() -> view.result() != null && !view.busy()));
    }

    private static String op(String id, String proc, long inv, long done, String type, String in, String out) {
        return "{\"op_id\":\"" + id + "\",\"process_id\":\"" + proc + "\",\"invoke_ts\":" + inv + ",\"complete_ts\":" + done
                + ",\"op_type\":\"" + type + "\",\"key\":null,\"input\":" + in + ",\"output\":" + out
                + ",\"error\":null,\"timeout_marker\":false,\"node_seen\":\"n1\",\"fault_epoch\":null}\n";
    }

    @Test
    void stepsThroughAStaleReadToTheFirstError(FxRobot robot) throws Exception {
        // w 1, r → 1, w 2, then a read that still sees 1 after the write of 2 completed: not linearizable
        Path h = tmp.resolve("stale.history.jsonl");
        Files.writeString(h, op("w1", "p0", 0, 10_000_000, "write", "1", "null")
                + op("r1", "p1", 20_000_000, 30_000_000, "read", "null", "1")
                + op("w2", "p0", 40_000_000, 50_000_000, "write", "2", "null")
                + op("r2", "p1", 60_000_000, 70_000_000, "read", "null", "1"));
        open(h);
        assertThat(OnFx.call(() -> view.result().validity())).isEqualTo(Validity.INVALID);
        StepperPane s = view.stepper();
        StepTrack track = OnFx.call(s::track);
        assertThat(track.failing()).isTrue();
        assertThat(track.steps()).extracting(x -> x.op().opId()).containsExactly("w1", "r1", "w2");

        robot.clickOn("#stepper-forward");
        assertThat(OnFx.call(s::step)).isEqualTo(1);
        assertThat(OnFx.call(s::afterText)).contains("1");
        assertThat(OnFx.call(s::stepDescription)).contains("w1").contains("p0").contains("0.000 → 10.000 ms");
        assertThat(OnFx.call(() -> view.canvas().currentStep())).isEqualTo(1);
        robot.clickOn("#stepper-forward").clickOn("#stepper-forward");
        assertThat(OnFx.call(s::step)).isEqualTo(3);
        assertThat(OnFx.call(s::beforeText)).contains("1");
        assertThat(OnFx.call(s::afterText)).contains("2");
        assertThat(OnFx.call(s::changedText)).isEqualTo("2");
        robot.clickOn("#stepper-back");
        assertThat(OnFx.call(s::step)).isEqualTo(2);
        assertThat(OnFx.call(s::blockedShown)).isEmpty();

        robot.clickOn("#stepper-first-error");
        assertThat(OnFx.call(s::step)).isEqualTo(3);
        List<LinearizabilityCounterexample.Blocked> blocked = OnFx.call(s::blockedShown);
        assertThat(blocked).extracting(b -> b.op().opId()).containsExactly("r2");
        assertThat(blocked.get(0).reason()).contains("impossible in state").contains("2");
        int r2 = OnFx.call(() -> view.canvas().history().indexOf("r2"));
        assertThat(OnFx.call(() -> view.canvas().blocked())).containsOnlyKeys(r2);
        assertThat(OnFx.call(() -> view.canvas().inView(r2))).isTrue();
        // hovering the red op tells why, with all the fields
        double[] c = OnFx.call(() -> view.canvas().centreOf(r2));
        Point2D screen = OnFx.call(() -> view.canvas().localToScreen(c[0], c[1]));
        robot.moveTo(screen);
        waitFor(5, TimeUnit.SECONDS, () -> OnFx.call(() -> view.canvas().hoverText() != null));
        assertThat(OnFx.call(() -> view.canvas().hoverText())).contains("op_id           r2").contains("fault_epoch")
                .contains("node_seen       n1").contains("(60.000 ms)").contains("could not be placed next");
    }

    @Test
    void aValidHistoryCanBeSteppedThroughItsLinearization() throws Exception {
        open(CORPORA.resolve("porcupine/etcd/etcd_002.log"));
        assertThat(OnFx.call(() -> view.result().validity())).isEqualTo(Validity.VALID);
        StepTrack t = OnFx.call(() -> view.stepper().track());
        assertThat(t.failing()).isFalse();
        assertThat(t.steps()).isNotEmpty();
        OnFx.run(() -> view.stepper().go(t.steps().size()));
        assertThat(OnFx.call(() -> view.stepper().afterText())).isEqualTo(t.steps().get(t.steps().size() - 1).stateAfter());
        assertThat(OnFx.call(() -> view.stepper().blockedShown())).isEmpty();
    }

    @Test
    void filtersByProcessOutcomeKeyAndText(FxRobot robot) throws Exception {
        open(DEMO);
        List<String> lines = Files.readAllLines(DEMO);
        long c1 = lines.stream().filter(l -> l.contains("\"process_id\":\"c1\"")).count();
        long cas = lines.stream().filter(l -> l.contains("\"op_type\":\"cas\"")).count();
        long partition = lines.stream().filter(l -> l.contains("\"fault_epoch\":\"partition-n2\"")).count();
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo(lines.size());
        OnFx.run(() -> view.filter(null, "c1", null, null, null));
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo((int) c1);
        OnFx.run(() -> view.filter(null, null, "cas", null, null));
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo((int) cas).isPositive();
        OnFx.run(() -> view.filter(null, null, null, "fail", null));
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isZero(); // the demo's ops all completed
        OnFx.run(() -> view.filter(null, "c1", "cas", "ok", null));
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo((int) lines.stream()
                .filter(l -> l.contains("\"process_id\":\"c1\"") && l.contains("\"op_type\":\"cas\"")).count());
        OnFx.run(() -> view.filter("k0", null, null, null, null));
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo(lines.size());
        OnFx.run(() -> view.filter(null, null, null, null, null));
        robot.clickOn("#history-search").write("partition-n2");
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo((int) partition);
        // the failing key is listed with its verdict; both epochs are shaded with their landing readings
        assertThat(OnFx.call(view::keyRows)).containsExactly("k0  —  FAIL");
        assertThat(OnFx.call(() -> view.canvas().history().epochs())).extracting(HistoryLayout.FaultEpoch::name)
                .containsExactly("partition-n2", "one-way-n2");
        assertThat(OnFx.call(() -> view.canvas().history().epochs().get(0).landing())).startsWith("landed: partition on p12");
    }

    private static String keyed(String id, String proc, long inv, long done, String type, String key, String in, String out) {
        return op(id, proc, inv, done, type, in, out).replace("\"key\":null", "\"key\":\"" + key + "\"");
    }

    @Test
    void everyFailingKeyIsListedAndItsCounterexampleStepped(FxRobot robot) throws Exception {
        // keys a and c each read a value nobody wrote; b is fine: the checker reports both failures
        StringBuilder h = new StringBuilder();
        long t = 0;
        for (String k : List.of("a", "b", "c")) {
            h.append(keyed(k + "-w", "p0", t, t + 10_000_000, "write", k, "1", "null"));
            h.append(keyed(k + "-r", "p1", t + 20_000_000, t + 30_000_000, "read", k, "null", k.equals("b") ? "1" : "7"));
            t += 100_000_000;
        }
        Path file = tmp.resolve("keys.history.jsonl");
        Files.writeString(file, h.toString());
        open(file);
        assertThat(OnFx.call(() -> view.result().validity())).isEqualTo(Validity.INVALID);
        assertThat(OnFx.call(view::keyRows)).containsExactly("a  —  FAIL", "b  —  PASS", "c  —  FAIL");
        StepperPane s = view.stepper();
        assertThat(OnFx.call(() -> s.track().partition())).isEqualTo("key a");

        OnFx.run(() -> view.pickKey("c"));
        StepTrack c = OnFx.call(s::track);
        assertThat(c.partition()).isEqualTo("key c");
        assertThat(c.failing()).isTrue();
        assertThat(c.steps()).extracting(x -> x.op().opId()).containsExactly("c-w");
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo(2); // filtered to key c
        robot.clickOn("#stepper-forward");
        assertThat(OnFx.call(s::step)).isEqualTo(1);
        assertThat(OnFx.call(s::stepDescription)).contains("c-w");
        assertThat(OnFx.call(s::afterText)).contains("1");
        robot.clickOn("#stepper-back");
        assertThat(OnFx.call(s::step)).isZero();
        robot.clickOn("#stepper-first-error");
        assertThat(OnFx.call(s::blockedShown)).extracting(x -> x.op().opId()).containsExactly("c-r");
        int red = OnFx.call(() -> view.canvas().history().indexOf("c-r"));
        assertThat(OnFx.call(() -> view.canvas().blocked())).containsOnlyKeys(red);

        // the passing key steps through its linearization
        OnFx.run(() -> view.pickKey("b"));
        assertThat(OnFx.call(() -> s.track().partition())).isEqualTo("key b");
        assertThat(OnFx.call(() -> s.track().failing())).isFalse();
    }

    @Test
    void otherMaximalPrefixesCanBeSteppedToo(FxRobot robot) throws Exception {
        // two concurrent writes, then a read of a value neither wrote: [w1, w2] and [w2, w1] are both maximal
        Path file = tmp.resolve("prefixes.history.jsonl");
        Files.writeString(file, keyed("w1", "p0", 0, 10_000_000, "write", "k0", "1", "null")
                + keyed("w2", "p1", 1_000_000, 11_000_000, "write", "k0", "2", "null")
                + keyed("r1", "p2", 20_000_000, 30_000_000, "read", "k0", "null", "3"));
        open(file);
        List<StepTrack> tracks = OnFx.call(() -> List.copyOf(view.stepper().tracks()));
        assertThat(tracks).hasSizeGreaterThanOrEqualTo(2).allMatch(StepTrack::failing);
        assertThat(tracks.get(1).title()).contains("prefix 2 of");
        OnFx.run(() -> view.stepper().selectTrack(1));
        StepTrack second = OnFx.call(() -> view.stepper().track());
        assertThat(second).isEqualTo(tracks.get(1));
        assertThat(second.steps()).extracting(x -> x.op().opId()).isNotEqualTo(tracks.get(0).steps().stream()
                .map(x -> x.op().opId()).toList());
        robot.clickOn("#stepper-forward");
        assertThat(OnFx.call(() -> view.stepper().stepDescription())).contains(second.steps().get(0).op().opId());
        assertThat(OnFx.call(() -> view.canvas().currentStep())).isEqualTo(1);
        robot.clickOn("#stepper-first-error");
        assertThat(OnFx.call(() -> view.stepper().blockedShown())).extracting(x -> x.op().opId()).contains("r1");
    }

    @Test
    void keysOfTransactionsAreTakenFromTheirMicroOps() throws Exception {
        open(CORPORA.resolve("elle/paper-example.edn"));
        List<String> rows = OnFx.call(view::keyRows);
        assertThat(rows).isNotEmpty().noneMatch(r -> r.startsWith("(no keys"));
        HistoryLayout l = OnFx.call(() -> view.canvas().history());
        assertThat(l.keys()).isNotEmpty();
        String key = l.keys().get(0);
        assertThat(rows.get(0)).startsWith(key + "  —  ");
        long touching = java.util.stream.IntStream.range(0, l.size()).filter(i -> l.touches(i, key)).count();
        assertThat(touching).isPositive().isLessThanOrEqualTo(l.size());
        OnFx.run(() -> view.pickKey(key));
        assertThat(OnFx.call(() -> view.canvas().shownCount())).isEqualTo((int) touching);
    }

    @Test
    void clickingATransactionInTheAnomalyGraphShowsItInTheHistory(FxRobot robot) throws Exception {
        open(CORPORA.resolve("elle/paper-example.edn"));
        TxnCounterexample cx = (TxnCounterexample) OnFx.call(() -> view.result().counterexample());
        assertThat(cx.anomalies()).isNotEmpty();
        TxnCounterexample.Txn txn = cx.anomalies().get(0).txns().get(1);
        assertThat(OnFx.call(() -> view.tabs().getSelectionModel().getSelectedItem().getText())).isEqualTo("Anomalies");
        assertThat(OnFx.call(() -> view.anomalies().proseText())).contains(cx.anomalies().get(0).type())
                .contains(cx.anomalies().get(0).modelsRuledOut().get(0));
        StackPane node = OnFx.call(() -> view.anomalies().node(txn.label()));
        robot.clickOn(node);
        assertThat(OnFx.call(() -> view.tabs().getSelectionModel().getSelectedItem().getText())).isEqualTo("Timeline");
        int op = OnFx.call(() -> view.canvas().history().indexOf(txn.opId(), txn.line()));
        assertThat(op).isNotNegative();
        assertThat(OnFx.call(() -> view.canvas().selected())).isEqualTo(op);
        assertThat(OnFx.call(() -> view.canvas().inView(op))).isTrue();
    }
}
