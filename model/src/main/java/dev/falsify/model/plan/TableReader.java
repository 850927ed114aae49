package dev.falsify.model.plan;

import com.vladsch.flexmark.ext.tables.TableBlock;
import com.vladsch.flexmark.ext.tables.TableBody;
import com.vladsch.flexmark.ext.tables.TableHead;
import com.vladsch.flexmark.util.ast.Node;
import java.util.ArrayList;
import java.util.List;

/** Turns a flexmark table into a {@link Table} with cell spans and normalised headers. */
final class TableReader {
    private TableReader() {
    }

    static Table read(MarkdownOutline.TableBlockRef ref, SourceLines lines) {
        TableBlock block = ref.node();
        List<String> raw = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        List<TableRow> rows = new ArrayList<>();
        Span headerSpan = Span.NONE;
        int headLine = -1;
        List<Integer> bodyLines = new ArrayList<>();
        for (Node part = block.getFirstChild(); part != null; part = part.getNext()) {
            if (part instanceof TableHead head && head.getFirstChild() != null) {
                headLine = lines.lineIndexOf(head.getFirstChild().getStartOffset());
            } else if (part instanceof TableBody body) {
                for (Node row = body.getFirstChild(); row != null; row = row.getNext()) {
                    bodyLines.add(lines.lineIndexOf(row.getStartOffset()));
                }
            }
        }
        if (headLine >= 0) {
            List<Cell> cells = split(lines, headLine);
            headerSpan = lines.span(lines.lineStart(headLine), FieldReader.trimmedEnd(lines, headLine));
            for (Cell c : cells) {
                raw.add(c.text());
                headers.add(Table.normalizeHeader(c.text().replace("~~", "")));
            }
        }
        for (int line : bodyLines) {
            List<Cell> cells = split(lines, line);
            boolean struck = !cells.isEmpty() && isStruck(cells);
            rows.add(new TableRow(headers, cells, lines.span(lines.lineStart(line), FieldReader.trimmedEnd(lines, line)), struck));
        }
        Span span = lines.span(block.getStartOffset(), trimEnd(lines, block.getEndOffset()));
        return new Table(headers, raw, rows, span, headerSpan);
    }

    /**
     * Splits a table line into cells at unescaped pipes; a cell's span is its trimmed content (an
     * empty cell gets an empty span after the first space, or right after the pipe).
     */
    static List<Cell> split(SourceLines lines, int line) {
        String t = lines.text();
        int start = lines.lineStart(line);
        int end = FieldReader.trimmedEnd(lines, line);
        int i = start;
        while (i < end && (t.charAt(i) == ' ' || t.charAt(i) == '\t')) i++;
        boolean leadingPipe = i < end && t.charAt(i) == '|';
        int cellStart = leadingPipe ? i + 1 : i;
        List<int[]> bounds = new ArrayList<>();
        for (int k = cellStart; k < end; k++) {
            char c = t.charAt(k);
            if (c == '\\') {
                k++;
            } else if (c == '|') {
                bounds.add(new int[] {cellStart, k});
                cellStart = k + 1;
            }
        }
        if (cellStart < end) bounds.add(new int[] {cellStart, end});
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

    private static int trimEnd(SourceLines lines, int end) {
        String t = lines.text();
        while (end > 0 && end <= t.length() && (t.charAt(end - 1) == '\n' || t.charAt(end - 1) == '\r')) end--;
        return end;
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
