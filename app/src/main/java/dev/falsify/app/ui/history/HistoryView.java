package dev.falsify.app.ui.history;

import dev.falsify.model.session.SessionLayout;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.app.ui.work.BackgroundWork;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.Linearization;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.lin.LinearizabilityChecker;
import dev.falsify.checkers.pipeline.CheckedHistory;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The history viewer: a history file (any format {@code falsify check} reads) drawn by
 * {@link HistoryCanvas}, filtered by key, process, op type, outcome and free text, with its keys
 * (partitions) and their verdicts listed, and beside it the check result of the one pipeline
 * ({@link HistoryCheck}) — the linearizability stepper or, for transactional checkers, the
 * anomaly graphs. Reading and checking run off the FX thread with progress and Cancel; the
 * history is shown as soon as it is read, before the check ends.
 */
public final class HistoryView extends BorderPane {
    private static final String ALL = "(all)";
    private static final Duration CHECK_BUDGET = Duration.ofSeconds(60);

    private final HistoryCanvas canvas = new HistoryCanvas();
    private final StepperPane stepper = new StepperPane(canvas);
    private final AnomalyView anomalies = new AnomalyView(this::reveal);
    private final TabPane center = new TabPane();
    private final Tab timelineTab = new Tab("Timeline");
    private final Tab anomalyTab = new Tab("Anomalies");
    private final ListView<String> keyList = new ListView<>();
    private final ComboBox<String> keyFilter = combo("filter-key");
    private final ComboBox<String> processFilter = combo("filter-process");
    private final ComboBox<String> typeFilter = combo("filter-type");
    private final ComboBox<String> outcomeFilter = combo("filter-outcome");
    private final TextField search = new TextField();
    private final TextField rangeFrom = new TextField();
    private final TextField rangeTo = new TextField();
    private final ToggleButton compressed = new ToggleButton("Compress idle");
    private final Label verdict = new Label("Not checked yet.");
    private final Label status = new Label();
    private final BackgroundWork work = new BackgroundWork();
    private final SplitPane split;
    private Path file;
    private CheckResult result;
    private Map<String, String> keyVerdicts = Map.of();

    public HistoryView() {
        setId("history-view");
        canvas.setOnSelect(this::selected);
        timelineTab.setContent(canvas);
        timelineTab.setClosable(false);
        anomalyTab.setContent(anomalies);
        anomalyTab.setClosable(false);
        center.getTabs().add(timelineTab);
        center.setId("history-tabs");

        Button fit = new Button("Fit");
        fit.setId("history-fit");
        fit.setOnAction(e -> canvas.fit());
        compressed.setId("history-compress");
        compressed.selectedProperty().addListener((o, a, b) -> canvas.setCompressed(b));
        rangeFrom.setPromptText("from ms");
        rangeTo.setPromptText("to ms");
        rangeFrom.setPrefColumnCount(6);
        rangeTo.setPrefColumnCount(6);
        rangeFrom.setId("history-range-from");
        rangeTo.setId("history-range-to");
        Button zoom = new Button("Zoom");
        zoom.setId("history-zoom");
        zoom.setOnAction(e -> zoomToRange());
        rangeTo.setOnAction(e -> zoomToRange());
        search.setPromptText("search op id, value, error…");
        search.setId("history-search");
        search.setPrefColumnCount(14);
        search.textProperty().addListener((o, a, b) -> applyFilter());
        outcomeFilter.setItems(FXCollections.observableArrayList(ALL, "ok", "fail", "unknown"));
        outcomeFilter.setValue(ALL);
        for (ComboBox<String> c : List.of(keyFilter, processFilter, typeFilter, outcomeFilter)) {
            c.valueProperty().addListener((o, a, b) -> applyFilter());
        }
        ToolBar bar = new ToolBar(fit, compressed, new Label("range"), rangeFrom, rangeTo, zoom, new Separator(Orientation.VERTICAL),
                new Label("key"), keyFilter, new Label("process"), processFilter, new Label("op"), typeFilter,
                new Label("outcome"), outcomeFilter, search);
        setTop(bar);

        keyList.setId("history-keys");
        keyList.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> keyPicked(b));
        verdict.setId("history-verdict");
        verdict.setWrapText(true);
        verdict.setPadding(new Insets(6));
        Label keysTitle = new Label(" Keys (partitions) and verdicts");
        VBox left = new VBox(4, verdict, keysTitle, keyList);
        VBox.setVgrow(keyList, Priority.ALWAYS);
        left.setPrefWidth(210);
        left.setMinWidth(150);
        split = new SplitPane(left, center, stepper);
        // Prism repaints the backgrounds of the regions above the canvas on every frame (each pan
        // step); the split pane's is a cached image that the software renderer stretched over the
        // whole timeline, most of a frame's render time. Its sides draw their own backgrounds.
        split.setStyle("-fx-background-color: null; -fx-padding: 0;");
        split.setDividerPositions(0.14, 0.76);
        SplitPane.setResizableWithParent(left, false);
        SplitPane.setResizableWithParent(stepper, false);
        setCenter(split);
        status.setId("history-status");
        status.setPadding(new Insets(2, 8, 2, 8));
        setBottom(new VBox(work, status));
    }

    private static ComboBox<String> combo(String id) {
        ComboBox<String> c = new ComboBox<>(FXCollections.observableArrayList(ALL));
        c.setId(id);
        c.setValue(ALL);
        return c;
    }

    public HistoryCanvas canvas() {
        return canvas;
    }

    public StepperPane stepper() {
        return stepper;
    }

    public AnomalyView anomalies() {
        return anomalies;
    }

    public CheckResult result() {
        return result;
    }

    public boolean busy() {
        return work.busy();
    }

    public Path file() {
        return file;
    }

    /** Adds a view of the same file (the evidence table, the raw text) as a tab beside the timeline. */
    public void addTab(String title, Node content) {
        Tab t = new Tab(title, content);
        t.setClosable(false);
        center.getTabs().add(t);
    }

    public TabPane tabs() {
        return center;
    }

    /** Reads {@code history} in the background, shows it, then checks it. */
    public void open(Path history) {
        open(history, true);
    }

    /** As {@link #open(Path)}; without {@code check} the history is only shown (the benchmark's frames). */
    public void open(Path history, boolean check) {
        file = history.toAbsolutePath().normalize();
        status.setText("Reading " + file.getFileName() + "…");
        work.run("Reading " + file.getFileName(), () -> load(file), l -> {
            show(l);
            if (check) check(l.layout().history(), l.checker(), l.model());
        }, e -> status.setText("Cannot read " + file + ": " + message(e)));
    }

    /** What the background read produces: the layout and what to ask the checker. */
    public record Loaded(HistoryLayout layout, String checker, String model) {
    }

    public static Loaded load(Path file) throws IOException {
        History h = Histories.readAll(file, null);
        String[] asked = sessionCheck(file);
        return new Loaded(HistoryLayout.of(h, FaultLandings.beside(file)), asked[0], asked[1]);
    }

    /** FX thread: shows a read history and starts its check. */
    void show(Loaded loaded) {
        HistoryLayout l = loaded.layout();
        canvas.show(l);
        fill(keyFilter, l.keys());
        List<String> procs = new ArrayList<>(l.lanes());
        fill(processFilter, procs);
        fill(typeFilter, l.opTypes());
        keyVerdicts = Map.of();
        refreshKeys();
        status.setText(String.format(Locale.ROOT, "%s: %s, %s, %s, %s, %s",
                file == null ? l.history().source() : file.getFileName(), count(l.size(), "op"), count(l.lanes().size(), "process"),
                count(l.keys().size(), "key"), l.untimed() ? "no timestamps (event order)" : HistoryCanvas.duration(l.realAxis().spanMs()),
                count(l.epochs().size(), "fault epoch")));
    }

    /** {@code 1 process}, {@code 3 processes}. */
    static String count(int n, String noun) {
        return n + " " + (n == 1 ? noun : noun.endsWith("s") ? noun + "es" : noun + "s");
    }

    private void check(History h, String checker, String model) {
        AtomicBoolean cancelled = new AtomicBoolean(false);
        CheckBudget budget = new CheckBudget(CHECK_BUDGET, cancelled);
        verdict.setText("Checking…");
        HistoryCheck.Request request = new HistoryCheck.Request(checker, model, h.format(),
                Map.of(LinearizabilityChecker.LINEARIZATION_OPTION, "true", LinearizabilityChecker.ALL_PARTITIONS_OPTION, "true"),
                null, Map.of(), null, budget);
        work.run("Checking " + h.ops().size() + " ops", () -> HistoryCheck.standard().run(h, request), this::checked,
                e -> verdict.setText("Not checked: " + message(e)), () -> cancelled.set(true));
    }

    private void checked(CheckedHistory c) {
        result = c.result();
        verdict.setText(result.validity() + " — " + result.checker() + (result.model() == null ? "" : " / " + result.model())
                + "\n" + result.summary());
        keyVerdicts = keyVerdicts(result, canvas.history().keys());
        refreshKeys();
        List<StepTrack> tracks = StepTrack.of(result);
        stepper.setTracks(tracks);
        if (tracks.isEmpty()) {
            split.getItems().remove(stepper); // nothing to step: the room goes to the timeline and the anomalies
        } else if (!split.getItems().contains(stepper)) {
            split.getItems().add(stepper);
            split.setDividerPositions(0.14, 0.76);
        }
        if (result.counterexample() instanceof TxnCounterexample tx) {
            if (!center.getTabs().contains(anomalyTab)) center.getTabs().add(1, anomalyTab);
            anomalies.show(tx);
            if (!tx.anomalies().isEmpty()) center.getSelectionModel().select(anomalyTab);
        }
    }

    /**
     * Each key's verdict: FAIL for the keys of each failing partition (the viewer asks the checker
     * for all of them), PASS for the keys of a partition that has a linearization and for every key
     * of a linearizable history; keys of no decided partition (the budget ran out, or none of their
     * ops could take effect) are "not decided".
     */
    static Map<String, String> keyVerdicts(CheckResult r, List<String> keys) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> failing = new TreeSet<>();
        Set<String> passing = new TreeSet<>();
        if (r.linearization() != null) {
            for (Linearization.Partition p : r.linearization().partitions()) passing.addAll(partitionKeys(p.partition(), keys));
        }
        if (r.counterexample() instanceof LinearizabilityCounterexample cx) {
            for (LinearizabilityCounterexample.PartitionFailure p : cx.partitions()) failing.addAll(partitionKeys(p.partition(), keys));
        } else if (r.counterexample() instanceof TxnCounterexample tx) {
            for (TxnCounterexample.Anomaly a : tx.anomalies()) {
                if (a.key() != null) failing.add(a.key());
                for (TxnCounterexample.Edge e : a.edges()) if (e.key() != null) failing.add(e.key());
            }
        }
        String rest = switch (r.validity()) {
            case VALID -> "PASS";
            case INVALID -> r.counterexample() instanceof TxnCounterexample ? "no anomaly" : "not decided";
            default -> "UNKNOWN";
        };
        for (String k : keys) {
            out.put(k, failing.contains(k) ? (r.counterexample() instanceof TxnCounterexample ? "ANOMALY" : "FAIL")
                    : passing.contains(k) ? "PASS" : rest);
        }
        return out;
    }

    /** The keys a partition label ({@code key k0}, {@code keys a, b}, {@code all}) covers. */
    static List<String> partitionKeys(String partition, List<String> keys) {
        if (partition.equals("all")) return keys;
        String names = partition.replaceFirst("^keys? ", "").replaceFirst(", … \\(\\d+ keys\\)$", "");
        List<String> out = new ArrayList<>();
        for (String n : names.split(", ")) if (keys.contains(n)) out.add(n);
        return out;
    }

    private void refreshKeys() {
        List<String> rows = new ArrayList<>();
        for (String k : canvas.history().keys()) rows.add(k + "  —  " + keyVerdicts.getOrDefault(k, "…"));
        if (rows.isEmpty()) {
            rows.add("(no keys: one partition)  —  " + (result == null ? "…" : result.validity()));
        }
        keyList.getItems().setAll(rows);
    }

    private void keyPicked(String row) {
        if (row == null) return;
        String key = row.substring(0, row.indexOf("  —  "));
        if (!canvas.history().keys().contains(key)) return;
        keyFilter.setValue(key);
        for (StepTrack t : stepper.tracks()) {
            if (partitionKeys(t.partition(), canvas.history().keys()).contains(key)) {
                stepper.showPartition(t.partition());
                break;
            }
        }
    }

    /** Selects the key's row in the keys list (as a click would). */
    public void pickKey(String key) {
        for (String row : keyList.getItems()) {
            if (row.startsWith(key + "  —  ")) keyList.getSelectionModel().select(row);
        }
    }

    public List<String> keyRows() {
        return List.copyOf(keyList.getItems());
    }

    private static void fill(ComboBox<String> c, List<String> values) {
        List<String> items = new ArrayList<>();
        items.add(ALL);
        items.addAll(values);
        c.setItems(FXCollections.observableArrayList(items));
        c.setValue(ALL);
    }

    /** Sets the filters (null or "(all)" for any); {@code text} is matched against id, values and error. */
    public void filter(String key, String process, String opType, String outcome, String text) {
        keyFilter.setValue(key == null ? ALL : key);
        processFilter.setValue(process == null ? ALL : process);
        typeFilter.setValue(opType == null ? ALL : opType);
        outcomeFilter.setValue(outcome == null ? ALL : outcome);
        search.setText(text == null ? "" : text);
        applyFilter();
    }

    private void applyFilter() {
        if (canvas.history() == null) return;
        String key = keyFilter.getValue();
        String proc = processFilter.getValue();
        String type = typeFilter.getValue();
        String outcome = outcomeFilter.getValue();
        String text = search.getText() == null ? "" : search.getText().strip().toLowerCase(Locale.ROOT);
        HistoryLayout layout = canvas.history();
        canvas.setFilter(i -> {
            Op op = layout.op(i);
            return (key == null || key.equals(ALL) || layout.touches(i, key))
                    && (proc == null || proc.equals(ALL) || proc.equals(op.processName()))
                    && (type == null || type.equals(ALL) || type.equals(op.opType()))
                    && (outcome == null || outcome.equals(ALL) || outcome.equals(outcomeName(op.outcome())))
                    && (text.isEmpty() || layout.textMatches(i, text));
        });
        status.setText(String.format(Locale.ROOT, "%d of %d ops shown", canvas.shownCount(), canvas.history().size()));
    }

    private static String outcomeName(Outcome o) {
        return switch (o) {
            case OK -> "ok";
            case FAIL -> "fail";
            case UNKNOWN -> "unknown";
        };
    }

    private void zoomToRange() {
        try {
            double a = Double.parseDouble(rangeFrom.getText().strip());
            double b = Double.parseDouble(rangeTo.getText().strip());
            HistoryLayout l = canvas.history();
            // the fields are real ms from the start; on the compressed axis they map through it
            long origin = l.realAxis().originNs();
            canvas.zoomTo(l.axis().toMs(origin + (long) (Math.min(a, b) * 1e6)), l.axis().toMs(origin + (long) (Math.max(a, b) * 1e6)));
        } catch (NumberFormatException | NullPointerException e) {
            status.setText("Range: give two numbers of ms from the start of the history");
        }
    }

    /** Shows a transaction of an anomaly in the timeline, selected (the anomaly view's jump). */
    public boolean reveal(TxnCounterexample.Txn txn) {
        HistoryLayout l = canvas.history();
        int op = l == null ? -1 : l.indexOf(txn.opId(), txn.line());
        if (op < 0) {
            status.setText(txn.label() + " (op " + txn.opId() + ", line " + txn.line() + ") is not in this history");
            return false;
        }
        if (!canvas.isShown(op)) filter(null, null, null, null, null);
        center.getSelectionModel().select(timelineTab);
        canvas.select(op, true);
        return true;
    }

    private LongConsumer onInstant = t -> { };

    /** Hears the instant (ns from the history's first invocation) of each op the user selects: other viewers follow it. */
    public void setOnInstant(LongConsumer listener) {
        onInstant = listener == null ? t -> { } : listener;
    }

    /**
     * Shows the instant {@code nsFromStart} (ns from the history's first invocation): selects the op in flight
     * then — the one invoked last before it — or else the op invoked nearest to it ({@link HistoryLayout#opAt}),
     * and reveals it. No history: nothing.
     */
    public void showInstant(long nsFromStart) {
        HistoryLayout l = canvas.history();
        if (l == null || l.size() == 0) return;
        int best = l.opAt(l.realAxis().originNs() + nsFromStart);
        showingInstant = true;
        try {
            canvas.select(best, true);
        } finally {
            showingInstant = false;
        }
    }

    /** True while {@link #showInstant} selects: an instant shown is not announced back. */
    private boolean showingInstant;

    private void selected(int op) {
        if (op < 0) return;
        Op o = canvas.history().op(op);
        if (!showingInstant) onInstant.accept(o.invokeTs() - canvas.history().realAxis().originNs());
        status.setText("Selected op " + o.opId() + " (" + o.processLabel() + "): " + canvas.history().label(op));
    }

    /**
     * The checker and model the runner used for a session artifact ({@code <arm>.<checker>.check.json}
     * beside {@code <arm>.history.jsonl}), so the window re-checks it as the session did; nulls otherwise.
     */
    static String[] sessionCheck(Path history) {
        String name = history.getFileName().toString();
        Path dir = history.toAbsolutePath().getParent();
        var label = SessionLayout.historyLabel(name);
        if (label.isEmpty() || dir == null) return new String[2];
        // by SessionLayout's rule, not a glob: a label may hold glob characters, and "S1" must not match "S1.2-1"'s results
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir,
                f -> SessionLayout.isCheckResultOf(f.getFileName().toString(), label.get()))) {
            for (Path f : files) {
                JsonNode n = new ObjectMapper().readTree(f.toFile());
                String checker = n.path("checker").isTextual() ? n.path("checker").asText() : null;
                String model = n.path("model").isTextual() ? n.path("model").asText() : null;
                if (LinearizabilityChecker.NAME.equals(checker)) return new String[] {checker, model};
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable result only loses the hint: the pipeline chooses as falsify check would
        }
        return new String[2];
    }

    private static String message(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getMessage() == null) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
