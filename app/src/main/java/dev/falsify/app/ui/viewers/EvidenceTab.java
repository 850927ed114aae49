package dev.falsify.app.ui.viewers;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * One evidence file open read-only in the viewer that fits it ({@link EvidenceKind}). The file is read
 * and parsed off the FX thread (progress and Cancel while it loads); there is no editor, no save and
 * no autosave — evidence cannot be changed from here by accident.
 */
public final class EvidenceTab extends Tab {
    private final Path path;
    private final EvidenceKind kind;
    private final Consumer<Path> opener;
    private final BooleanSupplier dark;
    private final BorderPane body = new BorderPane();
    private final Label banner = new Label();
    private Node viewer;
    private Task<Object> loading;

    /**
     * @param label  the tab's title (e.g. {@code replicated-kv @ 2026-12-01T081030Z / report.md})
     * @param opener opens a file linked from rendered Markdown inside the window
     */
    public EvidenceTab(Path path, String label, Consumer<Path> opener, BooleanSupplier dark) {
        this.path = path.toAbsolutePath().normalize();
        this.kind = EvidenceKind.of(path);
        this.opener = opener;
        this.dark = dark;
        setText(label);
        setTooltip(new Tooltip(this.path + " (read-only evidence)"));
        getStyleClass().add("evidence-tab");
        banner.getStyleClass().add("evidence-banner");
        banner.setPadding(new Insets(3, 8, 3, 8));
        banner.setText("Read-only evidence \u2014 " + this.path);
        body.setTop(banner);
        setContent(body);
        setOnClosed(e -> cancel());
    }

    public Path path() {
        return path;
    }

    public EvidenceKind kind() {
        return kind;
    }

    /** The viewer node once loaded (LogViewer, JsonTreeViewer, HistoryTableViewer or MarkdownViewer). */
    public Node viewer() {
        return viewer;
    }

    public boolean isLoading() {
        return loading != null && loading.isRunning();
    }

    /** (Re)reads the file in the background and shows it. */
    public void load() {
        cancel();
        ProgressIndicator progress = new ProgressIndicator();
        progress.setMaxSize(48, 48);
        Button cancel = new Button("Cancel");
        VBox wait = new VBox(10, progress, new Label("Reading " + path.getFileName() + "\u2026"), cancel);
        wait.setAlignment(javafx.geometry.Pos.CENTER);
        body.setCenter(wait);
        boolean isDark = dark.getAsBoolean();
        MarkdownViewer md = kind == EvidenceKind.MARKDOWN ? markdownViewer() : null;
        Task<Object> task = new Task<>() {
            @Override
            protected Object call() throws Exception {
                EvidenceText t = EvidenceText.read(path);
                if (t.binary()) {
                    return t;
                }
                return switch (kind) {
                    case MARKDOWN -> new Object[] {t, md.render(t.text(), path, isDark)};
                    case HISTORY -> new Object[] {t, HistoryRows.parse(t.text())};
                    case MESSAGES -> new Object[] {t, dev.falsify.model.session.MessageEventLog.read(path)};
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
        Thread t = new Thread(task, "falsify-evidence-read");
        t.setDaemon(true);
        t.start();
    }

    private MarkdownViewer markdownViewer() {
        return viewer instanceof MarkdownViewer m ? m : new MarkdownViewer(opener);
    }

    @SuppressWarnings("unchecked")
    private void show(Object result, MarkdownViewer md) {
        EvidenceText text = result instanceof Object[] a ? (EvidenceText) a[0] : (EvidenceText) result;
        banner.setText("Read-only evidence \u2014 " + path + (text.note().isEmpty() ? "" : " \u2014 " + text.note()));
        if (text.binary()) {
            viewer = message(text.note());
        } else if (kind == EvidenceKind.MARKDOWN) {
            md.showHtml((String) ((Object[]) result)[1]);
            viewer = md;
        } else if (kind == EvidenceKind.MESSAGES) {
            dev.falsify.app.ui.spacetime.SpaceTimeView v = new dev.falsify.app.ui.spacetime.SpaceTimeView();
            v.show((List<dev.falsify.model.session.MessageEvent>) ((Object[]) result)[1]);
            viewer = v;
        } else if (kind == EvidenceKind.HISTORY) {
            HistoryTableViewer h = new HistoryTableViewer();
            h.show((List<Map<String, String>>) ((Object[]) result)[1]);
            viewer = h;
        } else if (kind == EvidenceKind.JSON) {
            try {
                JsonTreeViewer j = new JsonTreeViewer();
                j.show(text.text());
                viewer = j;
            } catch (java.io.IOException e) {
                banner.setText(banner.getText() + " \u2014 not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + "): shown as text");
                viewer = log(text.text());
            }
        } else {
            viewer = log(text.text());
        }
        body.setCenter(viewer);
    }

    private static LogViewer log(String text) {
        LogViewer v = new LogViewer();
        v.show(text);
        return v;
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
