package dev.falsify.app.ui.viewers;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/**
 * A history ({@code .jsonl}, one JSON object per operation) as a read-only table: a line number
 * column, then one column per field in first-seen order. A line that is not a JSON object is shown in
 * a {@code (raw)} column rather than dropped ({@link HistoryRows}). The *Table* tab beside the history viewer
 * ({@code app.ui.history.HistoryView}).
 */
public final class HistoryTableViewer extends TableView<Map<String, String>> {
    private static final String LINE = HistoryRows.LINE;

    public HistoryTableViewer() {
        setId("history-table");
        setEditable(false);
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
    }

    /** FX thread. */
    public void show(List<Map<String, String>> rows) {
        Set<String> keys = new LinkedHashSet<>();
        rows.forEach(r -> keys.addAll(r.keySet()));
        getColumns().clear();
        for (String k : keys) {
            TableColumn<Map<String, String>, String> c = new TableColumn<>(k);
            c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cd.getValue().getOrDefault(k, "")));
            c.setSortable(false);
            c.setPrefWidth(k.equals(LINE) ? 56 : 130);
            getColumns().add(c);
        }
        getItems().setAll(rows);
    }
}
