package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import dev.falsify.model.text.TableCells;
import java.util.ArrayList;
import java.util.List;

/** Turns a GFM table into a {@link Table} with cell spans and normalised headers. */
final class TableReader {
    private TableReader() {
    }

    static Table read(MarkdownOutline.TableBlockRef ref, SourceLines lines) {
        List<String> raw = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        List<TableRow> rows = new ArrayList<>();
        int headLine = ref.headerLine();
        List<Cell> headCells = split(lines, headLine);
        Span headerSpan = lines.span(lines.lineStart(headLine), FieldReader.trimmedEnd(lines, headLine));
        for (Cell c : headCells) {
            raw.add(c.text());
            headers.add(Table.normalizeHeader(c.text().replace("~~", "")));
        }
        for (int line = ref.delimiterLine() + 1; line < ref.endLine(); line++) {
            List<Cell> cells = split(lines, line);
            boolean struck = !cells.isEmpty() && isStruck(cells);
            rows.add(new TableRow(headers, cells, lines.span(lines.lineStart(line), FieldReader.trimmedEnd(lines, line)), struck));
        }
        Span span = lines.span(lines.lineStart(headLine), FieldReader.trimmedEnd(lines, ref.endLine() - 1));
        return new Table(headers, raw, rows, span, headerSpan);
    }

    /**
     * Splits a table line into cells by {@link TableCells} (the session reader's splitter too); a cell's span is its trimmed content (an
     * empty cell gets an empty span after the first space, or right after the pipe).
     */
    static List<Cell> split(SourceLines lines, int line) {
        String t = lines.text();
        List<int[]> bounds = TableCells.bounds(t, lines.lineStart(line), FieldReader.trimmedEnd(lines, line));
        List<Cell> cells = new ArrayList<>(bounds.size());
        for (int[] b : bounds) {
            int s = b[0];
            int e = b[1];
            while (s < e && Character.isWhitespace(t.charAt(s))) s++;
            while (e > s && Character.isWhitespace(t.charAt(e - 1))) e--;
            if (s == e) {
                s = e = Math.min(b[0] + 1, b[1]);
            }
            cells.add(new Cell(t.substring(s, e).replace("\\|", "|"), lines.span(s, e)));
        }
        return cells;
    }

    /** A row is withdrawn when its first non-empty cell is wholly struck through. */
    private static boolean isStruck(List<Cell> cells) {
        for (Cell c : cells) {
            String t = c.text();
            if (t.isEmpty()) continue;
            return t.startsWith("~~") && t.endsWith("~~") && t.length() >= 4;
        }
        return false;
    }
}
