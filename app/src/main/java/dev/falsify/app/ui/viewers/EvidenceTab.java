package dev.falsify.app.ui.viewers;

import dev.falsify.app.ui.history.HistoryFiles;
import dev.falsify.app.ui.history.HistoryView;
import dev.falsify.app.ui.log.LogFile;
import dev.falsify.app.ui.log.LogViewer;
import dev.falsify.app.ui.spacetime.SpaceTimeView;
import dev.falsify.app.ui.tab.WorkbenchTab;
import dev.falsify.app.ui.theme.ThemeSetting;
import dev.falsify.app.ui.work.BackgroundThreads;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.model.session.MessageEventLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.Subscription;

/**
 * One evidence file open read-only in the viewer that fits it ({@link EvidenceKind}). The file is read
 * and parsed off the FX thread (progress and Cancel while it loads); there is no editor, no save and
 * no autosave — evidence cannot be changed from here by accident. Rendered Markdown follows the
 * window's theme.
 */
public final class EvidenceTab extends Tab implements WorkbenchTab {
    private final Path path;
    private final EvidenceKind kind;
    private final Consumer<Path> opener;
    private final ThemeSetting theme;
    private final Subscription themeFollow;
    private final BorderPane body = new BorderPane();
    private final Label banner = new Label();
    private Node viewer;
    private Task<Object> loading;
    private LogFile openLog;
    private int pendingLine = -1;
    /** The session's shared instant; this tab's viewer moves it and follows it. */
    private final TimeCursor cursor;
    private Runnable unfollow = () -> { };
    /** The file's modification time when last read: a report rewritten since is read again when its tab is shown. */
    private java.nio.file.attribute.FileTime readAt;

    /**
     * @param label  the tab's title (e.g. {@code replicated-kv @ 2026-12-01T081030Z / report.md})
     * @param opener opens a file linked from rendered Markdown inside the window
     */
    public EvidenceTab(Path path, String label, Consumer<Path> opener, ThemeSetting theme) {
        this.path = path.toAbsolutePath().normalize();
        this.kind = EvidenceKind.of(path);
        this.opener = opener;
        this.theme = theme;
        setText(label);
        setTooltip(new Tooltip(this.path + " (read-only evidence)"));
        getStyleClass().add("evidence-tab");
        banner.getStyleClass().add("evidence-banner");
        banner.setPadding(new Insets(3, 8, 3, 8));
        banner.setText("Read-only evidence \u2014 " + this.path);
        body.setTop(banner);
        setContent(body);
        cursor = TimeCursor.forEvidence(this.path);
        // Markdown is rendered in the theme's colours: render it again after a switch
        themeFollow = theme.onChange(() -> {
            if (kind == EvidenceKind.MARKDOWN && viewer != null) {
                load();
            }
        });
        selectedProperty().addListener((o, was, now) -> {
            if (now && viewer != null && (kind == EvidenceKind.MARKDOWN || kind == EvidenceKind.JSON) && changedOnDisk()) {
                load();
            }
        });
        setOnClosed(e -> {
            cancel();
            closeLog();
            unfollow.run();
            themeFollow.unsubscribe();
        });
    }

    public Path path() {
        return path;
    }

    @Override
    public Tab tab() {
        return this;
    }

    /** The file (absolute, normalized). */
    @Override
    public Optional<Path> key() {
        return Optional.of(path);
    }

    /** Opened again: read the file again (a log may have grown, a report been rewritten). */
    @Override
    public void reopened() {
        load();
    }

    public EvidenceKind kind() {
        return kind;
    }

    /** The viewer node once loaded (LogViewer, JsonTreeViewer, HistoryView or MarkdownViewer). */
    public Node viewer() {
        return viewer;
    }

    /** Shows (selects) line {@code line} (0-based) of a log once it is loaded. */
    public void showLineWhenLoaded(int line) {
        if (viewer instanceof LogViewer v && !isLoading()) {
            v.showLine(line);
        } else {
            pendingLine = line;
        }
    }

    public boolean isLoading() {
        return loading != null && loading.isRunning();
    }

    private java.nio.file.attribute.FileTime modified() {
        try {
            return java.nio.file.Files.getLastModifiedTime(path);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private boolean changedOnDisk() {
        return !java.util.Objects.equals(readAt, modified());
    }

    /** (Re)reads the file in the background and shows it. */
    public void load() {
        cancel();
        readAt = modified();
        ProgressIndicator progress = new ProgressIndicator();
        progress.setMaxSize(48, 48);
        Button cancel = new Button("Cancel");
        VBox wait = new VBox(10, progress, new Label("Reading " + path.getFileName() + "\u2026"), cancel);
        wait.setAlignment(Pos.CENTER);
        body.setCenter(wait);
        boolean isDark = theme.isDark();
        MarkdownViewer md = kind == EvidenceKind.MARKDOWN ? markdownViewer() : null;
        Task<Object> task = new Task<>() {
            @Override
            protected Object call() throws Exception {
                if (kind == EvidenceKind.TEXT) {
                    // .edn, Porcupine .log/.txt: the history viewer when the checkers read it as a history
                    if (HistoryFiles.isHistory(path)) return SNIFFED_HISTORY;
                    // logs are read by line offsets, never whole: a million lines open at once
                    LogFile lf = new LogFile(path);
                    lf.index();
                    return lf;
                }
                EvidenceText t = EvidenceText.read(path);
                if (t.binary()) {
                    return t;
                }
                return switch (kind) {
                    case MARKDOWN -> new Object[] {t, md.render(t.text(), path, isDark)};
                    case HISTORY -> new Object[] {t, HistoryRows.parse(t.text())};
                    case MESSAGES -> new Object[] {t, MessageEventLog.read(path), MessageEventLog.anchor(path).orElse(null)};
                    default -> t;
                };
            }
        };
        cancel.setOnAction(e -> task.cancel());
        task.setOnSucceeded(e -> show(task.getValue(), md));
        task.setOnFailed(e -> body.setCenter(message("Cannot read " + path + ": " + task.getException().getMessage())));
        task.setOnCancelled(e -> {
            Button again = new Button("Reload");
            again.setOnAction(x -> load());
            body.setCenter(new VBox(8, message("Cancelled."), again));
        });
        loading = task;
        BackgroundThreads.start("falsify-evidence-read", task);
    }

    /** What the reading task returns for a text file the checkers read as a history. */
    private static final Object SNIFFED_HISTORY = new Object();

    private MarkdownViewer markdownViewer() {
        return viewer instanceof MarkdownViewer m ? m : new MarkdownViewer(opener);
    }

    @SuppressWarnings("unchecked")
    private void show(Object result, MarkdownViewer md) {
        if (result == SNIFFED_HISTORY) {
            banner.setText("Read-only evidence \u2014 " + path);
            viewer = follow(HistoryFiles.viewer(path, "Text", logOf(path)));
            body.setCenter(viewer);
            return;
        }
        if (result instanceof LogFile lf) {
            banner.setText("Read-only evidence \u2014 " + path + (lf.note().isEmpty() ? "" : " \u2014 " + lf.note()));
            viewer = lf.binary() ? message(lf.note()) : logViewer(lf);
            body.setCenter(viewer);
            return;
        }
        EvidenceText text = result instanceof Object[] a ? (EvidenceText) a[0] : (EvidenceText) result;
        banner.setText("Read-only evidence \u2014 " + path + (text.note().isEmpty() ? "" : " \u2014 " + text.note()));
        if (text.binary()) {
            viewer = message(text.note());
        } else if (kind == EvidenceKind.MARKDOWN) {
            md.showHtml((String) ((Object[]) result)[1]);
            viewer = md;
        } else if (kind == EvidenceKind.MESSAGES) {
            SpaceTimeView v = new SpaceTimeView();
            v.show((List<MessageEvent>) ((Object[]) result)[1]);
            if (((Object[]) result)[2] instanceof MessageEventLog.ClockAnchor a) {
                cursor.anchor(new SessionClock.Anchor(a.wallMicros(), a.monoNanos()));
            }
            v.setOnInstant(t -> cursor.move(t, v));
            follow(v, v::showInstant);
            viewer = v;
        } else if (kind == EvidenceKind.HISTORY) {
            HistoryTableViewer h = new HistoryTableViewer();
            h.show((List<Map<String, String>>) ((Object[]) result)[1]);
            viewer = follow(HistoryFiles.viewer(path, "Table", h));
        } else if (kind == EvidenceKind.JSON) {
            try {
                JsonTreeViewer j = new JsonTreeViewer();
                j.show(text.text());
                viewer = j;
            } catch (IOException e) {
                banner.setText(banner.getText() + " \u2014 not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + "): shown as text");
                viewer = logOf(path);
            }
        } else {
            viewer = logOf(path);
        }
        body.setCenter(viewer);
    }

    private void follow(Object v, LongConsumer show) {
        unfollow.run();
        unfollow = cursor.listen(v, show);
        cursor.instant().ifPresent(show::accept);
    }

    /**
     * The history viewer on the session's instant: its ops' times are ns from the history's first invocation,
     * mapped to and from the session clock through that invocation's time.
     */
    private HistoryView follow(HistoryView h) {
        h.setOnInstant(off -> origin(h).ifPresent(o -> cursor.move(SessionClock.fromHistory(off, o), h)));
        follow(h, t -> origin(h).ifPresent(o -> h.showInstant(SessionClock.toHistory(t, o))));
        return h;
    }

    private static Optional<Long> origin(HistoryView h) {
        var l = h.canvas().history();
        return l == null || l.size() == 0 ? Optional.empty() : Optional.of(l.realAxis().originNs());
    }

    /** A log follows the instant, and a clicked line moves it, through the lines' timestamps and the session's wall-clock anchor, where both exist. */
    private void followLog(LogViewer v) {
        v.setOnPickLine(line -> cursor.anchor().ifPresent(a ->
                SessionClock.stampOf(v.lines(), line).ifPresent(w -> cursor.move(a.toMono(w), v))));
        follow(v, t -> cursor.anchor().ifPresent(a -> {
            int line = SessionClock.lineAt(v.lines(), a.toWall(t));
            if (line >= 0) v.showLine(line);
        }));
    }

    /** A file's lines in the log viewer, following what is appended while the tab is open. */
    private LogViewer logViewer(LogFile lf) {
        closeLog();
        openLog = lf;
        LogViewer v = new LogViewer();
        v.open(lf);
        followLog(v);
        if (pendingLine >= 0) {
            int line = pendingLine;
            pendingLine = -1;
            Platform.runLater(() -> v.showLine(line)); // after its first layout
        }
        v.setPoller(() -> {
            try {
                lf.index();
            } catch (IOException e) {
                // the file went away or cannot be read: keep showing what was read
            }
        });
        return v;
    }

    private Node logOf(Path file) {
        try {
            LogFile lf = new LogFile(file);
            lf.index();
            return logViewer(lf);
        } catch (IOException e) {
            return message("Cannot read " + file + ": " + e.getMessage());
        }
    }

    private void closeLog() {
        if (openLog != null) {
            try {
                openLog.close();
            } catch (IOException ignored) {
                // read-only channel: nothing to lose
            }
            openLog = null;
        }
    }

    private static Node message(String s) {
        Label l = new Label(s);
        l.setWrapText(true);
        l.setPadding(new Insets(12));
        return new HBox(l);
    }

    private void cancel() {
        if (loading != null && loading.isRunning()) {
            loading.cancel();
        }
    }
}
