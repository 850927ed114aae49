package dev.falsify.app.ui.viewers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@code .jsonl} history's lines as table rows: line number, then each field; a line that is not an object kept raw. */
public final class HistoryRows {
    static final String LINE = "#";
    static final String RAW = "(raw)";
    private static final ObjectMapper JSON = new ObjectMapper();

    private HistoryRows() {
    }

    /** Parses the rows (off the FX thread for a large file). */
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
            } catch (IOException e) {
                row.put(RAW, l);
            }
            rows.add(row);
        }
        return rows;
    }

}
