package dev.falsify.app.ui.session;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.app.ui.viewers.MarkdownViewer;
import dev.falsify.app.ui.work.BackgroundThreads;
import dev.falsify.app.ui.work.BackgroundWork;
import dev.falsify.model.report.ReportExport;
import dev.falsify.model.report.ResultRow;
import dev.falsify.model.session.FindingFile;
import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.AuditChecklist;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.PlanId;
import dev.falsify.runner.store.HistoryEntry;
import dev.falsify.runner.store.SessionStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceDialog;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;

/**
 * The reviewer's view of one session folder: a header (plan, commit, times, state, headline), the
 * scenario table (arms nested under their scenario, verdict coloured by class, oracle, evidence,
 * blame, TaxDC, downgrade reason, overrides beside the computed verdict) and, for the selected row,
 * its green-but-broken checklist and weak-oracle audit, its finding, its artifacts and its verdict
 * history. Override, undo, export and compare run off the FX thread through the model and store APIs
 * that {@code falsify override / report / history} use.
 */
public final class SessionView extends BorderPane {
    private final Path dir;
    private final ReviewHost host;
    private final Clock clock;
    private final BackgroundWork work = new BackgroundWork();
    private final VBox header = new VBox(4);
    private final TreeTableView<ResultLine> table = new TreeTableView<>();
    private final TabPane details = new TabPane();
    private final VBox checks = new VBox(3);
    private final MarkdownViewer finding;
    private final ListView<String> artifacts = new ListView<>();
    private final TableView<HistoryEntry> history = new TableView<>();
    private final Label historySummary = new Label();
    private final Button overrideButton = new Button("Override\u2026");
    private final Button undoButton = new Button("Undo Override");
    private final Button exportButton = new Button("Export report.md");
    private final Button compareButton = new Button("Compare with\u2026");
    private final Deque<VerdictOverride> undo = new ArrayDeque<>();
    private final StringProperty title = new SimpleStringProperty();
    private final List<Consumer<SessionData>> loadListeners = new ArrayList<>();
    private SessionData data;
    /** The sessions index is being updated in the background (after the table is shown). */
    private boolean indexing;
    /** The selected row's finding, rendered only once the Finding tab is shown: WebKit is slow to start. */
    private Runnable pendingFinding;
    private Tab findingTab;

    public SessionView(Path dir, ReviewHost host, Clock clock) {
        this.dir = dir.toAbsolutePath().normalize();
        this.host = host;
        this.clock = clock;
        getStyleClass().add("session-view");
        setId("session-view");
        title.set(this.dir.getFileName() + " (reading\u2026)");
        finding = new MarkdownViewer(host::open);
        table.setId("scenario-table");
        table.setShowRoot(false);
        table.setRoot(new TreeItem<>());
        table.setColumnResizePolicy(TreeTableView.UNCONSTRAINED_RESIZE_POLICY);
        buildColumns();
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> showDetails(b == null ? null : b.getValue()));

        overrideButton.setId("override-button");
        undoButton.setId("undo-override-button");
        exportButton.setId("export-report-button");
        compareButton.setId("compare-button");
        overrideButton.setOnAction(e -> selectedArm().ifPresent(this::askOverride));
        undoButton.setOnAction(e -> undoOverride());
        exportButton.setOnAction(e -> exportReport(true));
        compareButton.setOnAction(e -> askCompare());
        Button reload = new Button("Reload");
        reload.setOnAction(e -> load());
        ToolBar tools = new ToolBar(overrideButton, undoButton, new Separator(), exportButton,
                compareButton, reload);
        updateButtons();

        artifacts.setId("artifact-list");
        artifacts.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                openSelectedArtifact();
            }
        });
        artifacts.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                openSelectedArtifact();
            }
        });
        buildHistoryTable();
        ScrollPane checksScroll = new ScrollPane(checks);
        checksScroll.setFitToWidth(true);
        checks.setPadding(new Insets(8));
        checks.setId("arm-checks");
        Tab checksTab = new Tab("Checks", checksScroll);
        findingTab = new Tab("Finding", finding);
        findingTab.selectedProperty().addListener((o, was, now) -> showPendingFinding());
        Tab artifactsTab = new Tab("Artifacts", artifacts);
        VBox historyBox = new VBox(4, historySummary, history);
        VBox.setVgrow(history, Priority.ALWAYS);
        historyBox.setPadding(new Insets(4));
        Tab historyTab = new Tab("History", historyBox);
        details.getTabs().addAll(checksTab, findingTab, artifactsTab, historyTab);
        details.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        details.setId("arm-details");

        SplitPane split = new SplitPane(table, details);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.5);
        header.setPadding(new Insets(8, 10, 6, 10));
        header.getStyleClass().add("session-header");
        setTop(new VBox(header, tools, work));
        setCenter(split);
    }

    public Path dir() {
        return dir;
    }

    public StringProperty titleProperty() {
        return title;
    }

    public SessionData data() {
        return data;
    }

    public TreeTableView<ResultLine> table() {
        return table;
    }

    public TabPane details() {
        return details;
    }

    public VBox checks() {
        return checks;
    }

    public ListView<String> artifacts() {
        return artifacts;
    }

    public TableView<HistoryEntry> history() {
        return history;
    }

    /** Reading, writing or indexing in the background. */
    public boolean busy() {
        return work.busy() || indexing;
    }

    public void onLoaded(Consumer<SessionData> listener) {
        loadListeners.add(listener);
    }

    /**
     * Reads the folder in the background and shows it, then indexes it with the sessions beside it
     * (for the History tab) in the background again: the index is a cache that may take seconds on
     * a folder with many sessions, and the reviewer should not wait for it to see the verdicts.
     */
    public void load() {
        String keep = table.getSelectionModel().getSelectedItem() == null ? null
                : table.getSelectionModel().getSelectedItem().getValue().id();
        if (data == null) {
            table.setPlaceholder(new Label("Reading " + dir.getFileName() + "\u2026"));
        }
        work.run("Reading " + dir.getFileName(), () -> SessionData.load(dir), d -> {
            show(d);
            if (keep != null) {
                select(keep);
            }
            indexInBackground(d);
        }, this::failed);
    }

    private void indexInBackground(SessionData d) {
        indexing = true;
        BackgroundThreads.start("falsify-index", () -> {
            try {
                index(d);
            } finally {
                Platform.runLater(() -> {
                    indexing = false;
                    // the History tab was read before the index had this session
                    selectedLine().ifPresent(l -> loadHistory(l.id()));
                });
            }
        });
    }

    /** Selects the row of {@code id} (a scenario or arm); false when there is none. */
    public boolean select(String id) {
        for (TreeItem<ResultLine> s : table.getRoot().getChildren()) {
            for (TreeItem<ResultLine> t : withChildren(s)) {
                if (PlanId.key(t.getValue().id()).equals(PlanId.key(id))) {
                    s.setExpanded(true);
                    table.getSelectionModel().select(t);
                    table.scrollTo(Math.max(0, table.getRow(t) - 2));
                    return true;
                }
            }
        }
        return false;
    }

    private static List<TreeItem<ResultLine>> withChildren(TreeItem<ResultLine> s) {
        List<TreeItem<ResultLine>> out = new ArrayList<>();
        out.add(s);
        out.addAll(s.getChildren());
        return out;
    }

    /** Imports this session and its siblings so the History tab has them; the index is a cache, so failure only warns. */
    private void index(SessionData d) {
        try (SessionStore store = SessionStore.open(host.storeDb())) {
            store.importFolder(d.dir());
            for (Path p : d.siblings()) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                store.importFolder(p);
            }
        } catch (IOException | RuntimeException e) {
            Platform.runLater(() -> host.status("Session index not updated: " + e.getMessage()));
        }
    }

    private void failed(Throwable t) {
        if (t instanceof CancellationException) {
            host.status(t.getMessage());
            if (data == null) {
                Button again = new Button("Read the session");
                again.setOnAction(e -> load());
                header.getChildren().setAll(new Label("Reading cancelled."), again);
            }
            return;
        }
        host.status(dir + ": " + t.getMessage());
        if (data == null) {
            header.getChildren().setAll(new Label("Cannot read " + dir + ": " + t.getMessage()));
        }
    }

    private void show(SessionData d) {
        data = d;
        title.set(d.title());
        buildHeader(d);
        TreeItem<ResultLine> root = new TreeItem<>();
        for (ResultLine s : ResultLine.build(d.arms(), d.rows(), d.scenarioVerdicts())) {
            TreeItem<ResultLine> item = new TreeItem<>(s);
            s.arms().forEach(a -> item.getChildren().add(new TreeItem<>(a)));
            item.setExpanded(true);
            root.getChildren().add(item);
        }
        table.setRoot(root);
        showDetails(null);
        updateButtons();
        loadListeners.forEach(l -> l.accept(d));
    }

    private void buildHeader(SessionData d) {
        SessionFolder f = d.folder();
        var h = f.log().header();
        Label titleLabel = new Label(d.title());
        titleLabel.getStyleClass().add("session-title");
        Label headline = new Label(d.headline().name());
        headline.setId("session-headline");
        headline.getStyleClass().add("verdict-badge");
        VerdictStyle.apply(headline, VerdictStyle.of(d.headline()));
        Label state = new Label(f.interrupted() ? "interrupted" : "complete");
        state.setId("session-state");
        state.getStyleClass().add(f.interrupted() ? "session-interrupted" : "session-complete");
        FlowPane top = new FlowPane(10, 4, titleLabel, headline, state);
        top.setAlignment(Pos.CENTER_LEFT);

        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(2);
        Node plan;
        if (d.planFile().isPresent()) {
            Hyperlink link = new Hyperlink(h.plan());
            link.setId("session-plan-link");
            link.setOnAction(e -> host.open(d.planFile().get()));
            plan = link;
        } else {
            plan = new Label(h.plan().isBlank() ? "\u2014 (the session log names no plan)" : h.plan() + " (not found)");
        }
        int r = 0;
        g.addRow(r++, key("Plan"), plan);
        g.addRow(r++, key("Commit under test"), value(h.commit()));
        g.addRow(r++, key("Started"), value(h.started()));
        g.addRow(r++, key("Ended"), value(h.ended().isBlank() ? "no end marker" : h.ended()));
        List<String> notes = new ArrayList<>();
        f.missing().stream().filter(m -> !m.equals("findings/report.md")).findAny()
                .ifPresent(m -> notes.add("missing: " + String.join(", ", f.missing())));
        f.problems().forEach(p -> notes.add("unreadable: " + p));
        if (!notes.isEmpty()) {
            Label n = new Label(String.join("; ", notes));
            n.setWrapText(true);
            n.getStyleClass().add("session-notes");
            g.addRow(r, key("Notes"), n);
        }
        header.getChildren().setAll(top, g);
    }

    private static Label key(String s) {
        Label l = new Label(s + ":");
        l.getStyleClass().add("session-key");
        return l;
    }

    private static Label value(String s) {
        Label l = new Label(s == null || s.isBlank() ? "\u2014" : s);
        l.setWrapText(true);
        return l;
    }

    private void buildColumns() {
        TreeTableColumn<ResultLine, String> id = column("Scenario / arm", 110, ResultLine::id);
        TreeTableColumn<ResultLine, String> name = column("Name", 200, ResultLine::name);
        TreeTableColumn<ResultLine, ResultLine> verdict = new TreeTableColumn<>("Verdict");
        verdict.setId("verdict-column");
        verdict.setPrefWidth(240);
        verdict.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue()));
        verdict.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(ResultLine item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item.verdictText());
                setTooltip(empty || item == null ? null : new Tooltip(item.verdictText()));
                VerdictStyle.apply(this, empty || item == null ? null : VerdictStyle.of(item.verdict()));
            }
        });
        TreeTableColumn<ResultLine, String> review = column("Review", 220, ResultLine::review);
        review.setId("review-column");
        TreeTableColumn<ResultLine, String> oracle = column("Oracle", 130, l -> l.cell(ResultRow::oracle));
        TreeTableColumn<ResultLine, String> oracleEv = column("Oracle execution evidence", 220, l -> l.cell(ResultRow::oracleEvidence));
        TreeTableColumn<ResultLine, String> landing = column("Landing evidence", 220, l -> l.cell(ResultRow::landingEvidence));
        TreeTableColumn<ResultLine, String> blame = column("Blame", 110, ResultLine::blame);
        TreeTableColumn<ResultLine, String> taxdc = column("TaxDC", 130, ResultLine::taxdc);
        TreeTableColumn<ResultLine, String> downgrade = column("Downgrade reason", 260, ResultLine::downgrade);
        // blame and TaxDC before the long evidence columns: they are read at a glance, the evidence by hovering
        table.getColumns().setAll(List.of(id, name, verdict, review, blame, taxdc, oracle, oracleEv, landing, downgrade));
    }

    private static TreeTableColumn<ResultLine, String> column(String title, double width, Function<ResultLine, String> f) {
        TreeTableColumn<ResultLine, String> c = new TreeTableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cd.getValue().getValue() == null ? ""
                : f.apply(cd.getValue().getValue())));
        // evidence and reasons are longer than any column: the whole text on hover
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null || item.isBlank() ? null : wrapped(item));
            }
        });
        return c;
    }

    private static Tooltip wrapped(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(560);
        return t;
    }

    private void buildHistoryTable() {
        history.setId("verdict-history");
        TableColumn<HistoryEntry, String> session = new TableColumn<>("Session");
        session.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().session()));
        session.setPrefWidth(200);
        TableColumn<HistoryEntry, String> verdict = new TableColumn<>("Verdict");
        verdict.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().verdict()));
        verdict.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                VerdictStyle.apply(this, empty || item == null ? null
                        : VerdictStyle.of(Verdict.parse(item).orElse(null)));
            }
        });
        verdict.setPrefWidth(220);
        TableColumn<HistoryEntry, String> flip = new TableColumn<>("Flip");
        flip.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().note()));
        flip.setPrefWidth(120);
        TableColumn<HistoryEntry, String> where = new TableColumn<>("Folder");
        where.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().dir()));
        where.setPrefWidth(420);
        history.getColumns().setAll(List.of(session, verdict, flip, where));
        history.setPlaceholder(new Label("No indexed session records this scenario."));
        history.setRowFactory(t -> {
            TableRow<HistoryEntry> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && row.getItem() != null && !Path.of(row.getItem().dir()).equals(dir)) {
                    host.open(Path.of(row.getItem().dir()));
                }
            });
            return row;
        });
    }

    private Optional<ResultLine> selectedLine() {
        TreeItem<ResultLine> i = table.getSelectionModel().getSelectedItem();
        return i == null ? Optional.empty() : Optional.ofNullable(i.getValue());
    }

    /** The selected arm, or the only/first arm of a selected scenario row. */
    public Optional<ArmVerdict> selectedArm() {
        return selectedLine().flatMap(l -> l.arm().or(() -> l.arms().stream().findFirst().flatMap(ResultLine::arm)));
    }

    private void updateButtons() {
        overrideButton.setDisable(data == null || selectedArm().isEmpty());
        undoButton.setDisable(undo.isEmpty());
        undoButton.setText(undo.isEmpty() ? "Undo Override" : "Undo Override (" + undo.peek().armId() + ")");
        exportButton.setDisable(data == null);
        compareButton.setDisable(data == null);
    }

    private void showDetails(ResultLine line) {
        updateButtons();
        checks.getChildren().clear();
        artifacts.getItems().clear();
        history.getItems().clear();
        historySummary.setText("");
        if (line == null || data == null) {
            checks.getChildren().add(new Label("Select a scenario or arm."));
            Path none = dir.resolve(SessionLayout.FINDINGS).resolve("x.md");
            showFinding(() -> finding.showHtml(finding.render("", none, host.isDark())));
            return;
        }
        List<ResultLine> arms = line.arms().isEmpty() ? List.of(line) : line.arms();
        for (ResultLine a : arms) {
            a.arm().ifPresent(this::addChecks);
        }
        Optional<FindingFile> f = arms.stream().flatMap(a -> a.arm().flatMap(ArmVerdict::finding).stream()).findFirst();
        Path findingPath = dir.resolve(SessionLayout.FINDINGS).resolve(f.map(FindingFile::fileName).orElse("none.md"));
        String findingText = f.map(FindingFile::text).orElse("_No findings file for " + line.id() + "._");
        showFinding(() -> finding.showHtml(finding.render(findingText, findingPath, host.isDark())));
        for (ResultLine a : arms) {
            a.row().ifPresent(r -> {
                r.finding().ifPresent(artifacts.getItems()::add);
                artifacts.getItems().addAll(r.artifacts());
            });
            String stem = PlanId.fileStem(a.id());
            data.folder().logFiles().stream().filter(p -> {
                String rest = p.substring(p.indexOf('/') + 1);
                return rest.startsWith(stem + "/") || rest.startsWith(stem + "-") || rest.startsWith(stem + ".");
            }).forEach(artifacts.getItems()::add);
        }
        loadHistory(line.id());
    }

    private void addChecks(ArmVerdict a) {
        Label head = new Label(a.armId() + " \u2014 " + a.effective().label());
        head.getStyleClass().add("checks-heading");
        VerdictStyle.apply(head, VerdictStyle.of(a.effective()));
        checks.getChildren().add(head);
        a.computed().ifPresent(d -> checks.getChildren().add(wrap("Computed " + d.display() + ": " + d.reason())));
        a.written().filter(w -> a.computed().map(d -> d.verdict() != w).orElse(false))
                .ifPresent(w -> checks.getChildren().add(wrap("Written as " + w.label() + " (downgraded or recomputed)")));
        a.override().ifPresent(o -> checks.getChildren().add(wrap("Overridden by " + o.author() + " at " + o.time()
                + " because " + o.reason())));
        if (a.effective() == Verdict.NOT_RUN) {
            checks.getChildren().add(wrap("Not evaluated: the arm never ran."));
            return;
        }
        List<AuditItem> gbb = a.finding().map(FindingFile::greenButBroken).orElse(List.of());
        List<AuditItem> weak = a.finding().map(FindingFile::weakOracleAudit).orElse(List.of());
        checks.getChildren().add(sub("Green-but-broken check"));
        AuditChecklist.complete(gbb, AuditCheck.Checklist.GREEN_BUT_BROKEN).forEach(i -> checks.getChildren().add(item(i)));
        checks.getChildren().add(sub("Weak-oracle audit"));
        AuditChecklist.complete(weak, AuditCheck.Checklist.WEAK_ORACLE).forEach(i -> checks.getChildren().add(item(i)));
        Region gap = new Region();
        gap.setMinHeight(8);
        checks.getChildren().add(gap);
    }

    private static Label sub(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("checks-subheading");
        return l;
    }

    private static Label wrap(String s) {
        Label l = new Label(s);
        l.setWrapText(true);
        return l;
    }

    private static Label item(AuditItem i) {
        String mark = switch (i.status()) {
            case PASSED -> "\u2713";
            case FAILED -> "\u2717";
            case NOT_APPLICABLE -> "\u2013";
            case NOT_EVALUATED -> "\u25cb";
        };
        Label l = new Label(mark + "  " + i.check() + " \u2014 " + (i.status() == AuditItem.Status.FAILED ? "FAILED: " : "")
                + i.evidenceOrNotEvaluated());
        l.setWrapText(true);
        l.getStyleClass().add("audit-" + i.status().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        return l;
    }

    private void showFinding(Runnable render) {
        pendingFinding = render;
        showPendingFinding();
    }

    private void showPendingFinding() {
        if (pendingFinding != null && findingTab.isSelected()) {
            Runnable r = pendingFinding;
            pendingFinding = null;
            r.run();
        }
    }

    private void loadHistory(String id) {
        String slug = data.folder().planSlug();
        BackgroundThreads.start("falsify-history", () -> {
            try (SessionStore store = SessionStore.open(host.storeDb())) {
                List<HistoryEntry> h = store.history(id, slug.isBlank() ? Optional.empty() : Optional.of(slug));
                Platform.runLater(() -> {
                    if (selectedLine().map(l -> l.id().equals(id)).orElse(false)) {
                        history.getItems().setAll(h);
                        historySummary.setText(HistoryEntry.summary(id, h));
                    }
                });
            } catch (IOException | RuntimeException e) {
                Platform.runLater(() -> historySummary.setText("History unavailable: " + e.getMessage()));
            }
        });
    }

    private void openSelectedArtifact() {
        String rel = artifacts.getSelectionModel().getSelectedItem();
        if (rel != null) {
            host.open(dir.resolve(rel));
        }
    }

    private void askOverride(ArmVerdict arm) {
        new OverrideDialog(host.window(), arm, clock).showAndWait().ifPresent(this::override);
    }

    /**
     * Records {@code o} in the folder and the index, regenerates a report.md Falsify wrote (so it never
     * contradicts the override), and reloads. Undoable with {@link #undoOverride}.
     */
    public void override(VerdictOverride o) {
        work.run("Recording the override of " + o.armId(), () -> {
            try (SessionStore store = SessionStore.open(host.storeDb())) {
                store.recordOverride(dir, o);
            }
            refreshOwnReport();
            return SessionData.load(dir);
        }, d -> {
            host.rewritten(SessionReader.reportPath(dir));
            undo.push(o);
            show(d);
            select(o.armId());
            host.status("Override of " + o.armId() + " recorded in findings/overrides.md"
                    + (o.verdict() == null ? "" : ": " + o.verdict().label()));
        }, this::failed);
    }

    /** Takes back the last override made in this view. */
    public void undoOverride() {
        if (undo.isEmpty()) {
            return;
        }
        VerdictOverride o = undo.pop();
        updateButtons();
        work.run("Undoing the override of " + o.armId(), () -> {
            boolean removed;
            try (SessionStore store = SessionStore.open(host.storeDb())) {
                removed = store.withdrawOverride(dir, o);
            }
            refreshOwnReport();
            return new Object[] {removed, SessionData.load(dir)};
        }, r -> {
            host.rewritten(SessionReader.reportPath(dir));
            show((SessionData) r[1]);
            select(o.armId());
            host.status((Boolean) r[0] ? "Override of " + o.armId() + " undone"
                    : "The override of " + o.armId() + " was no longer in findings/overrides.md");
        }, this::failed);
    }

    /** A report.md Falsify wrote is derived from the folder: rewrite it after an override. An author's report is left alone. */
    private void refreshOwnReport() throws IOException {
        Path report = SessionLayout.reportPath(dir);
        if (Files.isRegularFile(report) && SessionReader.isFalsifyReport(Files.readString(report, StandardCharsets.UTF_8))) {
            SessionData d = SessionData.load(dir);
            ReportExport.write(d.folder(), d.plan(), Optional.empty());
        }
    }

    /** Writes findings/report.md with the overrides (an author's report is set aside), then shows it. */
    public void exportReport(boolean show) {
        work.run("Exporting report.md", () -> {
            SessionData d = SessionData.load(dir);
            return ReportExport.write(d.folder(), d.plan(), Optional.empty());
        }, w -> {
            host.status("Wrote " + w.report() + " \u2014 " + w.session().headline().name()
                    + w.setAside().map(p -> " (the author's report kept as " + p.getFileName() + ")").orElse(""));
            if (show) {
                host.open(w.report());
            }
        }, this::failed);
    }

    /** How the Compare picker lists the sessions beside this one: as the Sessions tree does, time and verdict. */
    static List<SessionSummary> compareChoices(List<Path> siblings) {
        return SessionSummary.newestFirst(siblings);
    }

    private void askCompare() {
        // the siblings are read (for their verdicts) off the FX thread
        work.run("Listing the sessions beside " + dir.getFileName(), () -> compareChoices(data.siblings()),
                this::askCompare, this::failed);
    }

    private void askCompare(List<SessionSummary> others) {
        java.util.Map<String, Path> byLabel = new java.util.LinkedHashMap<>();
        others.forEach(s -> byLabel.put(s.label(), s.dir()));
        List<String> names = new ArrayList<>(byLabel.keySet());
        String other = "Another folder\u2026";
        names.add(other);
        ChoiceDialog<String> d = new ChoiceDialog<>(names.get(0), names);
        if (host.window() != null) {
            d.initOwner(host.window());
        }
        d.setTitle("Compare sessions");
        d.setHeaderText("Compare " + data.title() + " with");
        d.showAndWait().ifPresent(choice -> {
            Path with;
            if (choice.equals(other)) {
                DirectoryChooser dc = new DirectoryChooser();
                dc.setTitle("Session folder to compare with");
                var f = dc.showDialog(host.window());
                if (f == null) {
                    return;
                }
                with = f.toPath();
            } else {
                with = byLabel.get(choice);
            }
            compareWith(with);
        });
    }

    /** Opens the comparison with {@code other}, the earlier session (by folder name) on the left. */
    public void compareWith(Path other) {
        Path o = other.toAbsolutePath().normalize();
        if (o.getFileName().toString().compareTo(dir.getFileName().toString()) <= 0) {
            host.compare(o, dir);
        } else {
            host.compare(dir, o);
        }
    }
}
