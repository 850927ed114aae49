package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Fields written as a two-column table instead of label lines: a header block as
 * {@code | Date | 2026-11-25 |}, a scenario's fields or its §7.M as {@code | Checker | session |}.
 * The first cell is the label, the second the value; the header row counts too, because a
 * Markdown table needs one and authors often put the first field there.
 */
final class KeyValueTable {
    private KeyValueTable() {
    }

    /** One labelled row: its canonical name (null when unknown), the label as written, and the field. */
    record Entry(String canonical, String label, Field field) {
    }

    /**
     * The rows of a two-or-more-column table whose first cell is a label, resolved by {@code canonical}
     * (normalised label → canonical name, or null). Empty when no row resolves: the table is something else.
     */
    static List<Entry> read(Table t, SourceLines lines, Function<String, String> canonical) {
        List<Entry> out = new ArrayList<>();
        int headerLine = t.headerSpan().startLine() - 1;
        List<Cell> head = headerLine >= 0 && headerLine < lines.lineCount() ? TableReader.split(lines, headerLine) : List.of();
        boolean any = false;
        // the header row is a field only in a two-column table: "| Date | Author | Change |" is a revision log
        if (head.size() == 2) {
            Entry e = entry(head, t.headerSpan(), canonical);
            if (e != null) {
                out.add(e);
                any |= e.canonical() != null;
            }
        }
        for (TableRow row : t.rows()) {
            if (row.cells().size() < 2) continue;
            Entry e = entry(row.cells(), row.span(), canonical);
            if (e != null) {
                out.add(e);
                any |= e.canonical() != null;
            }
        }
        return any ? out : List.of();
    }

    private static Entry entry(List<Cell> cells, Span rowSpan, Function<String, String> canonical) {
        String label = cells.get(0).text().replace("**", "").replace("__", "").replace("`", "").strip();
        if (label.endsWith(":")) label = label.substring(0, label.length() - 1).strip();
        if (label.isEmpty()) return null;
        String key = FieldReader.key(label);
        if (key.equals("field") || key.equals("key") || key.equals("name") || key.equals("item")) return null;   // "| Field | Value |"
        Cell value = cells.get(1);
        String name = canonical.apply(key);
        return new Entry(name, label, new Field(name != null ? name : key, label, value.text().strip(), rowSpan, value.span()));
    }
}
