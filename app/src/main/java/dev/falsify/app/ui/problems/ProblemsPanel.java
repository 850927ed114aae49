package dev.falsify.app.ui.problems;

import dev.falsify.app.ui.editor.Problem;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * All diagnostics of the open plan: severity, rule, position, message and a quick-fix button.
 * Click a row to jump to it in the editor; errors first, then by line.
 */
public final class ProblemsPanel extends BorderPane {
    private final TableView<Problem> table = new TableView<>();
    private final Label summary = new Label("No problems");

    public ProblemsPanel(Consumer<Problem> jump, Consumer<Problem> fix) {
        getStyleClass().add("problems-panel");
        table.setId("problems-table");
        table.setPlaceholder(new Label("No problems: the plan parses and lints clean."));
        // Constrained, so the message takes the rest; the minimum widths below keep the other columns
        // readable when the panel is briefly narrow (docking the catalog used to leave them at zero,
        // since this policy gives regained width to the last column only).
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        TableColumn<Problem, String> sev = new TableColumn<>("Severity");
        sev.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().severity()));
        sev.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().removeAll("sev-error", "sev-warning", "sev-info");
                setText(empty ? null : item);
                if (!empty && item != null) {
                    getStyleClass().add("sev-" + item.toLowerCase());
                }
            }
        });
        sev.setPrefWidth(84);
        sev.setMinWidth(84);
        sev.setMaxWidth(96);
        TableColumn<Problem, String> rule = new TableColumn<>("Rule");
        rule.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().rule()));
        rule.setPrefWidth(60);
        rule.setMinWidth(50);
        rule.setMaxWidth(70);
        TableColumn<Problem, String> pos = new TableColumn<>("Line");
        pos.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().line() + ":" + c.getValue().column()));
        pos.setPrefWidth(70);
        pos.setMinWidth(60);
        pos.setMaxWidth(80);
        TableColumn<Problem, Problem> action = new TableColumn<>("Fix");
        action.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        action.setCellFactory(c -> new TableCell<>() {
            private final Button button = new Button();

            @Override
            protected void updateItem(Problem item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null || item.quickFix().isEmpty()) {
                    setGraphic(null);
                    return;
                }
                button.setText(item.quickFix().get().title());
                button.getStyleClass().setAll("button", "small", "quick-fix-button");
                button.setOnAction(e -> fix.accept(item));
                setGraphic(button);
            }
        });
        action.setPrefWidth(190);
        action.setMinWidth(120);
        action.setMaxWidth(260);
        TableColumn<Problem, String> msg = new TableColumn<>("Message");
        msg.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().message()));
        msg.setMinWidth(120);
        table.getColumns().addAll(List.of(sev, rule, pos, action, msg));
        table.setRowFactory(tv -> {
            TableRow<Problem> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (!row.isEmpty() && e.getClickCount() >= 1) {
                    jump.accept(row.getItem());
                }
            });
            return row;
        });

        HBox top = new HBox(summary);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 8, 4, 8));
        summary.setId("problems-summary");
        setTop(top);
        setCenter(table);
    }

    public void show(List<Problem> problems) {
        List<Problem> sorted = problems.stream()
                .sorted(Comparator.comparingInt(ProblemsPanel::rank).thenComparingInt(Problem::line).thenComparingInt(Problem::column))
                .toList();
        table.getItems().setAll(sorted);
        summary.setText(summarize(problems));
    }

    public TableView<Problem> table() {
        return table;
    }

    public static String summarize(List<Problem> problems) {
        long e = problems.stream().filter(p -> "error".equalsIgnoreCase(p.severity())).count();
        long w = problems.stream().filter(p -> "warning".equalsIgnoreCase(p.severity())).count();
        long i = problems.size() - e - w;
        if (problems.isEmpty()) {
            return "No problems";
        }
        return e + (e == 1 ? " error, " : " errors, ") + w + (w == 1 ? " warning, " : " warnings, ") + i + " info";
    }

    private static int rank(Problem p) {
        return switch (p.severity().toLowerCase()) {
            case "error" -> 0;
            case "warning" -> 1;
            default -> 2;
        };
    }
}
