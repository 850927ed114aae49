package dev.falsify.app.ui.structured;

import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.FlowPane;

/** The §4 hypotheses: an editable "Could falsify" cell, and the claims it links as links (or "untethered"). */
final class HypothesesTable extends TableView<Hypothesis> {

    /** @param reveal shows a linked claim in the structured view too */
    HypothesesTable(PlanEdits edits, Consumer<String> reveal) {
        setId("hypotheses-table");
        setEditable(true);
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        setPlaceholder(new Label("No hypotheses (§4) yet."));
        TableColumn<Hypothesis, String> title = new TableColumn<>("Title");
        title.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().title()));
        title.setEditable(false);
        title.setPrefWidth(220);
        TableColumn<Hypothesis, String> links = new TableColumn<>("Could falsify");
        links.setId("hypotheses-links");
        links.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().fieldValue("falsifies")));
        links.setCellFactory(TextFieldTableCell.forTableColumn());
        links.setOnEditCommit(e -> {
            Plan p = edits.currentPlan().get();
            if (p != null && e.getNewValue() != null) {
                p.hypothesis(e.getRowValue().id()).ifPresent(h -> edits.apply().accept(
                        PlanEditing.setHypothesisField(p, h, "falsifies", e.getNewValue().strip())));
            }
        });
        links.setPrefWidth(120);
        TableColumn<Hypothesis, Hypothesis> linkButtons = new TableColumn<>("Claims");
        linkButtons.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        linkButtons.setEditable(false);
        linkButtons.setCellFactory(col -> new TableCell<>() {
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
                        edits.jump().accept(c);
                        reveal.accept(c);
                    });
                    flow.getChildren().add(link);
                }
                setGraphic(flow);
            }
        });
        linkButtons.setPrefWidth(140);
        getColumns().addAll(List.of(FormParts.idColumn(Hypothesis::id), title, links, linkButtons));
        setRowFactory(tv -> {
            TableRow<Hypothesis> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (!row.isEmpty() && e.getClickCount() == 1) {
                    edits.jump().accept(row.getItem().id());
                }
            });
            return row;
        });
    }
}
