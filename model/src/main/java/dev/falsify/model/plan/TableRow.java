package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.List;
import java.util.Optional;

/**
 * One body row of a Markdown table. Cells are found by column name through
 * {@link #cell(String...)}; rows written with strikethrough (withdrawn claims and the like) are
 * flagged, not dropped.
 */
public record TableRow(List<String> headers, List<Cell> cells, Span span, boolean struck) {

    public TableRow {
        headers = List.copyOf(headers);
        cells = List.copyOf(cells);
    }

    /** The first cell whose normalised header equals, or starts with, one of the candidates. */
    public Optional<Cell> cell(String... candidates) {
        int i = Table.columnIndex(headers, candidates);
        return i >= 0 && i < cells.size() ? Optional.of(cells.get(i)) : Optional.empty();
    }

    /** The cell text for a column, or "" when the row has no such column. */
    public String text(String... candidates) {
        return cell(candidates).map(Cell::text).orElse("");
    }

    /** All the cell texts joined, for searching ids anywhere in the row. */
    public String joinedText() {
        StringBuilder sb = new StringBuilder();
        for (Cell c : cells) sb.append(c.text()).append(" | ");
        return sb.toString();
    }
}
