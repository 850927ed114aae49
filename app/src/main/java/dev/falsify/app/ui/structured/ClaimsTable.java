package dev.falsify.app.ui.structured;

import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Plan;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.ComboBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;

/**
 * The §1b claims table: editable cells, a category picker that still takes free text ("ordering /
 * idempotency"); a committed cell becomes a patch of exactly that cell of the Markdown table.
 */
final class ClaimsTable extends TableView<Claim> {
    /** Category choices offered by the picker. */
    static final List<String> CATEGORY_CHOICES = Arrays.stream(ClaimCategory.values())
            .map(ClaimCategory::label).toList();

    private final PlanEdits edits;

    ClaimsTable(PlanEdits edits) {
        this.edits = edits;
        setId("claims-table");
        setEditable(true);
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        setPlaceholder(new Label("No claims table (§1b) yet. Add one with the button below."));
        TableColumn<Claim, String> text = textColumn("Claim", "claim", Claim::text);
        text.setPrefWidth(280);
        text.setMinWidth(120);
        TableColumn<Claim, String> category = new TableColumn<>("Category");
        category.setId("claims-category");
        category.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().categoryText()));
        category.setCellFactory(col -> {
            ComboBoxTableCell<Claim, String> cell = new ComboBoxTableCell<>(FXCollections.observableArrayList(CATEGORY_CHOICES));
            cell.setComboBoxEditable(true);
            return cell;
        });
        category.setOnEditCommit(e -> commit(e.getRowValue(), "category", e.getNewValue()));
        category.setPrefWidth(130);
        category.setMinWidth(90);
        TableColumn<Claim, String> source = textColumn("Source", "source", Claim::source);
        TableColumn<Claim, String> inferred = textColumn("Inferred?", "inferred", c -> c.row() == null ? ""
                : c.row().text("inferred", "confidence"));
        getColumns().addAll(List.of(FormParts.idColumn(Claim::id), text, category, source, inferred));
        setRowFactory(tv -> {
            TableRow<Claim> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (!row.isEmpty() && e.getClickCount() == 1 && !getSelectionModel().isEmpty()) {
                    edits.jump().accept(row.getItem().id());
                }
            });
            return row;
        });
    }

    private TableColumn<Claim, String> textColumn(String title, String column, Function<Claim, String> value) {
        TableColumn<Claim, String> col = new TableColumn<>(title);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
        col.setCellFactory(TextFieldTableCell.forTableColumn());
        // minimum widths: a narrow view scrolls instead of squeezing columns to nothing (catalog docked)
        col.setMinWidth(60);
        col.setOnEditCommit(e -> commit(e.getRowValue(), column, e.getNewValue()));
        return col;
    }

    private void commit(Claim shown, String column, String value) {
        Plan p = edits.currentPlan().get();
        if (p == null || value == null) {
            return;
        }
        p.claim(shown.id()).ifPresent(c -> edits.apply().accept(PlanEditing.edit(p,
                e -> e.setClaimCell(c.id(), PlanEditing.claimColumn(p, column, c), value.strip()))));
    }
}
