package dev.falsify.app.ui;

import dev.falsify.app.ui.preview.PreviewPane;
import dev.falsify.app.ui.run.RunLauncher;
import dev.falsify.app.ui.run.RunTab;
import dev.falsify.app.ui.session.CompareTab;
import dev.falsify.app.ui.session.ReviewHost;
import dev.falsify.app.ui.session.SessionTab;
import dev.falsify.app.ui.tab.TabRouter;
import dev.falsify.app.ui.tab.WorkbenchTab;
import dev.falsify.app.ui.theme.ThemeSetting;
import dev.falsify.app.ui.viewers.EvidenceTab;
import dev.falsify.app.ui.workspace.PathClassifier;
import dev.falsify.app.ui.workspace.WorkspaceTree;
import dev.falsify.runner.store.StoreLocation;
import dev.falsify.runner.trust.TrustStore;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * The workbench window: menus, workspace tree with the selected plan's outline under it, tabbed
 * centre, optional catalog panel and status bar. A thin frame that wires its parts — {@link MainMenu}
 * with {@link FileActions} and {@link RecentFiles}, {@link FileDrops}, {@link StatusBar},
 * {@link UnsavedChangesGuard}, {@link CatalogSidePanel}, the {@link TabRouter} every tab goes through,
 * the {@link PathClassifier} that says where a path opens, the {@link ThemeSetting} — and keeps the
 * window's state (workspace, stores). Independent of the Stage so the app, the TestFX tests and
 * {@code falsify screenshots} build exactly the same UI.
 */
public final class Workbench {
    private static final String STYLESHEET = Workbench.class.getResource("workbench.css").toExternalForm();

    private final WorkbenchSettings settings;
    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final TabRouter router = new TabRouter(tabs, this::added);
    private final ThemeSetting theme = new ThemeSetting();
    private final StatusBar statusBar = new StatusBar();
    private final BorderPane outlineHolder = new BorderPane();
    private final WorkspaceTree tree = new WorkspaceTree(this::open);
    private final RecentFiles recent;
    private final UnsavedChangesGuard guard;
    private final CatalogSidePanel catalog;
    private final WorkbenchRunHost runHost = new WorkbenchRunHost(this);
    private final RunLauncher runs = new RunLauncher(runHost);
    private final ReviewHost reviewHost = new WorkbenchReviewHost(this);
    private final FileActions files = new FileActions(this);
    private Path workspace;
    private Stage stage;
    private Path storeDb = StoreLocation.defaultDb();
    private Consumer<URI> browser = uri -> status("Open in your browser: " + uri);
    private TrustStore trustStore = TrustStore.defaultStore();

    public Workbench(WorkbenchSettings settings) {
        this.settings = settings;
        recent = new RecentFiles(settings, this::open, this::status);
        guard = new UnsavedChangesGuard(router, dirty -> UnsavedChangesGuard.askWithDialog(stage, dirty), this::error);
        theme.setDark(settings.theme() == WorkbenchSettings.Theme.DARK);
        root.getStyleClass().add("workbench");
        tabs.setId("editor-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        Node left = leftColumn();
        SplitPane body = new SplitPane(left, tabs);
        body.setOrientation(Orientation.HORIZONTAL);
        body.setDividerPositions(0.17);
        SplitPane.setResizableWithParent(left, false);
        catalog = new CatalogSidePanel(body, this::currentPlan);
        root.setTop(MainMenu.build(this, files, recent, catalog, theme));
        BorderPane centre = new BorderPane(body); // the menu bar stays the root's top; the run toolbar sits under it
        centre.setTop(WorkbenchRunHost.toolbar(this));
        tree.setMenus(e -> WorkbenchRunHost.treeMenu(this, e)); // Open, Run Plan…, a session's Session View / Timeline
        root.setCenter(centre);
        root.setBottom(statusBar.bar());
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            statusBar.show(currentPlan());
            updateTitle();
        });
        FileDrops.install(root, this::open);
        WindowTheme.follow(theme, root, settings, this::status);
    }

    /** The workspace tree above the outline of the selected plan. */
    private Node leftColumn() {
        Label none = new Label("Outline: open a plan");
        none.getStyleClass().add("empty-hint");
        outlineHolder.setCenter(none);
        outlineHolder.setId("outline-holder");
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) ->
                outlineHolder.setCenter(router.selected().flatMap(WorkbenchTab::outlinePane).orElse(none)));
        SplitPane column = new SplitPane(tree, outlineHolder);
        column.setOrientation(Orientation.VERTICAL);
        column.setDividerPositions(0.45);
        return column;
    }

    /** Every tab the router adds: the title follows it, and its × asks before unsaved edits are lost. */
    private void added(WorkbenchTab t) {
        t.tab().textProperty().addListener((o, a, b) -> updateTitle());
        guard.guard(t);
    }

    public Scene createScene(double width, double height) {
        Scene scene = new Scene(root, width, height);
        scene.getStylesheets().add(STYLESHEET);
        return scene;
    }

    public void attach(Stage stage) {
        this.stage = stage;
        stage.setTitle("Falsify");
        updateTitle();
        stage.focusedProperty().addListener((o, was, now) -> {
            if (now) {
                currentPlan().ifPresent(t -> t.editor().checkDiskNow());
            }
        });
        stage.setOnCloseRequest(e -> {
            if (!guard.closeAll()) {
                e.consume();
            }
        });
    }

    /**
     * Opens what {@code path} is ({@link PathClassifier}): a plan in the editor, a session folder in
     * its view, any other folder as the workspace, anything else read-only as evidence. Returns the
     * plan tab opened or focused, if any.
     */
    public Optional<PlanTab> open(Path path) {
        Path p = path.toAbsolutePath().normalize();
        try {
            return switch (PathClassifier.classify(p)) {
                case MISSING -> {
                    status("No such file: " + p);
                    recent.rebuild(); // a recent entry that vanished goes from the list
                    yield Optional.empty();
                }
                case WORKSPACE_FOLDER -> {
                    setWorkspace(p);
                    recent.add(p);
                    yield Optional.empty();
                }
                case SESSION_FOLDER -> {
                    workspaceFor(p);
                    openSession(p);
                    yield Optional.empty();
                }
                case EVIDENCE -> {
                    workspaceFor(p);
                    openEvidence(p);
                    yield Optional.empty();
                }
                case PLAN -> {
                    workspaceFor(p);
                    yield Optional.of(openPlan(p));
                }
            };
        } catch (IOException | RuntimeException e) {
            error("Cannot open " + p, e);
            return Optional.empty();
        }
    }

    private void workspaceFor(Path p) {
        if (workspace == null) {
            setWorkspace(PathClassifier.workspaceOf(p));
        }
    }

    private PlanTab openPlan(Path p) throws IOException {
        return router.open(PlanTab.class, p, () -> {
            PlanTab tab = new PlanTab(p, theme);
            tab.open();
            statusBar.watch(tab, this::currentPlan);
            tab.preview().setLinks(p, workspace, previewLinks());
            tab.structured().setOnRunScenario(id -> runs.launch(tab.path(), List.of(id)),
                    id -> runs.launch(tab.path(), List.of(id), true));
            recent.add(p);
            status("Opened " + p);
            return tab;
        });
    }

    /** Opens (or focuses) the Session view of a session folder. */
    public SessionTab openSession(Path dir) {
        Path d = dir.toAbsolutePath().normalize();
        return router.open(SessionTab.class, d, () -> {
            SessionTab tab = new SessionTab(d, reviewHost);
            tab.view().load();
            recent.add(d);
            status("Opened session " + d);
            return tab;
        });
    }

    /** Re-reads {@code file} in its open evidence tab, if there is one (it changed on disk), without focusing it. */
    public void reloadEvidence(Path file) {
        router.find(EvidenceTab.class, file.toAbsolutePath().normalize()).ifPresent(EvidenceTab::load);
    }

    /** Opens (or focuses and re-reads) an evidence file in its read-only viewer. */
    public EvidenceTab openEvidence(Path file) {
        Path f = file.toAbsolutePath().normalize();
        return router.open(EvidenceTab.class, f, () -> {
            EvidenceTab tab = new EvidenceTab(f, PathClassifier.evidenceLabel(f), this::open, theme);
            tab.load();
            recent.add(f);
            status("Opened " + f + " (read-only)");
            return tab;
        });
    }

    /** Opens the comparison of two session folders, {@code before} the earlier one. */
    public CompareTab compare(Path before, Path after) {
        return router.open(CompareTab.class, CompareTab.keyOf(before, after), () -> {
            CompareTab tab = new CompareTab(before, after, reviewHost);
            tab.view().load();
            return tab;
        });
    }

    /** Opens the timeline of a finished session, replayed from its session-log.md. */
    public Optional<RunTab> showTimeline(Path sessionDir) {
        return runHost.showTimeline(sessionDir);
    }

    public Optional<PlanTab> currentPlan() {
        return router.selected(PlanTab.class);
    }

    public void setWorkspace(Path dir) {
        workspace = dir;
        tree.setWorkspace(dir);
        updateTitle();
    }

    public Path workspace() {
        return workspace;
    }

    public void saveCurrent() {
        files.saveCurrent();
    }

    /**
     * Writes the tab's text to {@code target} (atomically) and makes the tab that file: its undo
     * history and unsaved-state follow; the old file keeps what it had on disk.
     */
    public boolean saveAs(PlanTab t, Path target) {
        return files.saveAs(t, target);
    }

    /** Ctrl+. : applies the quick fix at the caret, or offers a menu when there are several. */
    public void quickFixAtCaret() {
        currentPlan().ifPresent(t -> {
            if (!t.quickFixAtCaret()) {
                status("No quick fix at the caret");
            }
        });
    }

    /** Shows or hides the catalog side panel; it inserts into whichever plan tab is selected, at its caret. */
    public void showCatalog(boolean show) {
        catalog.show(show);
    }

    /** Docks a side panel (the catalog) to the right of the tabs. */
    public void setSidePanel(Node panel) {
        catalog.dock(panel);
    }

    public boolean isDark() {
        return theme.isDark();
    }

    public void applyTheme(WorkbenchSettings.Theme t) {
        theme.setDark(t == WorkbenchSettings.Theme.DARK);
    }

    /** Runs from the window (Run menu, toolbar, the ▶ of a scenario). */
    public RunLauncher runs() {
        return runs;
    }

    /** Where run trust grants are kept; tests point it at a temp file, never the user's. */
    public void setTrustStore(TrustStore store) {
        trustStore = store;
    }

    /** The session store (SQLite) the session view's history and overrides use; tests point it at a temp file. */
    public void setStoreDb(Path db) {
        storeDb = db;
    }

    /** How http(s) links from a preview reach the system browser (the app passes its HostServices). */
    public void setBrowser(Consumer<URI> browser) {
        this.browser = browser;
    }

    public BorderPane root() {
        return root;
    }

    public TabPane tabs() {
        return tabs;
    }

    public WorkspaceTree tree() {
        return tree;
    }

    public void status(String msg) {
        statusBar.message(msg);
    }

    TabRouter router() {
        return router;
    }

    UnsavedChangesGuard guard() {
        return guard;
    }

    RecentFiles recent() {
        return recent;
    }

    TrustStore trustStore() {
        return trustStore;
    }

    Path storeDb() {
        return storeDb;
    }

    Stage stage() {
        return stage;
    }

    WorkbenchRunHost runHost() {
        return runHost;
    }

    /** Where run tabs are shown, for a run started outside the window's menus (the devtools' screenshots). */
    public dev.falsify.app.ui.run.RunHost runTabs() {
        return runHost;
    }

    /** Where a link clicked in a preview goes: workspace files into the window, web links to the browser. */
    PreviewPane.Links previewLinks() {
        return new PreviewPane.Links() {
            @Override
            public void openInWindow(Path file) {
                open(file);
            }

            @Override
            public void openExternal(URI uri) {
                browser.accept(uri);
            }

            @Override
            public void refused(String href, String reason) {
                status("Link not followed (" + reason + "): " + href);
            }
        };
    }

    /** "Falsify — <open file or session>[ ●] — <workspace>": the selected tab's file or session, unsaved marked. */
    private void updateTitle() {
        if (stage == null) {
            return;
        }
        StringBuilder b = new StringBuilder("Falsify");
        router.selected().ifPresent(t -> b.append(" \u2014 ").append(t.windowTitle()));
        if (workspace != null) {
            b.append(" \u2014 ").append(workspace);
        }
        stage.setTitle(b.toString());
    }

    /** Says what failed in the status bar and, while the window is shown, in an error dialog. */
    void error(String what, Exception e) {
        status(what + ": " + e.getMessage());
        if (stage != null && stage.isShowing()) {
            WindowDialogs.error(stage, what, e);
        } else if (stage != null) {
            // `falsify gui FILE` opens FILE before the window shows: say why once it is there, not
            // only in a status bar under an empty window
            javafx.beans.value.ChangeListener<Boolean>[] once = new javafx.beans.value.ChangeListener[1];
            once[0] = (o, was, now) -> {
                if (now) {
                    stage.showingProperty().removeListener(once[0]);
                    javafx.application.Platform.runLater(() -> WindowDialogs.error(stage, what, e));
                }
            };
            stage.showingProperty().addListener(once[0]);
        }
    }
}
