package dev.falsify.app.ui.catalog;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.Pitfall;
import dev.falsify.catalog.PlanContext;
import dev.falsify.catalog.SnippetPlacement;
import dev.falsify.catalog.walk.Applies;
import dev.falsify.catalog.walk.PitfallWalk;
import dev.falsify.catalog.walk.PitfallWalkRow;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.edit.TextEdit;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.cell.ComboBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;

/**
 * The pitfall walk for the open plan: every catalog pitfall with "applies?" (y / n / maybe), the
 * hypothesis it produced and notes, pre-filled from the plan (its {@code Pitfall row} fields and any
 * existing walk table). The author can draft a hypothesis for a pitfall at the caret, and write the
 * table back into §4 — replacing the previous table, or inserting at the end of §4.
 */
public final class PitfallWalkView extends BorderPane {
    private final Catalog catalog;
    private final CatalogInsertTarget target;
    private final ObservableList<PitfallWalkRow> rows = FXCollections.observableArrayList();
    private final TableView<PitfallWalkRow> table = new TableView<>(rows);
    private final TextArea preview = new TextArea();
    private final Label status = new Label();

    public PitfallWalkView(Catalog catalog, CatalogInsertTarget target) {
        this.catalog = catalog;
        this.target = target;
        getStyleClass().add("pitfall-walk");
        build();
        reload();
    }

    public ObservableList<PitfallWalkRow> rows() {
        return rows;
    }

    /** The walk as currently edited. */
    public PitfallWalk walk() {
        return new PitfallWalk(List.copyOf(rows));
    }

    private void build() {
        table.setId("pitfall-walk-table");
        table.setEditable(true);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        TableColumn<PitfallWalkRow, String> pitfall = new TableColumn<>("Pitfall");
        pitfall.setCellValueFactory(c -> new ReadOnlyStringWrapper(label(c.getValue())));
        pitfall.setEditable(false);
        pitfall.setPrefWidth(230);

        TableColumn<PitfallWalkRow, String> threatens = new TableColumn<>("Threatens");
        threatens.setCellValueFactory(c -> new ReadOnlyStringWrapper(pitfallOf(c.getValue())
                .map(p -> String.join(", ", p.threatens())).orElse("")));
        threatens.setEditable(false);
        threatens.setPrefWidth(150);

        TableColumn<PitfallWalkRow, Applies> applies = new TableColumn<>("Applies?");
        applies.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().applies()));
        applies.setCellFactory(ComboBoxTableCell.forTableColumn(new StringConverter<>() {
            @Override
            public String toString(Applies a) {
                return a == null || a == Applies.UNANSWERED ? "—" : a.cell();
            }

            @Override
            public Applies fromString(String s) {
                return Applies.fromCell(s);
            }
        }, Applies.YES, Applies.NO, Applies.MAYBE, Applies.UNANSWERED));
        applies.setOnEditCommit(e -> update(e.getTablePosition().getRow(), e.getRowValue().withApplies(e.getNewValue())));
        applies.setPrefWidth(80);

        TableColumn<PitfallWalkRow, String> hypothesis = new TableColumn<>("Hypothesis");
        hypothesis.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().hypothesis()));
        hypothesis.setCellFactory(TextFieldTableCell.forTableColumn());
        hypothesis.setOnEditCommit(e -> update(e.getTablePosition().getRow(), e.getRowValue().withHypothesis(e.getNewValue())));
        hypothesis.setPrefWidth(90);

        TableColumn<PitfallWalkRow, String> notes = new TableColumn<>("Notes");
        notes.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().notes()));
        notes.setCellFactory(TextFieldTableCell.forTableColumn());
        notes.setOnEditCommit(e -> update(e.getTablePosition().getRow(), e.getRowValue().withNotes(e.getNewValue())));

        table.getColumns().setAll(List.of(pitfall, threatens, applies, hypothesis, notes));

        preview.setId("pitfall-walk-preview");
        preview.setEditable(false);
        preview.setWrapText(false);
        preview.setStyle("-fx-font-family: monospace;"); // the Markdown table lines up as it will in the file
        SplitPane split = new SplitPane(table, preview);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.7);

        Button reload = new Button("Reload from plan");
        reload.setId("pitfall-walk-reload");
        reload.setOnAction(e -> reload());
        Button draft = new Button("Draft hypothesis at caret");
        draft.setId("pitfall-walk-draft");
        draft.setOnAction(e -> draftHypothesis());
        draft.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        Button write = new Button("Write table into §4");
        write.setId("pitfall-walk-write");
        write.setOnAction(e -> writeToPlan());
        status.setId("pitfall-walk-status");
        HBox bar = new HBox(6, reload, draft, write, status);
        bar.setPadding(new Insets(6));

        setTop(bar);
        setCenter(split);
        rows.addListener((ListChangeListener<PitfallWalkRow>) c -> preview.setText(walk().toMarkdown()));
    }

    /** Rebuilds the rows from the plan as it is now (answers not yet written back are dropped). */
    public void reload() {
        rows.setAll(PitfallWalk.forPlan(catalog, target.plan()).rows());
        long answered = rows.stream().filter(r -> r.applies() != Applies.UNANSWERED).count();
        status.setText(answered + " of " + rows.size() + " pitfalls answered");
    }

    /** Sets one row's answer (the table's cells call this; so can the workbench). */
    public void setApplies(String pitfallId, Applies applies) {
        indexOf(pitfallId).ifPresent(i -> update(i, rows.get(i).withApplies(applies)));
    }

    /**
     * Inserts a hypothesis drafted from the selected row's pitfall at the caret, tied to the plan's
     * claims that pitfall threatens, and records it as the row's hypothesis.
     */
    public void draftHypothesis() {
        PitfallWalkRow row = table.getSelectionModel().getSelectedItem();
        Optional<Pitfall> pitfall = row == null ? Optional.empty() : pitfallOf(row);
        if (pitfall.isEmpty()) {
            status.setText("Select a catalog pitfall first");
            return;
        }
        Plan plan = target.plan();
        PlanContext ctx = new PlanContext(plan, target.caretOffset());
        String id = ctx.nextHypothesisId();
        List<String> selected = target.selectedClaimIds();
        List<String> claims = selected.isEmpty() ? ctx.claimsThreatenedBy(pitfall.get()) : selected;
        String snippet = catalog.snippets().hypothesisFrom(pitfall.get(), claims, id);
        target.insertAtCaret(SnippetPlacement.block(target.planText(), target.caretOffset(), snippet));
        int index = table.getSelectionModel().getSelectedIndex();
        String hs = row.hypothesis().isEmpty() ? id : row.hypothesis() + ", " + id;
        PitfallWalkRow updated = row.withHypothesis(hs);
        update(index, updated.applies() == Applies.UNANSWERED || updated.applies() == Applies.NO
                ? updated.withApplies(Applies.YES) : updated);
        status.setText("Inserted " + id + " from " + pitfall.get().id());
    }

    /** Writes the table into §4 of the plan, replacing an existing walk table. */
    public PlanPatch writeToPlan() {
        Plan plan = target.plan();
        boolean had = PitfallWalk.hasTable(plan);
        PlanPatch patch = walk().editFor(plan);
        TextEdit edit = patch.edits().get(0);
        target.replaceRange(edit.startOffset(), edit.endOffset(), edit.replacement());
        status.setText(had ? "Updated the pitfall walk in §4" : "Inserted the pitfall walk into §4");
        return patch;
    }

    private void update(int index, PitfallWalkRow row) {
        if (index >= 0 && index < rows.size()) {
            rows.set(index, row);
            table.getSelectionModel().select(index);
        }
    }

    private Optional<Integer> indexOf(String pitfallId) {
        for (int i = 0; i < rows.size(); i++) {
            if (pitfallId.equalsIgnoreCase(String.valueOf(rows.get(i).pitfallId()))) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    private Optional<Pitfall> pitfallOf(PitfallWalkRow row) {
        return row.pitfallId() == null ? Optional.empty() : catalog.entry(row.pitfallId(), Pitfall.class);
    }

    private static String label(PitfallWalkRow r) {
        return r.pitfallId() == null ? r.label() : r.pitfallId() + " " + r.label();
    }
}
