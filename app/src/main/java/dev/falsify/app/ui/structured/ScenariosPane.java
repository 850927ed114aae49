package dev.falsify.app.ui.structured;

import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.SevenM;
import dev.falsify.model.plan.SevenMS;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The §7 scenarios: a list (badges for an incomplete §7.M and a run block) above the selected
 * scenario's form — its fields, §7.M (or a button inserting the skeleton), §7.M.S and run block.
 */
final class ScenariosPane extends SplitPane {
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

    private static final Consumer<String> NO_RUN = id -> { };
    private final PlanEdits edits;
    private Consumer<String> onRun = NO_RUN;
    private Consumer<String> onRunWithSeeds = NO_RUN;
    private final ListView<Scenario> list = new ListView<>();
    private final VBox detail = new VBox(8);
    private String shownScenarioKey;
    /** The shown scenario's filters and monitor; it follows every re-parse, even while the user works in it. */
    private MessageForm messageForm;
    private TextArea runYaml;
    /** True while {@link #show} replaces the items, so a restored selection does not count as a click. */
    private boolean updating;

    ScenariosPane(PlanEdits edits) {
        this.edits = edits;
        list.setId("scenario-list");
        list.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(Scenario s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setText(null);
                    return;
                }
                String badge = s.sevenM().present() && !s.sevenM().missing().isEmpty() ? "  §7.M incomplete" : "";
                setText(s.id() + "  " + s.name() + badge);
                setGraphic(s.runBlocks().isEmpty() ? null : runButton(s));
                setContextMenu(s.runBlocks().isEmpty() || onRun == NO_RUN ? null : runMenu(s));
                setContentDisplay(ContentDisplay.RIGHT);
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (updating) {
                return;
            }
            if (b != null) {
                edits.jump().accept(b.id());
            }
            refreshDetail(true);
        });
        detail.setPadding(new Insets(8));
        detail.setId("scenario-detail");
        Button add = new Button("+ Add scenario");
        add.setId("add-scenario");
        add.setOnAction(e -> edits.applyIfPresent(p -> PlanEditing.edit(p,
                ed -> ed.addScenario(null, "claim_shaped_name", List.of(), List.of()))));
        getItems().addAll(FormParts.withToolbar(list, add), FormParts.scroll(detail));
        setOrientation(Orientation.VERTICAL);
        setDividerPositions(0.3);
    }

    ListView<Scenario> list() {
        return list;
    }

    /** What the ▶ after a scenario with a run block does (the window opens its run dialog). */
    void setOnRun(Consumer<String> run, Consumer<String> withSeeds) {
        onRun = run;
        onRunWithSeeds = withSeeds;
        list.refresh();
    }

    /** The scenario row's (and its ▶'s) menu: run it, or run it asking for the seed first. */
    private ContextMenu runMenu(Scenario s) {
        MenuItem run = new MenuItem("Run " + s.id() + "\u2026");
        run.setId("scenario-menu-run");
        run.setOnAction(e -> onRun.accept(s.id()));
        MenuItem seeds = new MenuItem("Run " + s.id() + " with seeds\u2026");
        seeds.setId("scenario-menu-run-seeds");
        seeds.setOnAction(e -> onRunWithSeeds.accept(s.id()));
        run.setMnemonicParsing(false);
        seeds.setMnemonicParsing(false);
        return new ContextMenu(run, seeds);
    }

    private Button runButton(Scenario s) {
        Button b = new Button("\u25b6");
        b.setId("run-scenario-" + s.id());
        b.getStyleClass().add("run-scenario");
        b.setStyle("-fx-padding: 0 6 0 6; -fx-font-size: 10px;");
        b.setTooltip(new Tooltip("Run " + s.id() + " \u2014 pick seeds, then start (its commands are shown for trust first)"));
        b.setOnAction(e -> onRun.accept(s.id()));
        b.setContextMenu(onRun == NO_RUN ? null : runMenu(s));
        b.setDisable(onRun == NO_RUN);
        return b;
    }

    /** Shows the plan's scenarios, keeping the selected one selected. */
    void show(List<Scenario> scenarios) {
        updating = true;
        try {
            FormParts.replaceKeepingSelection(list, scenarios, Scenario::id);
        } finally {
            updating = false;
        }
    }

    /** Selects (and scrolls to) the scenario with this id, if it is listed. */
    void select(String id) {
        int i = FormParts.indexOf(list.getItems(), id, Scenario::id);
        if (i >= 0) {
            list.getSelectionModel().select(i);
            list.scrollTo(i);
        }
    }

    /**
     * Rebuilds the selected scenario's form — unless the user is typing in it and the selection did
     * not change: then it catches up when focus leaves.
     */
    void refreshDetail(boolean selectionChanged) {
        Scenario s = list.getSelectionModel().getSelectedItem();
        if (s == null) {
            detail.getChildren().setAll(new Label("Select a scenario to edit its fields, §7.M and run block."));
            shownScenarioKey = null;
            return;
        }
        if (!selectionChanged && detail.getScene() != null && isInside(detail.getScene().getFocusOwner(), detail)
                && s.id().equals(shownScenarioKey)) {
            if (messageForm != null) showMessages(s); // its rows and live P017 problems, edited or not
            if (runYaml != null && !runYaml.isFocused()) runYaml.setText(s.run().map(rb -> rb.yaml()).orElse(""));
            return;
        }
        // the same scenario again keeps its form (table selection, scroll) and only refreshes it
        MessageForm keep = s.id().equals(shownScenarioKey) ? messageForm : null;
        messageForm = null;
        shownScenarioKey = s.id();
        List<Node> nodes = new ArrayList<>();
        nodes.add(sectionTitle(s.id() + ": " + s.name()));
        nodes.add(fieldGrid(s.fields(), Scenario.FIELDS, SCENARIO_LABELS,
                (name, value) -> PlanEditing.edit(edits.currentPlan().get(), e -> e.setScenarioField(s.id(), name, value)),
                "scenario-"));
        nodes.add(sectionTitle("§7.M — model, history and checker"));
        SevenM sm = s.sevenM();
        if (!sm.present()) {
            Button insert = new Button("Insert §7.M skeleton");
            insert.setId("insert-sevenm");
            insert.setOnAction(e -> edits.applyIfPresent(p -> PlanEditing.edit(p, ed -> ed.insertSevenMSkeleton(s.id()))));
            nodes.add(new HBox(8, new Label("No §7.M block."), insert));
        } else if (sm.notApplicable()) {
            nodes.add(new Label("§7.M: not applicable" + (sm.reason().isEmpty() ? "" : " (" + sm.reason() + ")")));
        } else {
            nodes.add(fieldGrid(sm.fields(), SevenM.FIELDS, SEVEN_M_LABELS,
                    (name, value) -> PlanEditing.edit(edits.currentPlan().get(), e -> e.setSevenMField(s.id(), name, value)),
                    "sevenm-"));
        }
        SevenMS ms = s.sevenMS();
        if (ms.present()) {
            nodes.add(sectionTitle("§7.M.S — surface decomposition"));
            nodes.add(fieldGrid(ms.fields(), SevenMS.FIELDS, Map.of(),
                    (name, value) -> PlanEditing.setSevenMSField(edits.currentPlan().get(), s.id(), name, value), "sevenms-"));
        }
        nodes.add(sectionTitle("Run block"));
        TextArea yaml = new TextArea(s.run().map(rb -> rb.yaml()).orElse(""));
        yaml.setId("run-block");
        runYaml = yaml;
        yaml.getStyleClass().add("run-block");
        yaml.setPrefRowCount(Math.min(16, Math.max(4, (int) yaml.getText().lines().count() + 1)));
        Button applyRun = new Button(s.run().isPresent() ? "Apply run block" : "Add run block");
        applyRun.setOnAction(e -> edits.applyIfPresent(p -> PlanEditing.setRunBlock(p, s.id(), yaml.getText())));
        nodes.add(yaml);
        s.run().ifPresent(rb -> rb.errors().forEach(err -> {
            Label l = new Label("⚠ " + err.message());
            l.getStyleClass().add("missing-field");
            l.setWrapText(true);
            nodes.add(l);
        }));
        nodes.add(applyRun);
        if (s.run().isPresent()) {
            messageForm = keep != null ? keep : new MessageForm(edits);
            showMessages(s);
            TitledPane messages = new TitledPane("Messages — filters and monitor", messageForm);
            messages.setId("messages-pane");
            var rs = s.run().get().spec();
            messages.setExpanded(rs == null || !rs.filters().isEmpty() || rs.monitor() != null || !rs.messages().isEmpty());
            nodes.add(messages);
        }
        detail.getChildren().setAll(nodes);
    }

    private void showMessages(Scenario s) {
        Plan p = edits.currentPlan().get();
        if (p != null) messageForm.show(p, s);
    }

    private static Label sectionTitle(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("structured-section-title");
        return l;
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
            Label label = FormParts.fieldLabel(labels.getOrDefault(name, humanize(name)));
            if (f == null || f.isBlank()) {
                label.getStyleClass().add("missing-field");
            }
            Runnable commit = () -> {
                String now = tf.getText().strip();
                String before = f == null ? "" : f.value().replace("\n", " ").strip();
                if (!now.equals(before)) {
                    List<Replacement> patch = edit.patch(name, now);
                    if (patch != null) {
                        edits.apply().accept(patch);
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

    private static boolean isInside(Node n, Node parent) {
        for (Node x = n; x != null; x = x.getParent()) {
            if (x == parent) {
                return true;
            }
        }
        return false;
    }
}
