package dev.falsify.app.ui;

import dev.falsify.model.session.WorkspaceLayout;
import dev.falsify.app.ui.run.RunHost;
import dev.falsify.app.ui.run.RunTab;
import dev.falsify.app.ui.tab.WorkbenchTab;
import dev.falsify.app.ui.workspace.PathClassifier;
import dev.falsify.app.ui.workspace.PathClassifier.PathKind;
import dev.falsify.app.ui.workspace.WorkspaceTree;
import dev.falsify.runner.trust.TrustStore;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;

/**
 * The window's side of running: the Run menu and toolbar, and what the run view asks of the window
 * (tabs, the Session view, saving the plan, the trust store). Kept out of {@link Workbench} so the
 * main window class only wires it in.
 */
final class WorkbenchRunHost implements RunHost {
    private final Workbench wb;

    WorkbenchRunHost(Workbench wb) {
        this.wb = wb;
    }

    static Menu runMenu(Workbench wb) {
        MenuItem run = new MenuItem("Run Plan\u2026");
        run.setId("menu-run-plan");
        run.setAccelerator(Accelerator.of("F5"));
        run.setOnAction(e -> runCurrent(wb));
        MenuItem stop = new MenuItem("Stop Run");
        stop.setId("menu-stop-run");
        stop.setAccelerator(Accelerator.of("Shift+F5"));
        stop.setOnAction(e -> stopRun(wb));
        MenuItem timeline = new MenuItem("Session Timeline\u2026");
        timeline.setOnAction(e -> showTimeline(wb));
        Menu m = new Menu("Run", null, run, stop, timeline);
        m.setId("menu-run");
        return m;
    }

    static ToolBar toolbar(Workbench wb) {
        Button run = new Button("\u25b6 Run");
        run.setId("toolbar-run");
        run.setTooltip(new Tooltip("Run scenarios of the selected plan (F5)"));
        run.setOnAction(e -> runCurrent(wb));
        Button stop = new Button("\u25a0 Stop");
        stop.setId("toolbar-stop");
        stop.setTooltip(new Tooltip("Stop the shown run (Shift+F5): processes torn down, session left interrupted"));
        stop.setOnAction(e -> stopRun(wb));
        ToolBar bar = new ToolBar(run, stop);
        bar.setId("workbench-toolbar");
        bar.setStyle("-fx-padding: 2 6 2 6;");
        return bar;
    }

    /**
     * The workspace tree's context menu: a plan opens or runs ("Run plan…", the run dialog with all
     * its runnable scenarios); a session folder opens its Session view or its replayed timeline;
     * anything else opens. What a path is, the {@link PathClassifier} says, as for File ▸ Open.
     */
    static ContextMenu treeMenu(Workbench wb, WorkspaceTree.Entry e) {
        Path p = e.path();
        MenuItem open = new MenuItem("Open");
        open.setId("tree-menu-open");
        open.setOnAction(a -> wb.open(p));
        PathKind kind = kindOf(p);
        if (kind == PathKind.SESSION_FOLDER) {
            MenuItem session = new MenuItem("Open Session View");
            session.setId("tree-menu-session");
            session.setOnAction(a -> wb.openSession(p));
            MenuItem timeline = new MenuItem("Session Timeline");
            timeline.setId("tree-menu-timeline");
            timeline.setOnAction(a -> wb.runHost().showTimeline(p));
            return new ContextMenu(session, timeline);
        }
        if (e.group()) return null;
        if (kind == PathKind.PLAN) {
            MenuItem run = new MenuItem("Run Plan\u2026");
            run.setId("tree-menu-run-plan");
            run.setOnAction(a -> wb.runs().launch(p, List.of()));
            return new ContextMenu(open, run);
        }
        return new ContextMenu(open);
    }

    private static PathKind kindOf(Path p) {
        try {
            return PathClassifier.classify(p);
        } catch (IOException e) {
            return PathKind.MISSING; // cannot be listed: only "Open", which says why
        }
    }

    static Optional<RunTab> runCurrent(Workbench wb) {
        Optional<PlanTab> plan = wb.currentPlan();
        // F5 on a run's tab runs its plan again
        Optional<Path> ran = plan.isPresent() ? Optional.empty()
                : wb.tabs().getSelectionModel().getSelectedItem() instanceof RunTab rt ? rt.planFile() : Optional.empty();
        if (ran.isPresent()) {
            return wb.runs().launch(ran.get(), List.of());
        }
        if (plan.isEmpty()) {
            wb.status("Open a plan to run it (the Run menu runs the selected plan)");
            return Optional.empty();
        }
        return wb.runs().launch(plan.get().path(), List.of());
    }

    /** Stops the selected tab's run, else the first run going on. */
    private static void stopRun(Workbench wb) {
        if (!Stream.concat(wb.router().selected().stream(), wb.router().all().stream()).anyMatch(WorkbenchTab::stopRun)) {
            wb.status("No run is going on");
        }
    }

    /** The selected session's timeline, else the one of a folder the user picks. */
    private static void showTimeline(Workbench wb) {
        Path dir = wb.router().selected().flatMap(WorkbenchTab::sessionFolder).orElse(null);
        if (dir == null) {
            DirectoryChooser c = new DirectoryChooser();
            c.setTitle("Session folder");
            if (wb.workspace() != null) c.setInitialDirectory(wb.workspace().toFile());
            File f = c.showDialog(wb.stage());
            if (f != null) dir = f.toPath();
        }
        if (dir != null) wb.runHost().showTimeline(dir);
    }

    /** Opens the replayed timeline of a session folder. */
    Optional<RunTab> showTimeline(Path dir) {
        try {
            RunTab t = RunTab.replay(dir, this);
            show(t);
            return Optional.of(t);
        } catch (IOException | RuntimeException e) {
            wb.status("Cannot read the timeline of " + dir + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public Window window() {
        return wb.stage();
    }

    @Override
    public void show(RunTab tab) {
        wb.router().show(tab);
    }

    @Override
    public void openSession(Path dir) {
        wb.openSession(dir);
        wb.tree().refreshSessions(); // the run's new session is listed under Sessions
    }

    @Override
    public void openLogLine(Path file, long lineNo) {
        wb.openEvidence(file).showLineWhenLoaded((int) Math.max(0, lineNo - 1));
    }

    @Override
    public void status(String message) {
        wb.status(message);
    }

    @Override
    public Path storeDb() {
        return wb.storeDb();
    }

    @Override
    public TrustStore trustStore() {
        return wb.trustStore();
    }

    @Override
    public Path sessionsRoot(Path plan) {
        // the plan's workspace, as falsify run decides it: both put a plan's sessions in one place
        return WorkspaceLayout.defaultSessionRoot(plan);
    }

    @Override
    public boolean unsaved(Path plan) {
        return tabOf(plan).map(t -> !t.editor().savedProperty().get()).orElse(false);
    }

    @Override
    public boolean save(Path plan) {
        Optional<PlanTab> t = tabOf(plan);
        if (t.isEmpty()) return true;
        try {
            t.get().save();
            return true;
        } catch (IOException e) {
            wb.status("Cannot save " + plan + ": " + e.getMessage() + "; the run did not start");
            return false;
        }
    }

    private Optional<PlanTab> tabOf(Path plan) {
        return wb.router().find(PlanTab.class, plan.toAbsolutePath().normalize());
    }
}
