package dev.falsify.app.ui.history;

import dev.falsify.app.ui.theme.DarkMode;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.OpRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Cursor;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The linearizability stepper beside the history: pick a failing partition's prefix (or a valid
 * partition's linearization), step forward and back through it with the model state before and
 * after each step (the changed part in red), and jump to the first error — the end of the prefix,
 * where the ops that could not take effect next are listed with their reasons and drawn red in
 * the history.
 */
public final class StepperPane extends VBox {
    private final HistoryCanvas canvas;
    private final ComboBox<StepTrack> tracks = new ComboBox<>();
    private final Button start = new Button("|◀ Start");
    private final Button back = new Button("◀ Back");
    private final Button forward = new Button("Forward ▶");
    private final Button firstError = new Button("Jump to the first error");
    private final Label position = new Label();
    private final Label stepText = new Label();
    private final TextFlow before = new TextFlow();
    private final TextFlow after = new TextFlow();
    private final Label blockedTitle = new Label();
    private final VBox blockedBox = new VBox(4);
    private final List<LinearizabilityCounterexample.Blocked> blockedItems = new ArrayList<>();
    private StepTrack track;
    private int[] trackOps = new int[0];
    private int step;

    public StepperPane(HistoryCanvas canvas) {
        super(6);
        this.canvas = canvas;
        setId("stepper");
        setPadding(new Insets(8));
        setPrefWidth(360);
        setMinWidth(260);
        tracks.setId("stepper-track");
        tracks.setMaxWidth(Double.MAX_VALUE);
        tracks.setCellFactory(v -> new TrackCell());
        tracks.setButtonCell(new TrackCell());
        tracks.valueProperty().addListener((o, a, b) -> load(b));
        start.setId("stepper-start");
        back.setId("stepper-back");
        forward.setId("stepper-forward");
        firstError.setId("stepper-first-error");
        position.setId("stepper-position");
        stepText.setId("stepper-step");
        stepText.setWrapText(true);
        before.setId("stepper-before");
        after.setId("stepper-after");
        blockedBox.setId("stepper-blocked");
        start.setOnAction(e -> go(0));
        back.setOnAction(e -> go(step - 1));
        forward.setOnAction(e -> go(step + 1));
        firstError.setOnAction(e -> go(track == null ? 0 : track.steps().size()));
        HBox buttons = new HBox(4, start, back, forward);
        firstError.setMaxWidth(Double.MAX_VALUE);
        firstError.getStyleClass().add("stepper-error");
        Label title = new Label("Linearizability stepper");
        title.setFont(Font.font("System", FontWeight.BOLD, 13));
        Label beforeLabel = new Label("Model state before");
        Label afterLabel = new Label("Model state after (changed part in red)");
        blockedTitle.setId("stepper-blocked-title");
        blockedTitle.setWrapText(true);
        blockedTitle.getStyleClass().add("stepper-error");
        ScrollPane blockedScroll = new ScrollPane(blockedBox);
        blockedScroll.setFitToWidth(true);
        VBox.setVgrow(blockedScroll, Priority.ALWAYS);
        getChildren().addAll(title, tracks, buttons, firstError, position, stepText, beforeLabel, box(before), afterLabel, box(after),
                blockedTitle, blockedScroll);
        setTracks(List.of());
        DarkMode.repaintOnSwitch(this, this::applyTheme);
        applyTheme();
    }

    private static VBox box(TextFlow f) {
        VBox b = new VBox(f);
        b.setPadding(new Insets(4));
        b.getStyleClass().add("stepper-state");
        return b;
    }

    /**
     * The state fields' and the red texts' colours for the theme on screen. Set inline: the theme's
     * stylesheet colours every Text, and a field with a fixed light background then showed the dark
     * theme's light-grey text on near-white (issue 34).
     */
    private void applyTheme() {
        dark = DarkMode.isDark(this);
        for (TextFlow f : List.of(before, after)) {
            ((VBox) f.getParent()).setStyle(dark ? "-fx-border-color: #30363d; -fx-background-color: #161b22;"
                    : "-fx-border-color: #dadce0; -fx-background-color: #fbfbfb;");
            for (var n : f.getChildren()) styleText((Text) n);
        }
        String red = "-fx-text-fill: " + (dark ? "#ff7b72" : "#c5221f") + ";";
        firstError.setStyle(red);
        blockedTitle.setStyle(red);
        for (var n : blockedBox.getChildren()) n.setStyle(red);
    }

    private void styleText(Text t) {
        boolean changed = "changed".equals(t.getId());
        t.setStyle("-fx-fill: " + (changed ? (dark ? "#ff7b72" : "#c5221f") : (dark ? "#e6edf3" : "#202124")) + ";");
    }

    private boolean dark;

    /** FX thread: the tracks of a check result (empty when the checker gives none). */
    public void setTracks(List<StepTrack> all) {
        tracks.setItems(FXCollections.observableArrayList(all));
        if (all.isEmpty()) {
            tracks.setValue(null);
            load(null);
        } else {
            tracks.setValue(all.get(0));
        }
    }

    public List<StepTrack> tracks() {
        return tracks.getItems();
    }

    /** Switches to the first track of a partition (a key picked in the keys list). */
    public boolean showPartition(String partition) {
        for (StepTrack t : tracks.getItems()) {
            if (t.partition().equals(partition)) {
                tracks.setValue(t);
                return true;
            }
        }
        return false;
    }

    public void selectTrack(int index) {
        tracks.setValue(tracks.getItems().get(index));
    }

    public StepTrack track() {
        return track;
    }

    public int step() {
        return step;
    }

    private void load(StepTrack t) {
        track = t;
        step = 0;
        if (t == null) {
            trackOps = new int[0];
            canvas.setSteps(trackOps, 0, Map.of());
            position.setText("No linearization to step through for this result.");
            stepText.setText("");
            before.getChildren().clear();
            after.getChildren().clear();
            showBlocked(List.of());
            refreshButtons();
            return;
        }
        HistoryLayout layout = canvas.history();
        trackOps = t.steps().stream().mapToInt(s -> layout == null ? -1 : layout.indexOf(s.op().opId()))
                .filter(i -> i >= 0).toArray();
        canvas.setSteps(trackOps, 0, Map.of());
        go(0);
    }

    /** Shows step {@code k} (0 = before the first step; the track's length = its end, the first error). */
    public void go(int k) {
        if (track == null) return;
        int n = track.steps().size();
        step = Math.max(0, Math.min(n, k));
        String b = step == 0 ? null : track.before(step);
        String a = track.after(step);
        if (step == 0) {
            stepText.setText("Before the first step. Initial state: " + track.initialState());
        } else {
            LinearizabilityCounterexample.Step s = track.steps().get(step - 1);
            stepText.setText("Step " + step + ": op " + s.op().opId() + "  " + s.description() + "  (process "
                    + s.op().processName() + ", " + times(s.op()) + ")");
        }
        show(before, b == null ? "—" : b, null);
        show(after, a, b == null ? null : StepTrack.changed(b, a));
        boolean atError = track.failing() && step == n;
        position.setText("step " + step + " of " + n + (track.failing() ? (atError ? " — the first error" : "")
                : " — a valid linearization"));
        Map<Integer, String> red = new LinkedHashMap<>();
        if (atError) {
            for (LinearizabilityCounterexample.Blocked x : track.blocked()) {
                int op = canvas.history() == null ? -1 : canvas.history().indexOf(x.op().opId());
                if (op >= 0) red.put(op, x.description() + ": " + x.reason());
            }
            showBlocked(track.blocked());
            // the report's sentence, not a second wording of the same finding
            blockedTitle.setText(LinearizabilityCounterexample.blockedHeading(track.mustPrecede(),
                    track.mustPrecede() == null ? "" : times(track.mustPrecede().op())));
        } else {
            showBlocked(List.of());
        }
        if (!red.equals(canvas.blocked())) {
            canvas.setSteps(trackOps, step, red);
        }
        canvas.setCurrentStep(step);
        if (atError && !red.isEmpty()) {
            // the end of the prefix: the last few steps and every op that could not come next
            int from = Math.max(0, trackOps.length - 4);
            int[] focus = IntStream.concat(Arrays.stream(trackOps, from, trackOps.length),
                    red.keySet().stream().mapToInt(Integer::intValue)).toArray();
            canvas.zoomToOps(focus);
        }
        refreshButtons();
    }

    private void refreshButtons() {
        int n = track == null ? 0 : track.steps().size();
        start.setDisable(track == null || step == 0);
        back.setDisable(track == null || step == 0);
        forward.setDisable(track == null || step >= n);
        firstError.setDisable(track == null || !track.failing() || step == n);
    }

    /** The text shown as the state after the current step (tests). */
    public String afterText() {
        return text(after);
    }

    public String beforeText() {
        return text(before);
    }

    /** The highlighted (changed) part of the state after (tests). */
    public String changedText() {
        StringBuilder b = new StringBuilder();
        after.getChildren().forEach(n -> {
            if (n instanceof Text t && "changed".equals(t.getId())) b.append(t.getText());
        });
        return b.toString();
    }

    public String stepDescription() {
        return stepText.getText();
    }

    public List<LinearizabilityCounterexample.Blocked> blockedShown() {
        return List.copyOf(blockedItems);
    }

    /** One wrapping red line per op that could not come next; clicking one selects it in the history. */
    private void showBlocked(List<LinearizabilityCounterexample.Blocked> all) {
        blockedTitle.setText("");
        blockedItems.clear();
        blockedItems.addAll(all);
        blockedBox.getChildren().clear();
        for (LinearizabilityCounterexample.Blocked b : all) {
            Label l = new Label("op " + b.op().opId() + "  " + b.description() + "  (process " + b.op().processName() + ", "
                    + times(b.op()) + ")\n    " + b.reason());
            l.setWrapText(true);
            l.setStyle("-fx-text-fill: " + (dark ? "#ff7b72" : "#c5221f") + ";");
            l.setCursor(Cursor.HAND);
            l.setOnMouseClicked(e -> {
                int op = canvas.history() == null ? -1 : canvas.history().indexOf(b.op().opId());
                if (op >= 0) canvas.select(op, true);
            });
            blockedBox.getChildren().add(l);
        }
    }

    private static String text(TextFlow f) {
        StringBuilder b = new StringBuilder();
        f.getChildren().forEach(n -> b.append(((Text) n).getText()));
        return b.toString();
    }

    private void show(TextFlow f, String s, int[] changed) {
        showPlain(f, s, changed);
        for (var n : f.getChildren()) styleText((Text) n);
    }

    private static void showPlain(TextFlow f, String s, int[] changed) {
        f.getChildren().clear();
        Font mono = Font.font("Monospaced", 12);
        if (changed == null || changed[0] >= changed[1]) {
            Text t = new Text(s);
            t.setFont(mono);
            f.getChildren().add(t);
            return;
        }
        Text pre = new Text(s.substring(0, changed[0]));
        Text mid = new Text(s.substring(changed[0], changed[1]));
        Text post = new Text(s.substring(changed[1]));
        pre.setFont(mono);
        post.setFont(mono);
        mid.setFont(Font.font("Monospaced", FontWeight.BOLD, 12));
        mid.setFill(Color.web("#c5221f"));
        mid.setUnderline(true);
        mid.setId("changed");
        f.getChildren().addAll(pre, mid, post);
    }

    private String times(OpRef op) {
        HistoryLayout l = canvas.history();
        if (l == null) return op.interval();
        if (l.untimed()) return "events #" + (op.invokeTs() - l.realAxis().originNs()) + " → "
                + (op.completeTs() == null ? "…" : "#" + (op.completeTs() - l.realAxis().originNs()));
        double a = l.realAxis().realMs(op.invokeTs());
        return op.completeTs() == null ? String.format(Locale.ROOT, "%.3f ms → …", a)
                : String.format(Locale.ROOT, "%.3f → %.3f ms", a, l.realAxis().realMs(op.completeTs()));
    }

    private static final class TrackCell extends ListCell<StepTrack> {
        @Override
        protected void updateItem(StepTrack t, boolean empty) {
            super.updateItem(t, empty);
            setText(empty || t == null ? null : t.title());
        }
    }
}
