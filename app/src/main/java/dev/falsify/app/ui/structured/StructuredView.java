package dev.falsify.app.ui.structured;

import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.SevenM;
import dev.falsify.model.plan.SevenMS;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.cell.ComboBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The structured side of the plan editor: header form, claims table (editable cells, category
 * picker), hypotheses with their claim links, and scenarios (fields, §7.M, §7.M.S, run block).
 * It never holds its own copy of the plan: every edit asks {@link PlanEditing} for a minimal text
 * patch against the current document and hands it to the editor, which applies it to the one
 * CodeArea document (one undo history); the view then follows the re-parse like everything else.
 */
public final class StructuredView extends BorderPane {
    /** Category choices offered by the picker (the cell stays free text, so "ordering / idempotency" works). */
    static final List<String> CATEGORY_CHOICES = java.util.Arrays.stream(ClaimCategory.values())
            .map(ClaimCategory::label).toList();

    private final Supplier<Plan> currentPlan;
    private final Consumer<List<Replacement>> apply;
    private final Consumer<String> jump;
    private final TabPane tabs = new TabPane();
    private final GridPane header = new GridPane();
    private final Map<String, TextInputControl> headerFields = new LinkedHashMap<>();
    private final TableView<Claim> claims = new TableView<>();
    private final TableView<Hypothesis> hypotheses = new TableView<>();
    private final ListView<Scenario> scenarios = new ListView<>();
    private final VBox scenarioDetail = new VBox(8);
    private final Tab claimsTab;
    private final Tab hypothesesTab;
    private final Tab scenariosTab;
    private Plan plan;
    private String shownScenarioKey;
    private final java.util.Set<Tab> staleTabs = new java.util.HashSet<>();
    /** True while {@link #show} refreshes lists, so restored selections do not count as user clicks. */
    private boolean updating;

    /**
     * @param currentPlan the plan parsed from the editor's CURRENT text (edits are computed against it)
     * @param apply       applies replacements to the editor document as one undo step
     * @param jump        shows an element (claim / hypothesis / scenario id) in the Markdown editor
     */
    public StructuredView(Supplier<Plan> currentPlan, Consumer<List<Replacement>> apply, Consumer<String> jump) {
        this.currentPlan = currentPlan;
        this.apply = apply;
        this.jump = jump;
        getStyleClass().add("structured-view");
        setId("structured-view");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Tab headerTab = new Tab("Header", scroll(buildHeader()));
        claimsTab = new Tab("Claims", buildClaims());
        hypothesesTab = new Tab("Hypotheses", buildHypotheses());
        scenariosTab = new Tab("Scenarios", buildScenarios());
        tabs.getTabs().addAll(headerTab, claimsTab, hypothesesTab, scenariosTab);
        tabs.getSelectionModel().select(claimsTab);
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            updating = true;
            try {
                refreshTab(b);
            } finally {
                updating = false;
            }
            if (b == scenariosTab) {
                refreshScenarioDetail(false);
            }
        });
        setCenter(tabs);
    }

    public TableView<Claim> claimsTable() {
        return claims;
    }

    public TableView<Hypothesis> hypothesesTable() {
        return hypotheses;
    }

    public ListView<Scenario> scenarioList() {
        return scenarios;
    }

    public TabPane tabs() {
        return tabs;
    }

    /** Shows a new projection; keeps selections and leaves a field the user is typing in alone. */
    public void show(Plan p) {
        updating = true;
        try {
            showProjection(p);
        } finally {
            updating = false;
        }
        if (tabs.getSelectionModel().getSelectedItem() == scenariosTab) {
            refreshScenarioDetail(false);
        }
    }

    /**
     * Refreshes only the visible tab (a 300-row table refreshed on every keystroke costs the FX
     * thread milliseconds for nothing); the others catch up when they are selected.
     */
    private void showProjection(Plan p) {
        this.plan = p;
        staleTabs.addAll(tabs.getTabs());
        refreshTab(tabs.getSelectionModel().getSelectedItem());
        claimsTab.setText("Claims (" + p.claims().size() + ")");
        hypothesesTab.setText("Hypotheses (" + p.hypotheses().size() + ")");
        scenariosTab.setText("Scenarios (" + p.scenarios().size() + ")");
    }

    private void refreshTab(Tab tab) {
        if (plan == null || tab == null || !staleTabs.remove(tab)) {
            return;
        }
        Plan p = plan;
        if (tab == claimsTab) {
            if (!isEditing(claims)) {
                replaceKeepingSelection(claims, p.claims(), Claim::id);
            } else {
                staleTabs.add(tab);
            }
        } else if (tab == hypothesesTab) {
            if (!isEditing(hypotheses)) {
                replaceKeepingSelection(hypotheses, p.hypotheses(), Hypothesis::id);
            } else {
                staleTabs.add(tab);
            }
        } else if (tab == scenariosTab) {
            replaceKeepingSelection(scenarios, p.scenarios(), Scenario::id);
        } else {
            for (Map.Entry<String, TextInputControl> e : headerFields.entrySet()) {
                if (!e.getValue().isFocused()) {
                    e.getValue().setText(p.header().value(e.getKey()));
                }
            }
        }
    }

    /** Selects and scrolls to an element by id (claim, hypothesis or scenario). */
    public void reveal(String id) {
        if (plan == null || id == null) {
            return;
        }
        plan.claim(id).ifPresent(c -> {
            tabs.getSelectionModel().select(claimsTab);
            select(claimsTab, claims, indexOf(claims.getItems(), c.id(), Claim::id));
        });
        plan.hypothesis(id).ifPresent(h -> {
            tabs.getSelectionModel().select(hypothesesTab);
            select(hypothesesTab, hypotheses, indexOf(hypotheses.getItems(), h.id(), Hypothesis::id));
        });
        plan.scenario(id).ifPresent(s -> {
            tabs.getSelectionModel().select(scenariosTab);
            int i = indexOf(scenarios.getItems(), s.id(), Scenario::id);
            if (i >= 0) {
                scenarios.getSelectionModel().select(i);
                scenarios.scrollTo(i);
            }
        });
    }

    private void select(Tab tab, TableView<?> table, int index) {
        tabs.getSelectionModel().select(tab);
        if (index >= 0) {
            table.getSelectionModel().select(index);
            table.scrollTo(Math.max(0, index - 2));
        }
    }

    private static <T> int indexOf(List<T> items, String id, Function<T, String> key) {
        for (int i = 0; i < items.size(); i++) {
            if (key.apply(items.get(i)).equals(id)) {
                return i;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- header

    private Node buildHeader() {
        header.setHgap(8);
        header.setVgap(6);
        header.setPadding(new Insets(10));
        String[][] rows = {{"date", "Date"}, {"mode", "Plan mode"}, {"sut", "SUT"}, {"change", "Change under test"},
                {"author", "Plan author"}, {"status", "Status"}};
        int r = 0;
        for (String[] row : rows) {
            TextInputControl input;
            if (row[0].equals("mode") || row[0].equals("status")) {
                ComboBox<String> combo = new ComboBox<>(FXCollections.observableArrayList(row[0].equals("mode")
                        ? List.of("project-wide", "change-scoped") : List.of("draft", "reviewed", "executed")));
                combo.setEditable(true);
                combo.setMaxWidth(Double.MAX_VALUE);
                combo.setOnAction(e -> commitHeader(row[0], combo.getEditor().getText()));
                input = combo.getEditor();
                header.addRow(r++, fieldLabel(row[1]), combo);
                GridPane.setHgrow(combo, Priority.ALWAYS);
            } else {
                TextField tf = new TextField();
                tf.setOnAction(e -> commitHeader(row[0], tf.getText()));
                input = tf;
                header.addRow(r++, fieldLabel(row[1]), tf);
                GridPane.setHgrow(tf, Priority.ALWAYS);
            }
            input.setId("header-" + row[0]);
            TextInputControl in = input;
            in.focusedProperty().addListener((o, was, now) -> {
                if (!now) {
                    commitHeader(row[0], in.getText());
                }
            });
            headerFields.put(row[0], input);
        }
        return header;
    }

    private void commitHeader(String field, String value) {
        Plan p = currentPlan.get();
        if (p == null || Objects.equals(p.header().value(field), value.strip())) {
            return;
        }
        apply.accept(PlanEditing.edit(p, e -> e.setHeaderField(field, value.strip())));
    }

    // ---------------------------------------------------------------- claims

    private Node buildClaims() {
        claims.setId("claims-table");
        claims.setEditable(true);
        claims.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        claims.setPlaceholder(new Label("No claims table (§1b) yet. Add one with the button below."));
        TableColumn<Claim, String> id = idColumn(Claim::id);
        TableColumn<Claim, String> text = textColumn("Claim", "claim", c -> c.text());
        text.setPrefWidth(280);
        TableColumn<Claim, String> category = new TableColumn<>("Category");
        category.setId("claims-category");
        category.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().categoryText()));
        category.setCellFactory(col -> {
            ComboBoxTableCell<Claim, String> cell = new ComboBoxTableCell<>(FXCollections.observableArrayList(CATEGORY_CHOICES));
            cell.setComboBoxEditable(true);
            return cell;
        });
        category.setOnEditCommit(e -> commitClaimCell(e.getRowValue(), "category", e.getNewValue()));
        category.setPrefWidth(130);
        TableColumn<Claim, String> source = textColumn("Source", "source", Claim::source);
        TableColumn<Claim, String> inferred = textColumn("Inferred?", "inferred", c -> c.row() == null ? ""
                : c.row().text("inferred", "confidence"));
        claims.getColumns().addAll(List.of(id, text, category, source, inferred));
        claims.setRowFactory(tv -> {
            var row = new javafx.scene.control.TableRow<Claim>();
            row.setOnMouseClicked(e -> {
                if (!row.isEmpty() && e.getClickCount() == 1 && !claims.getSelectionModel().isEmpty()) {
                    jump.accept(row.getItem().id());
                }
            });
            return row;
        });
        Button add = new Button("+ Add claim");
        add.setId("add-claim");
        add.setOnAction(e -> applyIfPresent(p -> PlanEditing.edit(p, ed -> ed.addClaim(null, "", "", "", ""))));
        return withToolbar(claims, add);
    }

    private static <T> TableColumn<T, String> idColumn(Function<T, String> id) {
        TableColumn<T, String> col = new TableColumn<>("ID");
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(id.apply(c.getValue())));
        col.setEditable(false);
        col.setPrefWidth(50);
        col.setMaxWidth(60);
        return col;
    }

    private TableColumn<Claim, String> textColumn(String title, String column, Function<Claim, String> value) {
        TableColumn<Claim, String> col = new TableColumn<>(title);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
        col.setCellFactory(TextFieldTableCell.forTableColumn());
        col.setOnEditCommit(e -> commitClaimCell(e.getRowValue(), column, e.getNewValue()));
        return col;
    }

    private void commitClaimCell(Claim shown, String column, String value) {
        Plan p = currentPlan.get();
        if (p == null || value == null) {
            return;
        }
        p.claim(shown.id()).ifPresent(c -> apply.accept(PlanEditing.edit(p,
                e -> e.setClaimCell(c.id(), PlanEditing.claimColumn(p, column, c), value.strip()))));
    }

    // ---------------------------------------------------------------- hypotheses

    private Node buildHypotheses() {
        hypotheses.setId("hypotheses-table");
        hypotheses.setEditable(true);
        hypotheses.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        hypotheses.setPlaceholder(new Label("No hypotheses (§4) yet."));
        TableColumn<Hypothesis, String> id = idColumn(Hypothesis::id);
        TableColumn<Hypothesis, String> title = new TableColumn<>("Title");
        title.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().title()));
        title.setEditable(false);
        title.setPrefWidth(220);
        TableColumn<Hypothesis, String> links = new TableColumn<>("Could falsify");
        links.setId("hypotheses-links");
        links.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().fieldValue("falsifies")));
        links.setCellFactory(TextFieldTableCell.forTableColumn());
        links.setOnEditCommit(e -> {
            Plan p = currentPlan.get();
            if (p != null && e.getNewValue() != null) {
                p.hypothesis(e.getRowValue().id()).ifPresent(h -> apply.accept(
                        PlanEditing.setHypothesisField(p, h, "falsifies", e.getNewValue().strip())));
            }
        });
        links.setPrefWidth(120);
        TableColumn<Hypothesis, Hypothesis> linkButtons = new TableColumn<>("Claims");
        linkButtons.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        linkButtons.setEditable(false);
        linkButtons.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Hypothesis h, boolean empty) {
                super.updateItem(h, empty);
                if (empty || h == null) {
                    setGraphic(null);
                    return;
                }
                FlowPane flow = new FlowPane(4, 2);
                if (h.falsifies().isEmpty()) {
                    Label l = new Label("untethered");
                    l.getStyleClass().add("missing-field");
                    flow.getChildren().add(l);
                }
                for (String c : h.falsifies()) {
                    Hyperlink link = new Hyperlink(c);
                    link.setOnAction(e -> {
                        jump.accept(c);
                        reveal(c);
                    });
                    flow.getChildren().add(link);
                }
                setGraphic(flow);
            }
        });
        linkButtons.setPrefWidth(140);
        hypotheses.getColumns().addAll(List.of(id, title, links, linkButtons));
        hypotheses.setRowFactory(tv -> {
            var row = new javafx.scene.control.TableRow<Hypothesis>();
            row.setOnMouseClicked(e -> {
                if (!row.isEmpty() && e.getClickCount() == 1) {
                    jump.accept(row.getItem().id());
                }
            });
            return row;
        });
        Button add = new Button("+ Add hypothesis");
        add.setId("add-hypothesis");
        add.setOnAction(e -> applyIfPresent(p -> PlanEditing.edit(p,
                ed -> ed.addHypothesis(null, "New hypothesis", "what could go wrong", List.of()))));
        return withToolbar(hypotheses, add);
    }

    // ---------------------------------------------------------------- scenarios

    private Node buildScenarios() {
        scenarios.setId("scenario-list");
        scenarios.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(Scenario s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setText(null);
                    return;
                }
                String badge = s.sevenM().present() ? (s.sevenM().missing().isEmpty() ? "" : "  §7.M incomplete")
                        : "";
                setText(s.id() + "  " + s.name() + badge + (s.runBlocks().isEmpty() ? "" : "  ▶"));
            }
        });
        scenarios.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (updating) {
                return;
            }
            if (b != null) {
                jump.accept(b.id());
            }
            refreshScenarioDetail(true);
        });
        scenarioDetail.setPadding(new Insets(8));
        scenarioDetail.setId("scenario-detail");
        Button add = new Button("+ Add scenario");
        add.setId("add-scenario");
        add.setOnAction(e -> applyIfPresent(p -> PlanEditing.edit(p,
                ed -> ed.addScenario(null, "claim_shaped_name", List.of(), List.of()))));
        SplitPane split = new SplitPane(withToolbar(scenarios, add), scroll(scenarioDetail));
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.3);
        return split;
    }

    private void refreshScenarioDetail(boolean selectionChanged) {
        Scenario s = scenarios.getSelectionModel().getSelectedItem();
        if (s == null) {
            scenarioDetail.getChildren().setAll(new Label("Select a scenario to edit its fields, §7.M and run block."));
            shownScenarioKey = null;
            return;
        }
        // leave the form alone while the user is typing in it; it catches up when focus leaves
        if (!selectionChanged && scenarioDetail.getScene() != null
                && isInside(scenarioDetail.getScene().getFocusOwner(), scenarioDetail)
                && s.id().equals(shownScenarioKey)) {
            return;
        }
        shownScenarioKey = s.id();
        List<Node> nodes = new ArrayList<>();
        Label title = new Label(s.id() + ": " + s.name());
        title.getStyleClass().add("structured-section-title");
        nodes.add(title);
        nodes.add(fieldGrid(s.fields(), Scenario.FIELDS, SCENARIO_LABELS,
                (name, value) -> PlanEditing.edit(currentPlan.get(), e -> e.setScenarioField(s.id(), name, value)), "scenario-"));

        Label m = new Label("§7.M — model, history and checker");
        m.getStyleClass().add("structured-section-title");
        nodes.add(m);
        SevenM sm = s.sevenM();
        if (!sm.present()) {
            Button insert = new Button("Insert §7.M skeleton");
            insert.setId("insert-sevenm");
            insert.setOnAction(e -> applyIfPresent(p -> PlanEditing.edit(p, ed -> ed.insertSevenMSkeleton(s.id()))));
            nodes.add(new HBox(8, new Label("No §7.M block."), insert));
        } else if (sm.notApplicable()) {
            nodes.add(new Label("§7.M: not applicable" + (sm.reason().isEmpty() ? "" : " (" + sm.reason() + ")")));
        } else {
            nodes.add(fieldGrid(sm.fields(), SevenM.FIELDS, SEVEN_M_LABELS,
                    (name, value) -> PlanEditing.edit(currentPlan.get(), e -> e.setSevenMField(s.id(), name, value)), "sevenm-"));
        }
        SevenMS ms = s.sevenMS();
        if (ms.present()) {
            Label t = new Label("§7.M.S — surface decomposition");
            t.getStyleClass().add("structured-section-title");
            nodes.add(t);
            nodes.add(fieldGrid(ms.fields(), SevenMS.FIELDS, Map.of(),
                    (name, value) -> PlanEditing.setSevenMSField(currentPlan.get(), s.id(), name, value), "sevenms-"));
        }
        Label run = new Label("Run block");
        run.getStyleClass().add("structured-section-title");
        nodes.add(run);
        TextArea yaml = new TextArea(s.run().map(rb -> rb.yaml()).orElse(""));
        yaml.setId("run-block");
        yaml.getStyleClass().add("run-block");
        yaml.setPrefRowCount(Math.min(16, Math.max(4, (int) yaml.getText().lines().count() + 1)));
        Button applyRun = new Button(s.run().isPresent() ? "Apply run block" : "Add run block");
        applyRun.setOnAction(e -> applyIfPresent(p -> PlanEditing.setRunBlock(p, s.id(), yaml.getText())));
        nodes.add(yaml);
        s.run().ifPresent(rb -> rb.errors().forEach(err -> {
            Label l = new Label("⚠ " + err.message());
            l.getStyleClass().add("missing-field");
            l.setWrapText(true);
            nodes.add(l);
        }));
        nodes.add(applyRun);
        scenarioDetail.getChildren().setAll(nodes);
    }

    static final Map<String, String> SCENARIO_LABELS = Map.ofEntries(Map.entry("falsifies", "Falsifies if it FAILs"),
            Map.entry("closes", "Closes"), Map.entry("technique", "Technique"), Map.entry("workload", "Workload"),
            Map.entry("faults", "Faults"), Map.entry("oracle", "Oracle"), Map.entry("observability", "Observability required"),
            Map.entry("exit", "Exit criteria"), Map.entry("smokeBudget", "Smoke budget"),
            Map.entry("hardeningBudget", "Hardening budget"), Map.entry("releaseBudget", "Release budget"),
            Map.entry("target", "Target test file"), Map.entry("skeletonLanguage", "Skeleton language"),
            Map.entry("skeleton", "Skeleton"));
    static final Map<String, String> SEVEN_M_LABELS = Map.of("model", "Model under test", "history", "Operation history",
            "checker", "Checker", "nemesis", "Nemesis + landing evidence", "ambiguous", "Ambiguous outcomes",
            "reduction", "Reduction plan");

    /** Edit of one named field → replacements (computed against the current plan when committed). */
    interface FieldEdit {
        List<Replacement> patch(String name, String value);
    }

    private GridPane fieldGrid(Map<String, Field> fields, List<String> names, Map<String, String> labels, FieldEdit edit,
            String idPrefix) {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(4);
        g.getStyleClass().add("structured-card");
        int r = 0;
        for (String name : names) {
            Field f = fields.get(name);
            if (name.equals("skeleton")) {
                continue; // a fenced code block: edit it in the Markdown
            }
            TextField tf = new TextField(f == null ? "" : f.value().replace("\n", " "));
            tf.setId(idPrefix + name);
            tf.setPromptText(f == null ? "(missing)" : "");
            Label label = fieldLabel(labels.getOrDefault(name, humanize(name)));
            if (f == null || f.isBlank()) {
                label.getStyleClass().add("missing-field");
            }
            Runnable commit = () -> {
                String now = tf.getText().strip();
                String before = f == null ? "" : f.value().replace("\n", " ").strip();
                if (!now.equals(before)) {
                    List<Replacement> patch = edit.patch(name, now);
                    if (patch != null) {
                        apply.accept(patch);
                    }
                }
            };
            tf.setOnAction(e -> commit.run());
            tf.focusedProperty().addListener((o, was, focused) -> {
                if (!focused) {
                    commit.run();
                }
            });
            g.addRow(r++, label, tf);
            GridPane.setHgrow(tf, Priority.ALWAYS);
        }
        return g;
    }

    private static String humanize(String camel) {
        String s = camel.replaceAll("([A-Z])", " $1").toLowerCase();
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    // ---------------------------------------------------------------- helpers

    private void applyIfPresent(Function<Plan, List<Replacement>> edit) {
        Plan p = currentPlan.get();
        if (p != null) {
            List<Replacement> patch = edit.apply(p);
            if (patch != null && !patch.isEmpty()) {
                apply.accept(patch);
            }
        }
    }

    private static Label fieldLabel(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("field-label");
        l.setMinWidth(150);
        return l;
    }

    private static ScrollPane scroll(Node n) {
        ScrollPane sp = new ScrollPane(n);
        sp.setFitToWidth(true);
        return sp;
    }

    private static Node withToolbar(Node main, Button... buttons) {
        HBox bar = new HBox(6, buttons);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        BorderPane bp = new BorderPane(main);
        bp.setBottom(bar);
        return bp;
    }

    private static boolean isEditing(TableView<?> t) {
        return t.getEditingCell() != null;
    }

    private static boolean isInside(Node n, Node parent) {
        for (Node x = n; x != null; x = x.getParent()) {
            if (x == parent) {
                return true;
            }
        }
        return false;
    }

    private static <T> void replaceKeepingSelection(TableView<T> t, List<T> items, Function<T, String> key) {
        T sel = t.getSelectionModel().getSelectedItem();
        t.getItems().setAll(items);
        if (sel != null) {
            int i = indexOf(items, key.apply(sel), key);
            if (i >= 0) {
                t.getSelectionModel().select(i);
            }
        }
    }

    private static <T> void replaceKeepingSelection(ListView<T> l, List<T> items, Function<T, String> key) {
        T sel = l.getSelectionModel().getSelectedItem();
        l.getItems().setAll(items);
        if (sel != null) {
            int i = indexOf(items, key.apply(sel), key);
            if (i >= 0) {
                l.getSelectionModel().select(i);
            }
        }
    }
}
