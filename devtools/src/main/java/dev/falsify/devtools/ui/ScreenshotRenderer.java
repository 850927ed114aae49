package dev.falsify.devtools.ui;

import dev.falsify.app.ui.PlanTab;
import dev.falsify.app.ui.Workbench;
import dev.falsify.app.ui.WorkbenchSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Renders the real workbench headless with a plan open and writes PNGs of the split editor, the
 * matrix, the problems list and the dark theme. Uses a throwaway settings file so the user's
 * theme and recent list are untouched, and never types into the plan (nothing is autosaved).
 */
public final class ScreenshotRenderer {
    public static final int WIDTH = 1600;
    public static final int HEIGHT = 1000;

    private ScreenshotRenderer() {
    }

    /** Returns the files written. Call from a non-FX thread after {@link HeadlessFx#start}. */
    public static List<Path> render(Path plan, Path outDir) throws IOException {
        Files.createDirectories(outDir);
        Path settingsFile = Files.createTempFile("falsify-screenshots", ".properties");
        Files.deleteIfExists(settingsFile);
        List<Path> written = new ArrayList<>();
        try {
            WorkbenchSettings settings = WorkbenchSettings.load(settingsFile);
            Workbench wb = HeadlessFx.call(() -> window(settings));
            PlanTab tab = HeadlessFx.call(() -> wb.open(plan).orElseThrow(() -> new IOException("cannot open " + plan)));
            if (!HeadlessFx.waitFor(() -> tab.editor().analysisProperty().get() != null, 30_000)) {
                throw new IOException("the plan was not analysed within 30 s");
            }
            HeadlessFx.run(() -> tab.editor().jumpTo(firstOffsetOf(tab.editor().text(), "| C1")));
            HeadlessFx.settle(600);

            selectBottom(tab, "Matrix");
            HeadlessFx.settle(400);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("plan-editor.png")));
            written.add(snapshot(tab.bottomTabs(), outDir.resolve("matrix.png")));

            // the scenarios side of the structured view, first scenario selected
            HeadlessFx.run(() -> {
                tab.structured().tabs().getSelectionModel().select(3);
                tab.structured().scenarioList().getSelectionModel().select(0);
            });
            HeadlessFx.settle(600);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("structured-scenario.png")));

            // problems: delete the first serious scenario's §7.M block in the editor (never saved),
            // let the linter react, show the squiggles and the list, then undo
            String before = HeadlessFx.call(() -> tab.editor().text());
            boolean edited = HeadlessFx.call(() -> {
                for (var sc : tab.currentPlan().scenarios()) {
                    if (sc.sevenM().present() && !sc.sevenM().notApplicable() && !sc.sevenM().span().isNone()) {
                        tab.editor().applyReplacements(List.of(new dev.falsify.app.ui.editor.Problem.Replacement(
                                sc.sevenM().span().startOffset(), sc.sevenM().span().endOffset(), "")));
                        return true;
                    }
                }
                return false;
            });
            HeadlessFx.waitFor(() -> {
                var a = tab.editor().analysisProperty().get();
                return a != null && a.text().equals(tab.editor().text()) && (!edited || !a.problems().isEmpty());
            }, 30_000);
            HeadlessFx.run(() -> {
                var a = tab.editor().analysisProperty().get();
                if (!a.problems().isEmpty()) {
                    tab.editor().jumpTo(a.problems().get(0).start());
                }
            });
            selectBottom(tab, "Problems");
            HeadlessFx.settle(600);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("problems.png")));
            HeadlessFx.run(() -> {
                while (!tab.editor().text().equals(before) && tab.editor().codeArea().isUndoAvailable()) {
                    tab.editor().codeArea().undo();
                }
                tab.editor().jumpTo(firstOffsetOf(before, "| C1"));
                tab.structured().tabs().getSelectionModel().select(1);
            });
            HeadlessFx.waitFor(() -> tab.editor().analysisProperty().get().text().equals(before), 30_000);

            HeadlessFx.run(() -> wb.applyTheme(WorkbenchSettings.Theme.DARK));
            selectBottom(tab, "Matrix");
            HeadlessFx.settle(600);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("plan-editor-dark.png")));
            HeadlessFx.run(() -> {
                tab.dispose();
                ((Stage) wb.root().getScene().getWindow()).close();
            });
            written.addAll(renderSessions(settings, outDir));
            written.addAll(renderHistories(settings, outDir));
            written.addAll(renderRunViews(settings, plan, outDir));
            written.add(renderSpaceTime(outDir));
            return written;
        } finally {
            Files.deleteIfExists(settingsFile);
        }
    }

    /**
     * The demo's two sessions (bug off, bug on), committed as a fixture so no demo run is needed: the
     * Session view on the FAIL session with S1 selected, and the two compared. Copied to a temp folder
     * and indexed into a temp store, so neither the fixture nor the user's store is touched.
     */
    static List<Path> renderSessions(WorkbenchSettings settings, Path outDir) throws IOException {
        // from the repository root, or from a module's folder (where Maven runs the module's tests)
        Path fixture = fromRoot(DEMO_SESSIONS);
        if (!Files.isDirectory(fixture)) {
            throw new IOException(DEMO_SESSIONS + ": the demo session fixture is missing (run from the repository root)");
        }
        Path tmp = Files.createTempDirectory("falsify-screenshots-sessions");
        try {
            Path sessions = tmp.resolve("test-sessions");
            copyTree(fixture, sessions);
            Path on = sessions.resolve("replicated-kv/2026-12-01T081030Z");
            Path off = sessions.resolve("replicated-kv/2026-12-01T080933Z");
            List<Path> written = new ArrayList<>();
            Workbench wb = HeadlessFx.call(() -> {
                Workbench w = window(settings);
                w.setStoreDb(tmp.resolve("falsify.db"));
                w.setWorkspace(tmp);
                return w;
            });
            var tab = HeadlessFx.call(() -> wb.openSession(on));
            if (!HeadlessFx.waitFor(() -> tab.view().data() != null && !tab.view().busy(), 60_000)) {
                throw new IOException("the session was not read within 60 s");
            }
            HeadlessFx.run(() -> tab.view().select("S1"));
            HeadlessFx.settle(1200);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("session-review.png")));
            var cmp = HeadlessFx.call(() -> wb.compare(off, on));
            if (!HeadlessFx.waitFor(() -> cmp.view().comparison() != null && !cmp.view().busy(), 60_000)) {
                throw new IOException("the sessions were not compared within 60 s");
            }
            HeadlessFx.settle(800);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("session-compare.png")));
            HeadlessFx.run(() -> ((Stage) wb.root().getScene().getWindow()).close());
            return written;
        } finally {
            try (var s = Files.walk(tmp)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The demo's FAIL history (bug on, S1-1, with its fault epochs and proxy readings), relative to the repository root. */
    public static final String DEMO_HISTORY = "app/src/test/resources/dev/falsify/app/ui/history/demo/S1-1.history.jsonl";

    /**
     * The history viewer: {@code history.png} on the demo's FAIL history (fault epochs shaded, an op
     * hovered), {@code counterexample.png} (the stepper at the first error of Porcupine's
     * {@code etcd_000.log}) and {@code anomaly.png} (a cycle of Elle's paper example). The corpora are
     * read from {@code ../shared/corpora}, never copied.
     */
    static List<Path> renderHistories(WorkbenchSettings settings, Path outDir) throws IOException {
        Path demo = fromRoot(DEMO_HISTORY);
        Path corpora = fromRoot("../shared/corpora");
        List<Path> written = new ArrayList<>();
        Workbench wb = HeadlessFx.call(() -> {
            Workbench w = window(settings);
            w.setWorkspace(demo.getParent());
            return w;
        });
        try {
            var h = openHistory(wb, demo);
            HeadlessFx.run(() -> {
                var c = h.canvas();
                int op = c.history().indexOf("c2-93");
                if (op >= 0) c.select(op, false);
            });
            HeadlessFx.settle(600);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("history.png")));
            if (Files.isDirectory(corpora)) {
                var cx = openHistory(wb, corpora.resolve("porcupine/etcd/etcd_000.log"));
                HeadlessFx.run(() -> cx.stepper().go(cx.stepper().track().steps().size()));
                HeadlessFx.settle(600);
                written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("counterexample.png")));
                // the same in the dark theme: the state fields, the timeline and its overlay
                HeadlessFx.run(() -> wb.applyTheme(WorkbenchSettings.Theme.DARK));
                HeadlessFx.settle(600);
                written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("counterexample-dark.png")));
                HeadlessFx.run(() -> wb.applyTheme(WorkbenchSettings.Theme.LIGHT));
                var an = openHistory(wb, corpora.resolve("elle/paper-example.edn"));
                HeadlessFx.settle(600);
                written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("anomaly.png")));
            }
        } finally {
            HeadlessFx.run(() -> ((Stage) wb.root().getScene().getWindow()).close());
        }
        return written;
    }

    private static dev.falsify.app.ui.history.HistoryView openHistory(Workbench wb, Path file) throws IOException {
        var tab = HeadlessFx.call(() -> wb.openEvidence(file));
        if (!HeadlessFx.waitFor(() -> tab.viewer() instanceof dev.falsify.app.ui.history.HistoryView v
                && v.result() != null && !v.busy(), 60_000)) {
            throw new IOException(file + ": the history was not read and checked within 60 s");
        }
        return (dev.falsify.app.ui.history.HistoryView) HeadlessFx.call(tab::viewer);
    }

    /** A light workbench window of the screenshot size, shown (FX thread). */
    private static Workbench window(WorkbenchSettings settings) {
        Workbench w = new Workbench(settings);
        w.applyTheme(WorkbenchSettings.Theme.LIGHT);
        Stage stage = new Stage();
        stage.setScene(w.createScene(WIDTH, HEIGHT));
        w.attach(stage);
        stage.show();
        return w;
    }

    /**
     * A path given from the repository root, found from there or from a module's folder (where Maven
     * runs a module's tests: devtools/, or app/ for a path inside it).
     */
    private static Path fromRoot(String path) {
        Path p = Path.of(path);
        if (Files.exists(p)) return p;
        if (path.startsWith("app/") && Files.exists(Path.of(path.substring("app/".length())))) {
            return Path.of(path.substring("app/".length()));
        }
        return Path.of("..").resolve(path);
    }

    /**
     * The run view of the example plan in progress and the log viewer. The run is the demo's recorded
     * bug-off session: its S1-1 timeline events (read back through the session log) and log lines are
     * fed through the run view's own listener up to the moment the workload ends, so both fault bands
     * show their landing readings while the run is still going. Nothing is executed.
     */
    static List<Path> renderRunViews(WorkbenchSettings settings, Path plan, Path outDir) throws IOException {
        Path fixture = fromRoot(DEMO_SESSIONS);
        Path tmp = Files.createTempDirectory("falsify-screenshots-run");
        try {
            Path sessions = tmp.resolve("test-sessions");
            copyTree(fixture, sessions);
            Path off = sessions.resolve("replicated-kv/2026-12-01T080933Z");
            List<dev.falsify.runner.events.RunEvent> events = new ArrayList<>();
            for (var row : dev.falsify.model.session.SessionReader.read(off).log().timeline()) {
                var e = dev.falsify.runner.events.TimelineRows.event(row);
                if (e.isEmpty() || !e.get().scenario().equals("S1-1")) continue;
                // up to the workload's end: both fault windows healed with their readings, the run still going
                if (e.get() instanceof dev.falsify.runner.events.RunEvent.ProcessEnded pe && pe.process().equals("workload")) break;
                events.add(e.get());
            }
            long cut = events.get(events.size() - 1).atMs();
            List<dev.falsify.runner.events.RunEvent> lines = new ArrayList<>();
            for (var e : events) {
                if (!(e instanceof dev.falsify.runner.events.RunEvent.ProcessStarted ps)) continue;
                for (String stream : List.of("out", "err")) {
                    Path log = off.resolve("logs/S1-1/" + ps.process() + "." + stream + ".log");
                    if (!Files.isRegularFile(log)) continue;
                    List<String> text = Files.readAllLines(log);
                    for (int i = 0; i < text.size(); i++) {
                        long at = Math.min(cut, ps.atMs() + 40L * (i + 1));
                        lines.add(new dev.falsify.runner.events.RunEvent.LogLine(at, "S1-1", ps.process(), stream, i + 1, text.get(i)));
                    }
                }
            }
            events.addAll(lines);
            events.sort(java.util.Comparator.comparingLong(dev.falsify.runner.events.RunEvent::atMs));
            var snapshot = dev.falsify.runner.trust.PlanSnapshot.read(plan);
            var options = new dev.falsify.runner.run.RunOptions(sessions, List.of("S1"), null, java.util.Map.of(), 1, null,
                    "screenshots", new java.io.PrintWriter(java.io.Writer.nullWriter()));
            var session = new dev.falsify.app.ui.run.RunSession(snapshot, options);
            List<Path> written = new ArrayList<>();
            Workbench wb = HeadlessFx.call(() -> window(settings));
            HeadlessFx.run(() -> wb.setWorkspace(tmp));
            var run = HeadlessFx.call(() -> {
                var t = new dev.falsify.app.ui.run.RunTab(session, wb.runTabs());
                wb.runTabs().show(t);
                return t;
            });
            for (var e : events) session.publish(e);
            HeadlessFx.settle(1200);
            HeadlessFx.run(() -> {
                run.timeline().fit();
                run.log().searchField().setText("leader");
            });
            HeadlessFx.settle(800);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("run-timeline.png")));

            var log = HeadlessFx.call(() -> wb.openEvidence(off.resolve("logs/S1-1/n2.out.log")));
            if (!HeadlessFx.waitFor(() -> log.viewer() instanceof dev.falsify.app.ui.log.LogViewer, 30_000)) {
                throw new IOException("the log was not read within 30 s");
            }
            var viewer = (dev.falsify.app.ui.log.LogViewer) HeadlessFx.call(log::viewer);
            HeadlessFx.run(() -> viewer.searchField().setText("lost the leader"));
            HeadlessFx.call(() -> viewer.find(1)).join();
            HeadlessFx.settle(800);
            written.add(snapshot(wb.root().getScene().getRoot(), outDir.resolve("log-viewer.png")));
            HeadlessFx.run(() -> ((Stage) wb.root().getScene().getWindow()).close());
            return written;
        } finally {
            try (var s = Files.walk(tmp)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Where the committed demo sessions live, relative to the repository root. */
    public static final String DEMO_SESSIONS = "app/src/test/resources/dev/falsify/app/ui/session/demo/test-sessions";

    private static void copyTree(Path from, Path to) throws IOException {
        try (var s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }

    private static int firstOffsetOf(String text, String needle) {
        int i = text.indexOf(needle);
        return Math.max(i, 0);
    }

    private static void selectBottom(PlanTab tab, String prefix) {
        HeadlessFx.run(() -> {
            for (Tab t : tab.bottomTabs().getTabs()) {
                if (t.getText().startsWith(prefix)) {
                    tab.bottomTabs().getSelectionModel().select(t);
                }
            }
        });
    }

    /** A run's message events (S6 with the leader's bug on), committed as a fixture. */
    public static final String SPACE_TIME = "app/src/test/resources/dev/falsify/app/ui/spacetime/S6-1.messages.jsonl";

    /** The space-time diagram of the fixture run, up to and past the monitor's failure. */
    static Path renderSpaceTime(Path outDir) throws IOException {
        Path fixture = fromRoot(SPACE_TIME);
        java.util.List<dev.falsify.model.session.MessageEvent> events = dev.falsify.model.session.MessageEventLog.read(fixture);
        Stage stage = HeadlessFx.call(() -> {
            Stage st = new Stage();
            dev.falsify.app.ui.spacetime.SpaceTimeView v = new dev.falsify.app.ui.spacetime.SpaceTimeView();
            st.setScene(new Scene(v, WIDTH, HEIGHT));
            st.show();
            v.show(events);
            v.jumpToFailure();
            v.model().arrows().stream().filter(a -> a.held()).findFirst().ifPresent(v::hover);
            return st;
        });
        HeadlessFx.settle(400);
        Path out = snapshot(stage.getScene().getRoot(), outDir.resolve("space-time.png"));
        HeadlessFx.run(() -> {
            javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerDark().getUserAgentStylesheetBSS());
            stage.getScene().getRoot().getStyleClass().add("dark");
        });
        HeadlessFx.settle(400);
        snapshot(stage.getScene().getRoot(), outDir.resolve("space-time-dark.png"));
        HeadlessFx.run(() -> {
            javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerLight().getUserAgentStylesheetBSS());
            stage.close();
        });
        return out;
    }

    private static Path snapshot(Node node, Path file) {
        WritableImage img = HeadlessFx.call(() -> {
            Scene s = node.getScene();
            return node == s.getRoot() ? s.snapshot(null) : node.snapshot(null, null);
        });
        try {
            ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
