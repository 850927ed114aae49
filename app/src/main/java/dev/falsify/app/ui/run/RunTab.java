package dev.falsify.app.ui.run;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.app.ui.log.LogViewer;
import dev.falsify.app.ui.tab.WorkbenchTab;
import dev.falsify.app.ui.work.BackgroundThreads;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.events.TimelineReplay;
import dev.falsify.runner.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * A run in the window: progress per scenario seed, the live timeline and the run's log, fed once per
 * pulse from the {@link RunSession}'s queue (the run goes on whatever tab is shown). Stop uses the
 * runner's teardown; when the run ends its Session view opens. The same tab replays a finished
 * session's timeline from its session-log.md ({@link #replay}).
 */
public final class RunTab extends Tab implements WorkbenchTab {
    /** Events taken from the queue per pulse at most, so one pulse stays short whatever the run does. */
    static final int EVENTS_PER_PULSE = 5_000;

    private final RunHost host;
    private final RunSession session;
    private final Path replayDir;
    private final TimelineModel model = new TimelineModel();
    private final TimelineView timeline = new TimelineView(model);
    private final LogViewer log = new LogViewer();
    private final ObservableList<SeedProgress> rows = FXCollections.observableArrayList();
    private final Map<String, SeedProgress> bySeed = new LinkedHashMap<>();
    private final TableView<SeedProgress> table = new TableView<>(rows);
    private final Label status = new Label();
    private final Button stop = new Button("\u25a0 Stop");
    private boolean finished;
    private RunResult result;
    private Throwable failure;
    private String replayed = "";
    private AtomicBoolean scanCancel;
    private boolean scanDone;
    /** A row was added since the last pulse (see {@link #repaintTable}). */
    private boolean tableChanged;

    private final AnimationTimer pump = new AnimationTimer() {
        @Override
        public void handle(long now) {
            pumpOnce();
        }
    };

    /** A tab for a run that is starting now. */
    public RunTab(RunSession session, RunHost host) {
        this(session, null, host);
        log.open(session.log());
        timeline.setLive(true);
        pump.start();
    }

    private static final java.time.format.DateTimeFormatter STARTED = java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss");
    private String titleBase;

    private RunTab(RunSession session, Path replayDir, RunHost host) {
        this.session = session;
        this.replayDir = replayDir;
        this.host = host;
        String plan = session != null ? session.snapshot().file().getFileName().toString() : replayDir.getFileName().toString();
        // three runs of one plan are told apart by when they started; the ▶ marks one still running
        this.titleBase = plan + (session != null ? " \u00b7 " + STARTED.format(java.time.LocalTime.now()) : "");
        setText((session != null ? "\u25b6 " : "Timeline ") + titleBase);
        getStyleClass().add("run-tab");
        status.setId("run-status");
        stop.setId("run-stop");
        stop.setTooltip(new Tooltip("Stop: every process is torn down and the session is left interrupted"));
        stop.setOnAction(e -> stop());
        stop.setVisible(session != null);
        Label title = new Label(session != null ? "Run of " + session.snapshot().file() : "Timeline of " + replayDir);
        title.setStyle("-fx-font-weight: bold;");
        HBox top = new HBox(10, title, status, stop);
        HBox.setHgrow(status, Priority.ALWAYS);
        status.setMaxWidth(Double.MAX_VALUE);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 8, 4, 8));
        table.setId("run-progress");
        TableColumn<SeedProgress, String> seed = new TableColumn<>("Seed run");
        seed.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().label()));
        seed.setPrefWidth(110);
        TableColumn<SeedProgress, String> phase = new TableColumn<>("Phase");
        phase.setCellValueFactory(c -> c.getValue().phaseProperty());
        phase.setPrefWidth(170);
        TableColumn<SeedProgress, String> outcome = new TableColumn<>("Outcome");
        outcome.setCellValueFactory(c -> c.getValue().outcomeProperty());
        outcome.setPrefWidth(150);
        table.getColumns().add(seed);
        table.getColumns().add(phase);
        table.getColumns().add(outcome);
        table.setPlaceholder(new Label("No seed started yet"));
        timeline.setOnMarker(this::openMarker);
        timeline.setOnProcessLog(this::showProcessLog);
        SplitPane upper = new SplitPane(table, timeline);
        upper.setDividerPositions(0.3);
        BorderPane body = new BorderPane();
        body.setTop(top);
        if (session != null) {
            SplitPane split = new SplitPane(upper, log);
            split.setOrientation(Orientation.VERTICAL);
            split.setDividerPositions(0.55);
            body.setCenter(split);
        } else {
            body.setCenter(upper);
        }
        setContent(body);
        setOnClosed(e -> {
            if (session != null && session.running()) session.stop(); // a closed run view does not leave a run behind
            if (scanCancel != null) scanCancel.set(true);
        });
    }

    /**
     * The timeline of a finished (or interrupted) session, replayed from its event log
     * ({@link TimelineReplay}: artifacts/events.jsonl, or an older session's log rows); a click on a
     * log marker opens that line of the seed's log file.
     */
    public static RunTab replay(Path sessionDir, RunHost host) throws IOException {
        RunTab t = new RunTab(null, sessionDir, host);
        var folder = SessionReader.read(sessionDir);
        TimelineReplay replay = TimelineReplay.of(sessionDir, folder);
        replay.events().forEach(t::accept);
        int n = replay.events().size();
        t.finished = true;
        t.replayed = n + " events from " + replay.source() + (folder.interrupted() ? " (interrupted)" : "")
                + (replay.problems().isEmpty() ? "" : "; " + replay.problems().size() + " lines skipped ("
                + replay.problems().get(0) + (replay.problems().size() > 1 ? ", …" : "") + ")");
        t.status.setText(t.replayed);
        t.timeline.setLive(false);
        t.timeline.fit();
        t.scanLogs();
        return t;
    }

    /**
     * Marks the error lines of the session's logs that its session log did not record, read off the
     * FX thread with progress in the status line and a Cancel button (closing the tab cancels too).
     */
    private void scanLogs() {
        Set<String> known = new HashSet<>();
        Map<String, long[]> lives = new HashMap<>();
        Map<String, String> names = new HashMap<>();
        for (TimelineModel.Lane l : model.lanes()) {
            for (TimelineModel.Marker m : l.markers()) {
                if (m.event() instanceof RunEvent.LogMarker lm) known.add(LogScan.key(lm.scenario(), lm.process(), lm.stream(), lm.lineNo()));
            }
            long from = l.markers().isEmpty() ? model.start() : l.markers().get(0).at();
            long to = l.markers().isEmpty() ? model.end() : l.markers().get(l.markers().size() - 1).at();
            if (!l.spans().isEmpty()) {
                from = l.spans().get(0).start();
                long end = l.spans().get(l.spans().size() - 1).end();
                to = end < 0 ? model.end() : end;
            }
            String base = l.kind() == TimelineModel.LaneKind.SCENARIO ? "" : SessionWriter.fileNamePart(l.process());
            lives.put(l.seed() + "\u0000" + base, new long[] {from, Math.max(from, to)});
            if (!base.isEmpty()) names.put(l.seed() + "\u0000" + base, l.process());
        }
        long runStart = model.start();
        long runEnd = model.end();
        LogScan.Lifetimes times = new LogScan.Lifetimes() {
            public long[] of(String seed, String base) {
                long[] l = lives.get(seed + "\u0000" + base);
                if (l == null) l = lives.get(seed + "\u0000"); // no lane for the process: its seed's time
                return l != null ? l : new long[] {runStart, runEnd};
            }

            public String process(String seed, String base) {
                return names.getOrDefault(seed + "\u0000" + base, base);
            }
        };
        AtomicBoolean cancel = new AtomicBoolean();
        AtomicLong shownAt = new AtomicLong();
        Button cancelButton = new Button("Cancel scan");
        cancelButton.setId("run-scan-cancel");
        cancelButton.setOnAction(e -> cancel.set(true));
        ((HBox) ((BorderPane) getContent()).getTop()).getChildren().add(cancelButton);
        scanCancel = cancel;
        status.setText(replayed + " \u2014 scanning the logs for error lines\u2026");
        BackgroundThreads.start("falsify-log-scan", () -> {
            String end;
            try {
                LogScan.Result r = LogScan.scan(replayDir, times, known,
                        batch -> Platform.runLater(() -> batch.forEach(this::accept)),
                        f -> {
                            long now = System.nanoTime();
                            if (now - shownAt.get() > 100_000_000L) { // a status line 10 times a second is enough
                                shownAt.set(now);
                                String text = String.format(Locale.ROOT, "%s \u2014 scanning the logs for error lines\u2026 %.0f%%", replayed, f * 100);
                                Platform.runLater(() -> {
                                    if (!cancel.get()) status.setText(text);
                                });
                            }
                        }, cancel::get);
                end = r.cancelled() ? "log scan cancelled (" + r.marked() + " error lines marked so far)"
                        : r.marked() + " more error line" + (r.marked() == 1 ? "" : "s") + " marked from " + r.files() + " log file" + (r.files() == 1 ? "" : "s")
                        + (r.capped() > 0 ? " (the first " + LogScan.MAX_PER_FILE + " of a file only)" : "");
            } catch (IOException | RuntimeException e) {
                end = "log scan failed: " + e.getMessage();
            }
            String text = replayed + " \u2014 " + end;
            Platform.runLater(() -> {
                status.setText(text);
                ((HBox) ((BorderPane) getContent()).getTop()).getChildren().remove(cancelButton);
                scanDone = true;
            });
        });
    }

    /** Whether a replay's log scan ended (or there is none). */
    public boolean logScanDone() {
        return replayDir == null || scanDone;
    }

    private void accept(RunEvent e) {
        model.accept(e);
        String label = e.scenario();
        if (label.isEmpty()) return;
        SeedProgress p = bySeed.get(label);
        if (p == null) {
            if (!(e instanceof RunEvent.ScenarioStarted) && !label.contains("-")) return; // arm-level rows (not started)
            p = new SeedProgress(label);
            bySeed.put(label, p);
            rows.add(p);
            tableChanged = true;
        }
        p.accept(e);
    }

    /** Takes this pulse's events from the run (FX thread). */
    void pumpOnce() {
        if (session == null) return;
        session.drain(this::accept, EVENTS_PER_PULSE);
        if (tableChanged) repaintTable();
        if (!finished) {
            String text = (session.stopping() ? "Stopping \u2014 tearing down\u2026 " : "Running \u2014 ") + session.lastProgress();
            if (!text.equals(status.getText())) status.setText(text);
        }
        if (!finished && session.result().isDone() && session.queued() == 0) finish();
    }

    /**
     * Makes the renderer repaint the whole progress table. In a real window (GTK glass, software
     * prism, as on Xvfb) the row cells the table's first rows created were in the scene graph but
     * never drawn until something else repainted that area (a resize, a tab switch): the new
     * cells' area was missing from prism's dirty region. A sub-pixel move of the table marks all
     * of it dirty; it alternates so the table never drifts. Only pulses that added a row pay: a
     * phase or outcome changing in a drawn cell repaints that cell as any text does (a whole-table
     * repaint on every change, a fault every 2 s, raised the window's pulse p99 past 16 ms).
     */
    private void repaintTable() {
        tableChanged = false;
        table.setTranslateX(table.getTranslateX() == 0 ? 1e-3 : 0);
    }

    private void finish() {
        finished = true;
        pump.stop();
        timeline.setLive(false);
        stop.setDisable(true);
        try {
            result = session.result().join();
        } catch (RuntimeException e) {
            failure = e.getCause() != null ? e.getCause() : e;
        }
        if (result != null) {
            for (var v : result.verdicts().entrySet()) {
                rows.stream().filter(r -> r.label().startsWith(v.getKey() + "-")).forEach(r -> r.verdict(v.getValue().label()));
            }
            if (tableChanged) repaintTable();
            String text = (session.stopping() ? "Stopped (session interrupted): " : "Finished: ") + result.headline()
                    + " \u2014 " + result.sessionDir();
            setText(titleBase + " \u2014 " + (session.stopping() ? "stopped" : result.headline()));
            status.setText(text);
            host.status(text);
            host.openSession(result.sessionDir());
        } else {
            String text = "The run failed: " + (failure == null ? "unknown error" : failure.getMessage());
            setText(titleBase + " \u2014 failed");
            status.setText(text);
            host.status(text);
        }
    }

    @Override
    public Tab tab() {
        return this;
    }

    /** Run ▸ Stop: stops this run if it is going on. */
    @Override
    public boolean stopRun() {
        if (session == null || !session.running()) return false;
        stop();
        return true;
    }

    /** Stops the run (no-op when it ended). */
    public void stop() {
        if (session != null && session.running()) {
            session.stop();
            stop.setDisable(true);
            status.setText("Stopping \u2014 tearing down\u2026");
        }
    }

    private void openMarker(TimelineModel.Marker m) {
        if (!(m.event() instanceof RunEvent.LogMarker lm)) {
            host.status(m.event().describe());
            return;
        }
        if (session != null) {
            int line = session.log().find(RunSession.processLabel(lm.scenario(), lm.process(), lm.stream()), lm.lineNo());
            if (line >= 0) {
                log.showLine(line);
                return;
            }
        }
        Path dir = session != null ? session.sessionDir() : replayDir;
        if (dir != null) {
            Path file = SessionLayout.processLog(dir, lm.scenario(), lm.process(), lm.stream());
            host.openLogLine(file, lm.lineNo());
        }
    }

    /**
     * "Show this process's log": a live run filters its log viewer to that process's streams (every
     * stream of the seed for a seed lane); a replay opens the process's log file of the session.
     */
    void showProcessLog(String seed, String process) {
        if (session != null) {
            String prefix = process.isEmpty() ? seed + " " : RunSession.processLabel(seed, process, "");
            Set<Integer> ids = new HashSet<>();
            var procs = session.log().processes();
            for (int i = 0; i < procs.size(); i++) if (procs.get(i).startsWith(prefix)) ids.add(i);
            if (ids.isEmpty()) {
                host.status("No log lines from " + (process.isEmpty() ? seed : seed + " " + process) + " yet");
                return;
            }
            log.showProcesses(ids);
            return;
        }
        Path dir = SessionLayout.logsDir(replayDir, seed);
        if (process.isEmpty()) {
            host.status("Logs of " + seed + ": " + dir);
            return;
        }
        String base = SessionWriter.fileNamePart(process);
        Path out = dir.resolve(base + ".out.log");
        Path err = dir.resolve(base + ".err.log");
        Path file = Files.isRegularFile(out) || !Files.isRegularFile(err) ? out : err;
        host.openLogLine(file, 1);
    }

    public TimelineView timeline() {
        return timeline;
    }

    public LogViewer log() {
        return log;
    }

    public TableView<SeedProgress> progress() {
        return table;
    }

    public Label status() {
        return status;
    }

    public Button stopButton() {
        return stop;
    }

    /** The plan this tab ran (for F5 on a finished run), or empty for a replayed timeline. */
    public java.util.Optional<Path> planFile() {
        return session == null ? java.util.Optional.empty() : java.util.Optional.of(session.snapshot().file());
    }

    public RunSession session() {
        return session;
    }

    /** Whether the run ended and its results were taken in (or this is a replay). */
    public boolean finished() {
        return finished;
    }

    public RunResult result() {
        return result;
    }
}
