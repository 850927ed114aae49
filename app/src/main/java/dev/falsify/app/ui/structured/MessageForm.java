package dev.falsify.app.ui.structured;

import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.RunBlock;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.edit.MessageBlockEdits;
import dev.falsify.model.plan.edit.MessageBlockEdits.FilterRow;
import dev.falsify.model.plan.edit.MessageBlockEdits.Item;
import dev.falsify.model.plan.edit.MessageBlockEdits.TransitionRow;
import dev.falsify.model.plan.edit.PlanEditException;
import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.run.RunSpecError;
import dev.falsify.model.plan.run.RunVocabulary;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntConsumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.ComboBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A run block's filters (rows: name, link, condition fields, action, parameter; add, remove, reorder) and
 * its monitor (start, terminal failure states, bound, default; transitions as rows) in the scenario form.
 * Every edit is a minimal patch from {@link MessageBlockEdits} against the editor's current plan, so the
 * form never holds its own copy; it follows the re-parse, and the run block's P017 problems show on the
 * rows they are on.
 */
final class MessageForm extends VBox {
    /** A row and the P017 problems on its lines. */
    record Row<T>(int index, T row, String problems) {
    }

    private final PlanEdits edits;
    private final TableView<Row<FilterRow>> filters = new TableView<>();
    private final TableView<Row<TransitionRow>> transitions = new TableView<>();
    private final TextField start = new TextField();
    private final TextField failure = new TextField();
    private final TextField bound = new TextField();
    private final ComboBox<String> outcome = new ComboBox<>(FXCollections.observableArrayList("", "success", "failure"));
    private final Label states = new Label();
    private final Label monitorProblems = new Label();
    private final Label refused = new Label();
    private String scenarioId;
    private boolean updating;

    MessageForm(PlanEdits edits) {
        super(6);
        this.edits = edits;
        setId("message-form");
        filters.setId("filters-table");
        filters.setEditable(true);
        filters.setPrefHeight(150);
        filters.setPlaceholder(new Label("No filters: every message is delivered."));
        filters.getColumns().setAll(List.of(indexColumn(),
                textColumn("Name", 110, FilterRow::name, (r, v) -> new FilterRow(v, r.link(), r.conditions(), r.action(), r.param()), this::setFilter),
                textColumn("Link", 80, FilterRow::link, (r, v) -> new FilterRow(r.name(), v, r.conditions(), r.action(), r.param()), this::setFilter),
                textColumn("Condition fields", 200, FilterRow::conditions, (r, v) -> new FilterRow(r.name(), r.link(), v, r.action(), r.param()), this::setFilter),
                actionColumn(),
                textColumn("Parameter", 140, FilterRow::param, (r, v) -> new FilterRow(r.name(), r.link(), r.conditions(), r.action(), v), this::setFilter),
                problemColumn()));
        Button addFilter = button("+ Add filter", "add-filter", () -> patch(e -> e.addFilter(
                new FilterRow("filter-" + (filters.getItems().size() + 1), "", "type: X", "observe", ""))));
        Button removeFilter = button("\u2212 Remove", "remove-filter", () -> selected(filters, i -> patch(e -> e.removeFilter(i))));
        Button up = button("\u2191", "filter-up", () -> selected(filters, i -> move(i, -1)));
        Button down = button("\u2193", "filter-down", () -> selected(filters, i -> move(i, +1)));
        up.setTooltip(new Tooltip("Earlier: filters are tried in order, the first match acts"));

        transitions.setId("transitions-table");
        transitions.setEditable(true);
        transitions.setPrefHeight(150);
        transitions.setPlaceholder(new Label("No transitions."));
        transitions.getColumns().setAll(List.of(indexColumn(),
                textColumn("From", 90, TransitionRow::from, (r, v) -> new TransitionRow(v, r.on(), r.to(), r.bind()), this::setTransition),
                textColumn("On (condition)", 220, TransitionRow::on, (r, v) -> new TransitionRow(r.from(), v, r.to(), r.bind()), this::setTransition),
                textColumn("Bind", 90, TransitionRow::bind, (r, v) -> new TransitionRow(r.from(), r.on(), r.to(), v), this::setTransition),
                textColumn("To", 90, TransitionRow::to, (r, v) -> new TransitionRow(r.from(), r.on(), v, r.bind()), this::setTransition),
                problemColumn()));
        Button addTransition = button("+ Add transition", "add-transition", () -> patch(e -> e.addTransition(newTransition())));
        Button removeTransition = button("\u2212 Remove", "remove-transition", () -> selected(transitions, i -> patch(e -> e.removeTransition(i))));

        GridPane fields = new GridPane();
        fields.setHgap(8);
        fields.setVgap(4);
        field(fields, 0, "Start state", start, "monitor-start", "start");
        field(fields, 1, "Failure states", failure, "monitor-failure", "failure");
        field(fields, 2, "Bound (4s or 500 messages)", bound, "monitor-bound", "bound");
        outcome.setId("monitor-default");
        outcome.setOnAction(e -> {
            if (!updating) patch(ed -> ed.setMonitorField("default", outcome.getValue() == null ? "" : outcome.getValue()));
        });
        fields.addRow(3, FormParts.fieldLabel("Default at the bound"), outcome);
        states.setId("monitor-states");
        states.setWrapText(true);
        monitorProblems.setId("monitor-problems");
        monitorProblems.getStyleClass().add("missing-field");
        monitorProblems.setWrapText(true);
        refused.setId("message-form-refused");
        refused.getStyleClass().add("missing-field");
        refused.setWrapText(true);
        getChildren().addAll(title("Filters \u2014 tried in order on each message, the first match acts"), filters,
                new HBox(6, addFilter, removeFilter, up, down),
                title("Monitor \u2014 the scenario's oracle"), fields, states, transitions, new HBox(6, addTransition, removeTransition),
                monitorProblems, refused);
        VBox.setVgrow(filters, Priority.SOMETIMES);
    }

    TableView<Row<FilterRow>> filtersTable() {
        return filters;
    }

    TableView<Row<TransitionRow>> transitionsTable() {
        return transitions;
    }

    /** Follows the plan: the scenario's rows and the problems on them (a cell being edited keeps its rows). */
    void show(Plan plan, Scenario s) {
        scenarioId = s.id();
        MessageBlockEdits e = MessageBlockEdits.of(plan, s.id()).orElse(null);
        List<RunSpecError> errors = s.run().map(RunBlock::errors).orElse(List.of());
        updating = true;
        try {
            List<Row<FilterRow>> fr = new ArrayList<>();
            List<Row<TransitionRow>> tr = new ArrayList<>();
            Set<RunSpecError> placed = new LinkedHashSet<>();
            if (e != null) {
                List<Item<FilterRow>> items = e.filters();
                for (int i = 0; i < items.size(); i++) fr.add(new Row<>(i, items.get(i).row(), problems(items.get(i), errors, placed)));
                var m = e.monitor();
                if (m.isPresent()) {
                    List<Item<TransitionRow>> ts = m.get().transitions();
                    for (int i = 0; i < ts.size(); i++) tr.add(new Row<>(i, ts.get(i).row(), problems(ts.get(i), errors, placed)));
                    setText(start, m.get().start());
                    setText(failure, m.get().failure());
                    setText(bound, m.get().bound());
                    outcome.setValue(m.get().defaultOutcome());
                    Set<String> names = new LinkedHashSet<>();
                    names.add(m.get().start());
                    for (Item<TransitionRow> t : ts) {
                        if (!t.row().from().equals("*")) names.add(t.row().from());
                        names.add(t.row().to());
                    }
                    names.removeIf(String::isBlank);
                    states.setText("States: " + String.join(", ", names) + (m.get().failure().isBlank() ? ""
                            : "  \u2014 failure: " + m.get().failure()) + "; terminal also: success, failure");
                    List<String> rest = new ArrayList<>();
                    for (RunSpecError err : errors) {
                        int line = err.span().startLine();
                        if (!placed.contains(err) && line >= m.get().startLine() && line <= m.get().endLine()) rest.add("P017: " + err.message());
                    }
                    monitorProblems.setText(String.join("\n", rest));
                } else {
                    states.setText("No monitor: adding a transition creates one.");
                    monitorProblems.setText("");
                }
            }
            rows(filters, fr);
            rows(transitions, tr);
        } finally {
            updating = false;
        }
    }

    /** A cell's commit is what patched the plan: its rows change once that commit has finished. */
    private static <T> void rows(TableView<Row<T>> t, List<Row<T>> rows) {
        if (t.getEditingCell() == null) keepSelection(t, rows);
        else Platform.runLater(() -> keepSelection(t, rows));
    }

    private static <T> void keepSelection(TableView<Row<T>> t, List<Row<T>> rows) {
        int sel = t.getSelectionModel().getSelectedIndex();
        t.getItems().setAll(rows);
        if (sel >= 0 && sel < rows.size()) t.getSelectionModel().select(sel);
    }

    private static String problems(Item<?> item, List<RunSpecError> errors, Set<RunSpecError> placed) {
        List<String> out = new ArrayList<>();
        for (RunSpecError err : errors) {
            if (item.coversLine(err.span().startLine())) {
                out.add("P017: " + err.message());
                placed.add(err);
            }
        }
        return String.join("; ", out);
    }

    // ------------------------------------------------------------------ edits

    private void setFilter(int index, FilterRow row) {
        patch(e -> e.setFilter(index, row));
    }

    private void setTransition(int index, TransitionRow row) {
        patch(e -> e.setTransition(index, row));
    }

    private void move(int index, int delta) {
        int to = index + delta;
        if (to < 0 || to >= filters.getItems().size()) return;
        patch(e -> e.moveFilter(index, delta));
        filters.getSelectionModel().select(to);
    }

    private TransitionRow newTransition() {
        String from = start.getText().isBlank() ? "idle" : start.getText().strip();
        if (!transitions.getItems().isEmpty()) from = transitions.getItems().get(transitions.getItems().size() - 1).row().to();
        return new TransitionRow(from, "type: X", "success", "");
    }

    /** Computes the edit against the current plan and applies it; a refused edit says why under the form. */
    private void patch(Function<MessageBlockEdits, PlanPatch> edit) {
        Plan p = edits.currentPlan().get();
        if (p == null || scenarioId == null) return;
        MessageBlockEdits e = MessageBlockEdits.of(p, scenarioId).orElse(null);
        if (e == null) {
            refused.setText("The run block is not YAML the form can read; edit it in the text.");
            return;
        }
        try {
            List<Replacement> r = Replacement.of(edit.apply(e));
            refused.setText("");
            if (!r.isEmpty()) edits.apply().accept(r);
        } catch (PlanEditException ex) {
            refused.setText("Not changed: " + ex.getMessage());
        }
    }

    // ------------------------------------------------------------------ parts

    private <T> TableColumn<Row<T>, String> indexColumn() {
        TableColumn<Row<T>, String> c = new TableColumn<>("#");
        c.setCellValueFactory(x -> new ReadOnlyObjectWrapper<>(Integer.toString(x.getValue().index() + 1)));
        c.setEditable(false);
        c.setPrefWidth(30);
        return c;
    }

    private <T> TableColumn<Row<T>, String> textColumn(String name, double width, Function<T, String> get,
            BiFunction<T, String, T> with, BiConsumerInt<T> commit) {
        TableColumn<Row<T>, String> c = new TableColumn<>(name);
        c.setCellValueFactory(x -> new ReadOnlyObjectWrapper<>(get.apply(x.getValue().row())));
        c.setCellFactory(TextFieldTableCell.forTableColumn());
        c.setPrefWidth(width);
        c.setOnEditCommit(ev -> {
            Row<T> r = ev.getRowValue();
            String v = ev.getNewValue() == null ? "" : ev.getNewValue();
            if (!v.equals(get.apply(r.row()))) commit.accept(r.index(), with.apply(r.row(), v));
        });
        return c;
    }

    private TableColumn<Row<FilterRow>, String> actionColumn() {
        TableColumn<Row<FilterRow>, String> c = new TableColumn<>("Action");
        c.setCellValueFactory(x -> new ReadOnlyObjectWrapper<>(x.getValue().row().action()));
        c.setCellFactory(ComboBoxTableCell.forTableColumn(FXCollections.observableArrayList(RunVocabulary.FILTER_ACTIONS)));
        c.setPrefWidth(100);
        c.setOnEditCommit(ev -> {
            FilterRow r = ev.getRowValue().row();
            String a = ev.getNewValue();
            // a parameter only the old action took would make the new one refuse it
            String param = a.equals("delay") || a.equals("hold-until") ? r.param() : "";
            if (!a.equals(r.action())) setFilter(ev.getRowValue().index(), new FilterRow(r.name(), r.link(), r.conditions(), a, param));
        });
        return c;
    }

    private <T> TableColumn<Row<T>, String> problemColumn() {
        TableColumn<Row<T>, String> c = new TableColumn<>("Problems");
        c.setCellValueFactory(x -> new ReadOnlyObjectWrapper<>(x.getValue().problems()));
        c.setEditable(false);
        c.setPrefWidth(260);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item);
                setTooltip(empty || item == null || item.isEmpty() ? null : new Tooltip(item));
                getStyleClass().remove("missing-field");
                if (!empty && item != null && !item.isEmpty()) getStyleClass().add("missing-field");
            }
        });
        return c;
    }

    /** (row index, new row) */
    private interface BiConsumerInt<T> {
        void accept(int index, T row);
    }

    private void field(GridPane g, int row, String label, TextField tf, String id, String key) {
        tf.setId(id);
        Runnable commit = () -> {
            if (updating) return;
            String now = tf.getText() == null ? "" : tf.getText().strip();
            Object shown = tf.getProperties().get("shown");
            if (!now.equals(shown)) patch(e -> e.setMonitorField(key, now));
        };
        tf.setOnAction(e -> commit.run());
        tf.focusedProperty().addListener((o, was, focused) -> {
            if (!focused) commit.run();
        });
        g.addRow(row, FormParts.fieldLabel(label), tf);
        GridPane.setHgrow(tf, Priority.ALWAYS);
    }

    /** Shows a value unless the user is typing in that field; remembers what the plan says, to commit only changes. */
    private static void setText(TextField tf, String v) {
        tf.getProperties().put("shown", v);
        if (!tf.isFocused()) tf.setText(v);
    }

    private static Button button(String text, String id, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }

    private static <T> void selected(TableView<Row<T>> t, IntConsumer action) {
        int i = t.getSelectionModel().getSelectedIndex();
        if (i >= 0) action.accept(i);
    }

    private static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("structured-section-title");
        return l;
    }
}
