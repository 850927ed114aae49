package dev.falsify.app.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.falsify.app.ui.editor.Problem;
import dev.falsify.app.ui.workspace.WorkspaceTree;
import dev.falsify.model.session.SessionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The workbench window's content: menus, workspace tree, tabbed centre, optional side panel and
 * status bar. Independent of the Stage so the app, the TestFX tests and {@code falsify screenshots}
 * build exactly the same UI.
 */
public final class Workbench {
    private static final String STYLESHEET = Workbench.class.getResource("workbench.css").toExternalForm();

    private final WorkbenchSettings settings;
    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final BorderPane outlineHolder = new BorderPane();
    private final WorkspaceTree tree = new WorkspaceTree(this::open);
    private final SplitPane body;
    private final Label statusMessage = new Label("Ready");
    private final Label statusCaret = new Label();
    private final Label statusProblems = new Label();
    private final Label statusTiming = new Label();
    private final Menu recentMenu = new Menu("Open Recent");
    private final CheckMenuItem darkItem = new CheckMenuItem("Dark Theme");
    private final CheckMenuItem catalogItem = new CheckMenuItem("Catalog Panel");
    private TabPane catalogPane;
    private Node sidePanel;
    private WorkbenchSettings.Theme theme = WorkbenchSettings.Theme.LIGHT;
    private Path workspace;
    private Stage stage;
    private Path storeDb = dev.falsify.runner.store.StoreLocation.defaultDb();
    private java.util.function.Consumer<java.net.URI> browser = uri -> status("Open in your browser: " + uri);
    private dev.falsify.runner.trust.TrustStore trustStore = dev.falsify.runner.trust.TrustStore.defaultStore();
    private final WorkbenchRunHost runHost = new WorkbenchRunHost(this);
    private final dev.falsify.app.ui.run.RunLauncher runs = new dev.falsify.app.ui.run.RunLauncher(runHost);

    public Workbench(WorkbenchSettings settings) {
        this.settings = settings;
        root.getStyleClass().add("workbench");
        tabs.setId("editor-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        Label empty = new Label("Open a plan (Ctrl+O), a folder (Ctrl+Shift+O) or create one (Ctrl+N).");
        empty.getStyleClass().add("empty-hint");
        Node left = leftColumn();
        body = new SplitPane(left, tabs);
        body.setOrientation(Orientation.HORIZONTAL);
        body.setDividerPositions(0.17);
        SplitPane.setResizableWithParent(left, false);
        root.setTop(menuBar());
        BorderPane centre = new BorderPane(body); // the menu bar stays the root's top; the run toolbar sits under it
        centre.setTop(WorkbenchRunHost.toolbar(this));
        tree.setMenus(e -> WorkbenchRunHost.treeMenu(this, e)); // Open, Run Plan…, a session's Session View / Timeline
        root.setCenter(centre);
        root.setBottom(statusBar());
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            updateStatus();
            updateTitle();
        });
        acceptDrops();
        applyTheme(settings.theme());
    }

    /** Where run trust grants are kept; tests point it at a temp file, never the user's. */
    public void setTrustStore(dev.falsify.runner.trust.TrustStore store) {
        trustStore = store;
    }

    dev.falsify.runner.trust.TrustStore trustStore() {
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

    /** Opens the timeline of a finished session, replayed from its session-log.md. */
    public Optional<dev.falsify.app.ui.run.RunTab> showTimeline(Path sessionDir) {
        return runHost.showTimeline(sessionDir);
    }

    /** Runs from the window (Run menu, toolbar, the ▶ of a scenario). */
    public dev.falsify.app.ui.run.RunLauncher runs() {
        return runs;
    }

    /** The session store (SQLite) the session view's history and overrides use; tests point it at a temp file. */
    public void setStoreDb(Path db) {
        storeDb = db;
    }

    /** The workspace tree above the outline of the selected plan. */
    private Node leftColumn() {
        Label none = new Label("Outline: open a plan");
        none.getStyleClass().add("empty-hint");
        outlineHolder.setCenter(none);
        outlineHolder.setId("outline-holder");
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) ->
                outlineHolder.setCenter(b instanceof PlanTab p ? p.outline() : none));
        SplitPane column = new SplitPane(tree, outlineHolder);
        column.setOrientation(Orientation.VERTICAL);
        column.setDividerPositions(0.45);
        return column;
    }

    public Scene createScene(double width, double height) {
        Scene scene = new Scene(root, width, height);
        scene.getStylesheets().add(STYLESHEET);
        return scene;
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
            if (!confirmCloseAll()) {
                e.consume();
            }
        });
    }

    /** Docks a side panel (the catalog) to the right of the tabs. */
    public void setSidePanel(Node panel) {
        if (sidePanel != null) {
            body.getItems().remove(sidePanel);
        }
        sidePanel = panel;
        if (panel != null) {
            body.getItems().add(panel);
            body.setDividerPositions(0.17, 0.78);
        }
    }

    /**
     * Shows or hides the catalog side panel (techniques, pitfalls, nemeses, oracle patterns, checker
     * picker, pitfall walk); it inserts into whichever plan tab is selected, at its caret.
     */
    public void showCatalog(boolean show) {
        catalogItem.setSelected(show);
        if (!show) {
            setSidePanel(null);
            return;
        }
        if (catalogPane == null) {
            dev.falsify.catalog.Catalog catalog = dev.falsify.catalog.Catalog.standard();
            ActiveEditorTarget target = new ActiveEditorTarget(this::currentPlan);
            var panel = new dev.falsify.app.ui.catalog.CatalogPanel(catalog, target);
            var walk = new dev.falsify.app.ui.catalog.PitfallWalkView(catalog, target);
            Tab catalogTab = new Tab("Catalog", panel);
            Tab walkTab = new Tab("Pitfall walk", walk);
            walkTab.setOnSelectionChanged(e -> {
                if (walkTab.isSelected()) {
                    walk.reload();
                }
            });
            catalogPane = new TabPane(catalogTab, walkTab);
            catalogPane.setId("catalog-side-panel");
            catalogPane.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
            catalogPane.setMinWidth(340);
            catalogPane.setPrefWidth(380);
            SplitPane.setResizableWithParent(catalogPane, false);
        }
        setSidePanel(catalogPane);
    }

    public Optional<PlanTab> currentPlan() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        return t instanceof PlanTab p ? Optional.of(p) : Optional.empty();
    }

    /**
     * Opens a plan file, a session folder (its Markdown files) or a workspace folder. Returns the
     * plan tab opened or focused, if any.
     */
    public Optional<PlanTab> open(Path path) {
        Path p = path.toAbsolutePath().normalize();
        try {
            if (Files.isDirectory(p)) {
                if (sessionDocument(p).isPresent()) {
                    if (workspace == null) {
                        setWorkspace(workspaceOf(p));
                    }
                    openSession(p);
                    return Optional.empty();
                }
                setWorkspace(p);
                settings.addRecent(p);
                rebuildRecent();
                return Optional.empty();
            }
            if (!Files.isRegularFile(p)) {
                status("No such file: " + p);
                rebuildRecent(); // a recent entry that vanished goes from the list
                return Optional.empty();
            }
            if (workspace == null) {
                setWorkspace(workspaceOf(p));
            }
            if (isEvidence(p)) {
                openEvidence(p);
                return Optional.empty();
            }
            return openFile(p);
        } catch (IOException | RuntimeException e) {
            error("Cannot open " + p, e);
            return Optional.empty();
        }
    }

    private Optional<PlanTab> openFile(Path p) throws IOException {
        for (Tab t : tabs.getTabs()) {
            if (t instanceof PlanTab pt && pt.path().equals(p)) {
                tabs.getSelectionModel().select(t);
                return Optional.of(pt);
            }
        }
        PlanTab tab = new PlanTab(p, this::isDark);
        tab.open();
        tab.editor().analysisProperty().addListener((o, a, b) -> {
            if (currentPlan().orElse(null) == tab) {
                updateStatus();
            }
        });
        tab.editor().addTimingListener(r -> {
            if (currentPlan().orElse(null) == tab) {
                statusTiming.setText(String.format("analysis %.0f ms", r.computeNanos() / 1e6));
            }
        });
        tab.editor().codeArea().caretPositionProperty().addListener((o, a, b) -> updateCaret(tab));
        tab.editor().savedProperty().addListener((o, a, b) -> updateTitle());
        tab.preview().setLinks(p, workspace, previewLinks());
        tab.structured().setOnRunScenario(id -> runs.launch(tab.path(), List.of(id)), id -> runs.launch(tab.path(), List.of(id), true));
        tabs.getTabs().add(tab);
        tabs.getSelectionModel().select(tab);
        settings.addRecent(p);
        rebuildRecent();
        status("Opened " + p);
        return Optional.of(tab);
    }

    public void setWorkspace(Path dir) {
        workspace = dir;
        tree.setWorkspace(dir);
        updateTitle();
    }

    /**
     * Evidence, never a plan: any file of a session folder (report, log, findings, histories, check
     * results…) and any file that is not Markdown. It opens read-only in the viewer that fits it.
     */
    static boolean isEvidence(Path file) {
        String n = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return isSessionFile(file) || !(n.endsWith(".md") || n.endsWith(".markdown"));
    }

    /** Opens (or focuses) the Session view of a session folder. */
    public dev.falsify.app.ui.session.SessionTab openSession(Path dir) {
        Path d = dir.toAbsolutePath().normalize();
        for (Tab t : tabs.getTabs()) {
            if (t instanceof dev.falsify.app.ui.session.SessionTab st && st.dir().equals(d)) {
                tabs.getSelectionModel().select(t);
                return st;
            }
        }
        var tab = new dev.falsify.app.ui.session.SessionTab(d, reviewHost);
        tab.textProperty().addListener((o, a, b) -> updateTitle());
        tabs.getTabs().add(tab);
        tabs.getSelectionModel().select(tab);
        tab.view().load();
        settings.addRecent(d);
        rebuildRecent();
        status("Opened session " + d);
        return tab;
    }

    /** Opens (or focuses and re-reads) an evidence file in its read-only viewer. */
    public dev.falsify.app.ui.viewers.EvidenceTab openEvidence(Path file) {
        Path f = file.toAbsolutePath().normalize();
        for (Tab t : tabs.getTabs()) {
            if (t instanceof dev.falsify.app.ui.viewers.EvidenceTab et && et.path().equals(f)) {
                tabs.getSelectionModel().select(t);
                et.load();
                return et;
            }
        }
        var tab = new dev.falsify.app.ui.viewers.EvidenceTab(f, evidenceLabel(f), this::open, this::isDark);
        tabs.getTabs().add(tab);
        tabs.getSelectionModel().select(tab);
        tab.load();
        settings.addRecent(f);
        rebuildRecent();
        status("Opened " + f + " (read-only)");
        return tab;
    }

    /** Opens the comparison of two session folders, {@code before} the earlier one. */
    public dev.falsify.app.ui.session.CompareTab compare(Path before, Path after) {
        for (Tab t : tabs.getTabs()) {
            if (t instanceof dev.falsify.app.ui.session.CompareTab ct && ct.compares(before, after)) {
                tabs.getSelectionModel().select(t);
                return ct;
            }
        }
        var tab = new dev.falsify.app.ui.session.CompareTab(before, after, reviewHost);
        tab.textProperty().addListener((o, a, b) -> updateTitle());
        tabs.getTabs().add(tab);
        tabs.getSelectionModel().select(tab);
        tab.view().load();
        return tab;
    }

    /** {@code report.md — replicated-kv @ 2026-12-01T081030Z} for a session's file; the file name otherwise. */
    private static String evidenceLabel(Path f) {
        for (Path d = f.getParent(); d != null && d.getNameCount() > 0 && f.getNameCount() - d.getNameCount() <= 4;
             d = d.getParent()) {
            if (SessionReader.isSession(d)) {
                String parent = d.getParent() == null || d.getParent().getFileName() == null ? ""
                        : d.getParent().getFileName() + " @ ";
                return f.getFileName() + " \u2014 " + parent + d.getFileName();
            }
        }
        return f.getFileName().toString();
    }

    private final dev.falsify.app.ui.session.ReviewHost reviewHost = new dev.falsify.app.ui.session.ReviewHost() {
        @Override
        public void open(Path path) {
            Workbench.this.open(path);
        }

        @Override
        public void compare(Path before, Path after) {
            Workbench.this.compare(before, after);
        }

        @Override
        public void status(String message) {
            Workbench.this.status(message);
        }

        @Override
        public javafx.stage.Window window() {
            return stage;
        }

        @Override
        public Path storeDb() {
            return storeDb;
        }

        @Override
        public boolean isDark() {
            return Workbench.this.isDark();
        }
    };

    /** Files and folders dropped on the window open as if chosen: sessions in their view, evidence read-only. */
    private void acceptDrops() {
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(javafx.scene.input.TransferMode.COPY_OR_MOVE);
            }
            e.consume();
        });
        root.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) {
                e.getDragboard().getFiles().forEach(f -> open(f.toPath()));
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    /** "Falsify — <open file or session>[ ●] — <workspace>": the selected tab's file or session, unsaved marked. */
    private void updateTitle() {
        if (stage == null) {
            return;
        }
        Tab t = tabs.getSelectionModel().getSelectedItem();
        StringBuilder b = new StringBuilder("Falsify");
        if (t instanceof PlanTab pt) {
            b.append(" \u2014 ").append(pt.path().getFileName()).append(pt.editor().savedProperty().get() ? "" : " \u25cf");
        } else if (t != null) {
            b.append(" \u2014 ").append(t.getText());
        }
        if (workspace != null) {
            b.append(" \u2014 ").append(workspace);
        }
        stage.setTitle(b.toString());
    }

    public Path workspace() {
        return workspace;
    }

    /** The folder to show as workspace for a file: the repository root above docs/testing-plans, or its folder. */
    static Path workspaceOf(Path p) {
        for (Path a = p.getParent(); a != null; a = a.getParent()) {
            if (Files.exists(a.resolve(".git")) || Files.isDirectory(a.resolve("docs/testing-plans"))
                    || Files.isDirectory(a.resolve("test-sessions"))) {
                return a;
            }
        }
        return Files.isDirectory(p) ? p : p.getParent();
    }

    /** A Markdown file of a session folder (its log, or a file in its findings): read, not linted as a plan. */
    static boolean isSessionFile(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        // findings/x.md is one level below its session, artifacts/S1-2/n1/wal.log three
        for (int up = 0; up < 4 && dir != null; up++, dir = dir.getParent()) {
            if (SessionReader.isSession(dir)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A session folder (by the session reader's rules: a session log or findings/report.md, names in
     * any case; or a hand-made folder with a session.md) is shown through its Markdown record: the
     * findings report, else the session log, else session.md, README.md or the first .md file.
     */
    static Optional<Path> sessionDocument(Path dir) throws IOException {
        if (!SessionReader.isSession(dir) && !Files.isRegularFile(dir.resolve("session.md"))) {
            return Optional.empty();
        }
        Path report = SessionReader.reportPath(dir);
        if (Files.isRegularFile(report)) {
            return Optional.of(report);
        }
        List<Path> markdown;
        try (Stream<Path> s = Files.list(dir)) {
            markdown = s.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".md"))
                    .sorted().toList();
        }
        for (String wanted : List.of("sessionlog.md", "session.md", "readme.md")) {
            for (Path f : markdown) {
                String n = f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).replace("-", "").replace("_", "");
                if (n.equals(wanted)) {
                    return Optional.of(f);
                }
            }
        }
        return markdown.stream().findFirst();
    }

    public boolean isDark() {
        return theme == WorkbenchSettings.Theme.DARK;
    }

    public void applyTheme(WorkbenchSettings.Theme theme) {
        this.theme = theme;
        Application.setUserAgentStylesheet(theme == WorkbenchSettings.Theme.DARK
                ? new PrimerDark().getUserAgentStylesheetBSS() : new PrimerLight().getUserAgentStylesheetBSS());
        root.getStyleClass().remove("dark");
        if (theme == WorkbenchSettings.Theme.DARK) {
            root.getStyleClass().add("dark");
        }
        darkItem.setSelected(theme == WorkbenchSettings.Theme.DARK);
        for (Tab t : tabs.getTabs()) {
            if (t instanceof PlanTab pt) {
                javafx.application.Platform.runLater(pt::themeChanged);
            }
        }
        if (theme != settings.theme()) {
            try {
                settings.setTheme(theme);
            } catch (RuntimeException e) {
                status("Could not remember the theme: " + e.getMessage());
            }
        }
    }

    private MenuBar menuBar() {
        MenuItem newPlan = item("New Plan…", "Shortcut+N", this::newPlan);
        MenuItem openFile = item("Open File…", "Shortcut+O", this::chooseFile);
        MenuItem openFolder = item("Open Folder…", "Shortcut+Shift+O", this::chooseFolder);
        MenuItem openSession = item("Open Session…", null, this::chooseSession);
        MenuItem save = item("Save", "Shortcut+S", this::saveCurrent);
        MenuItem saveAs = item("Save As…", "Shortcut+Shift+S", this::chooseSaveAs);
        MenuItem close = item("Close Tab", "Shortcut+W", () -> currentPlan().ifPresent(this::closeTab));
        MenuItem quit = item("Quit", "Shortcut+Q", () -> {
            if (confirmCloseAll()) {
                Platform.exit();
            }
        });
        rebuildRecent();
        Menu file = new Menu("File", null, newPlan, openFile, openFolder, openSession, recentMenu, new SeparatorMenuItem(), save,
                saveAs, close, new SeparatorMenuItem(), quit);
        file.setOnShowing(e -> rebuildRecent()); // a file deleted since is not offered

        Menu edit = editMenu();

        darkItem.setAccelerator(Accelerator.of("Shortcut+Shift+D"));
        darkItem.setOnAction(e -> applyTheme(darkItem.isSelected() ? WorkbenchSettings.Theme.DARK : WorkbenchSettings.Theme.LIGHT));
        catalogItem.setAccelerator(Accelerator.of("Shortcut+Shift+K"));
        catalogItem.setOnAction(e -> showCatalog(catalogItem.isSelected()));
        MenuItem fold = item("Fold Section", "Shortcut+Shift+OPEN_BRACKET",
                () -> currentPlan().ifPresent(t -> t.editor().foldSectionAtCaret()));
        MenuItem unfold = item("Unfold Section", "Shortcut+Shift+CLOSE_BRACKET",
                () -> currentPlan().ifPresent(t -> t.editor().unfoldSectionAtCaret()));
        MenuItem unfoldAll = item("Unfold All", null, () -> currentPlan().ifPresent(t -> t.editor().unfoldAll()));
        Menu view = new Menu("View", null, darkItem, catalogItem, new SeparatorMenuItem(), fold, unfold, unfoldAll);

        MenuItem about = item("About Falsify", null, () -> info("Falsify 0.1.0",
                "Claim-driven testing of distributed and stateful systems.\nEvery action here is also a `falsify` command."));
        Menu help = new Menu("Help", null, about);
        MenuBar bar = new MenuBar(file, edit, view, WorkbenchRunHost.runMenu(this), help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    /**
     * Undo / Redo, Cut / Copy / Paste / Select All, Find, Quick Fix. The clipboard items act on
     * whatever text has the keyboard focus (the plan editor, a table cell, a search field), as the
     * same keys do; a control that handles the key itself consumes it first, so nothing runs twice.
     */
    private Menu editMenu() {
        MenuItem undo = item("Undo", "Shortcut+Z", () -> currentPlan().ifPresent(t -> t.editor().codeArea().undo()));
        MenuItem redo = item("Redo", "Shortcut+Shift+Z", () -> currentPlan().ifPresent(t -> t.editor().codeArea().redo()));
        MenuItem cut = item("Cut", "Shortcut+X", () -> onFocusedText(TextClipboard.CUT));
        MenuItem copy = item("Copy", "Shortcut+C", () -> onFocusedText(TextClipboard.COPY));
        MenuItem paste = item("Paste", "Shortcut+V", () -> onFocusedText(TextClipboard.PASTE));
        MenuItem selectAll = item("Select All", "Shortcut+A", () -> onFocusedText(TextClipboard.SELECT_ALL));
        MenuItem find = item("Find…", "Shortcut+F", () -> currentPlan().ifPresent(t -> t.editor().showFind()));
        MenuItem quickFix = item("Quick Fix", "Shortcut+Period", this::quickFixAtCaret);
        return new Menu("Edit", null, undo, redo, new SeparatorMenuItem(), cut, copy, paste, selectAll,
                new SeparatorMenuItem(), find, quickFix);
    }

    private enum TextClipboard { CUT, COPY, PASTE, SELECT_ALL }

    /** Runs a clipboard action on the focused text control, else on the selected plan's editor. */
    private void onFocusedText(TextClipboard action) {
        Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
        if (focus instanceof javafx.scene.control.TextInputControl t) {
            switch (action) {
                case CUT -> t.cut();
                case COPY -> t.copy();
                case PASTE -> t.paste();
                case SELECT_ALL -> t.selectAll();
            }
            return;
        }
        org.fxmisc.richtext.StyledTextArea<?, ?> area = focus instanceof org.fxmisc.richtext.StyledTextArea<?, ?> a ? a
                : currentPlan().map(p -> (org.fxmisc.richtext.StyledTextArea<?, ?>) p.editor().codeArea()).orElse(null);
        if (area == null) {
            return;
        }
        switch (action) {
            case CUT -> area.cut();
            case COPY -> area.copy();
            case PASTE -> area.paste();
            case SELECT_ALL -> area.selectAll();
        }
    }

    private void chooseSaveAs() {
        currentPlan().ifPresent(t -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Save plan as");
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Markdown", "*.md"));
            fc.setInitialDirectory(t.path().getParent().toFile());
            fc.setInitialFileName(t.path().getFileName().toString());
            var f = fc.showSaveDialog(stage);
            if (f != null) {
                saveAs(t, f.toPath());
            }
        });
    }

    /**
     * Writes the tab's text to {@code target} (atomically) and makes the tab that file: its undo
     * history and unsaved-state follow; the old file keeps what it had on disk.
     */
    public boolean saveAs(PlanTab t, Path target) {
        Path p = target.toAbsolutePath().normalize();
        for (Tab other : tabs.getTabs()) {
            if (other != t && other instanceof PlanTab pt && pt.path().equals(p)) {
                status("Cannot save as " + p + ": it is open in another tab");
                return false;
            }
        }
        try {
            t.saveAs(p);
        } catch (IOException e) {
            error("Cannot save " + p, e);
            return false;
        }
        t.preview().setLinks(p, workspace, previewLinks());
        settings.addRecent(p);
        rebuildRecent();
        if (workspace != null && p.startsWith(workspace)) {
            tree.setWorkspace(workspace);
        }
        status("Saved as " + p);
        return true;
    }

    /** Where a link clicked in a preview goes: workspace files into the window, web links to the browser. */
    private dev.falsify.app.ui.preview.PreviewPane.Links previewLinks() {
        return new dev.falsify.app.ui.preview.PreviewPane.Links() {
            @Override
            public void openInWindow(Path file) {
                open(file);
            }

            @Override
            public void openExternal(java.net.URI uri) {
                browser.accept(uri);
            }

            @Override
            public void refused(String href, String reason) {
                status("Link not followed (" + reason + "): " + href);
            }
        };
    }

    /** How http(s) links from a preview reach the system browser (the app passes its HostServices). */
    public void setBrowser(java.util.function.Consumer<java.net.URI> browser) {
        this.browser = browser;
    }

    private static MenuItem item(String text, String accel, Runnable action) {
        MenuItem mi = new MenuItem(text);
        if (accel != null) {
            mi.setAccelerator(Accelerator.of(accel));
        }
        mi.setOnAction(e -> action.run());
        return mi;
    }

    /** The recent list; a path that no longer exists is dropped (and forgotten) rather than offered. */
    private void rebuildRecent() {
        List<MenuItem> items = new ArrayList<>();
        try {
            settings.forgetMissingRecent();
        } catch (RuntimeException e) {
            status("Could not update the recent list: " + e.getMessage());
        }
        for (Path p : settings.recent()) {
            if (!Files.exists(p)) {
                continue;
            }
            MenuItem mi = new MenuItem(p.toString());
            mi.setMnemonicParsing(false);
            mi.setOnAction(e -> open(p));
            items.add(mi);
        }
        if (items.isEmpty()) {
            MenuItem none = new MenuItem("(none)");
            none.setDisable(true);
            items.add(none);
        }
        recentMenu.getItems().setAll(items);
    }

    private void chooseFile() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open plan");
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Markdown", "*.md"),
                new FileChooser.ExtensionFilter("Histories (history viewer)", "*.jsonl", "*.edn", "*.log", "*.txt"),
                new FileChooser.ExtensionFilter("All files", "*"));
        if (workspace != null) {
            fc.setInitialDirectory(workspace.toFile());
        }
        var f = fc.showOpenDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    private void chooseFolder() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Open folder");
        var f = dc.showDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    private void chooseSession() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Open session folder");
        if (workspace != null && Files.isDirectory(workspace)) {
            dc.setInitialDirectory(workspace.toFile());
        }
        var f = dc.showDialog(stage);
        if (f != null) {
            if (sessionDocumentOrEmpty(f.toPath()).isEmpty()) {
                status(f + " is not a session folder (no session-log.md or findings/report.md)");
                return;
            }
            open(f.toPath());
        }
    }

    private static Optional<Path> sessionDocumentOrEmpty(Path dir) {
        try {
            return sessionDocument(dir);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private void newPlan() {
        Path ws = workspace == null ? Path.of("").toAbsolutePath() : workspace;
        NewPlanDialog.show(stage, ws).ifPresent(p -> {
            setWorkspace(ws); // rescans, so the new plan is listed under Plans
            open(p);
        });
    }

    public void saveCurrent() {
        currentPlan().ifPresent(t -> {
            try {
                t.save();
                status("Saved " + t.path());
            } catch (IOException e) {
                error("Cannot save " + t.path(), e);
            }
        });
    }

    /** Ctrl+. : applies the quick fix at the caret, or offers a menu when there are several. */
    public void quickFixAtCaret() {
        currentPlan().ifPresent(t -> {
            List<Problem> fixable = t.editor().problemsAtCaret().stream().filter(p -> p.quickFix().isPresent()).toList();
            if (fixable.isEmpty()) {
                status("No quick fix at the caret");
            } else if (fixable.size() == 1) {
                t.applyQuickFix(fixable.get(0));
            } else {
                ContextMenu menu = new ContextMenu();
                for (Problem p : fixable) {
                    MenuItem mi = new MenuItem("[" + p.rule() + "] " + p.quickFix().get().title());
                    mi.setMnemonicParsing(false);
                    mi.setOnAction(e -> t.applyQuickFix(p));
                    menu.getItems().add(mi);
                }
                var area = t.editor().codeArea();
                area.getCaretBounds().ifPresent(b -> menu.show(area, b.getMaxX(), b.getMaxY()));
            }
        });
    }

    private void closeTab(PlanTab t) {
        if (!t.editor().savedProperty().get() && !confirmDiscard(List.of(t))) {
            return;
        }
        tabs.getTabs().remove(t);
        t.dispose();
    }

    private boolean confirmCloseAll() {
        List<PlanTab> dirty = new ArrayList<>();
        for (Tab t : tabs.getTabs()) {
            if (t instanceof PlanTab pt && !pt.editor().savedProperty().get()) {
                dirty.add(pt);
            }
        }
        if (!dirty.isEmpty() && !confirmDiscard(dirty)) {
            return false;
        }
        for (Tab t : tabs.getTabs()) {
            if (t instanceof PlanTab pt) {
                pt.dispose();
            }
        }
        return true;
    }

    /** Save / Don't save / Cancel for unsaved tabs; false when the user cancels. */
    private boolean confirmDiscard(List<PlanTab> dirty) {
        ButtonType saveAll = new ButtonType(dirty.size() == 1 ? "Save" : "Save All", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, unsavedMessage(dirty), saveAll, discard, ButtonType.CANCEL);
        a.setHeaderText(dirty.size() == 1 ? "Save changes to " + dirty.get(0).path().getFileName() + "?"
                : "Save changes to " + dirty.size() + " files?");
        a.getDialogPane().setId("unsaved-changes-dialog");
        a.getDialogPane().setPrefWidth(520);
        WindowDialogs.owned(a, stage, null);
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == ButtonType.CANCEL) {
            return false;
        }
        for (PlanTab t : dirty) {
            try {
                if (r.get() == saveAll) {
                    t.save();
                } else {
                    t.editor().file().discardAutosave();
                }
            } catch (IOException e) {
                error("Cannot save " + t.path(), e);
                return false;
            }
        }
        return true;
    }

    /** The unsaved files by name, with their folder where names alone would be ambiguous. */
    static String unsavedMessage(List<PlanTab> dirty) {
        StringBuilder sb = new StringBuilder("Unsaved changes in:\n");
        java.util.Set<String> names = new java.util.HashSet<>();
        java.util.Set<String> repeated = new java.util.HashSet<>();
        for (PlanTab t : dirty) {
            if (!names.add(t.path().getFileName().toString())) {
                repeated.add(t.path().getFileName().toString());
            }
        }
        for (PlanTab t : dirty) {
            String name = t.path().getFileName().toString();
            sb.append("  • ").append(name);
            if (repeated.contains(name) || dirty.size() == 1) {
                sb.append("  (").append(t.path().getParent()).append(')');
            }
            sb.append('\n');
        }
        return sb.append("Your changes are lost if you don't save them.").toString();
    }

    private HBox statusBar() {
        statusMessage.setId("status-message");
        statusProblems.setId("status-problems");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(16, statusMessage, spacer, statusTiming, statusProblems, statusCaret);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 10, 3, 10));
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    public void status(String msg) {
        statusMessage.setText(msg);
    }

    private void updateStatus() {
        Optional<PlanTab> t = currentPlan();
        if (t.isEmpty()) {
            statusProblems.setText("");
            statusCaret.setText("");
            return;
        }
        var a = t.get().editor().analysisProperty().get();
        statusProblems.setText(a == null ? "" : dev.falsify.app.ui.problems.ProblemsPanel.summarize(a.problems()));
        updateCaret(t.get());
    }

    private void updateCaret(PlanTab t) {
        var area = t.editor().codeArea();
        statusCaret.setText("Ln " + (area.getCurrentParagraph() + 1) + ", Col " + (area.getCaretColumn() + 1));
    }

    private void error(String what, Exception e) {
        status(what + ": " + e.getMessage());
        if (stage != null && stage.isShowing()) {
            Alert a = new Alert(Alert.AlertType.ERROR, e.getMessage() == null ? e.toString() : e.getMessage());
            a.setHeaderText(what);
            a.getDialogPane().setId("error-dialog");
            WindowDialogs.owned(a, stage, null);
            a.show();
        }
    }

    private void info(String header, String text) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, text);
        a.setHeaderText(header);
        WindowDialogs.owned(a, stage, null);
        a.show();
    }
}
