package dev.falsify.app.ui.viewers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
 * a {@code (raw)} column rather than dropped. Stands in until the history viewer of issue 16.
 */
public final class HistoryTableViewer extends TableView<Map<String, String>> {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LINE = "#";
    private static final String RAW = "(raw)";

    public HistoryTableViewer() {
        setId("history-table");
        setEditable(false);
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
    }

    /** Parses the rows (call off the FX thread for a large file). */
    public static List<Map<String, String>> parse(String text) {
        List<Map<String, String>> rows = new ArrayList<>();
        String[] lines = text.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.isEmpty()) {
                continue;
            }
            Map<String, String> row = new LinkedHashMap<>();
            row.put(LINE, Integer.toString(i + 1));
            try {
                JsonNode n = JSON.readTree(l);
                if (n != null && n.isObject()) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        row.put(e.getKey(), e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString());
                    }
                } else {
                    row.put(RAW, l);
                }
            } catch (java.io.IOException e) {
                row.put(RAW, l);
            }
            rows.add(row);
        }
        return rows;
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
