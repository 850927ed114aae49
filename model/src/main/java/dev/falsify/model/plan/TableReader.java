package dev.falsify.model.plan;

import com.vladsch.flexmark.ext.tables.TableBlock;
import com.vladsch.flexmark.ext.tables.TableBody;
import com.vladsch.flexmark.ext.tables.TableCell;
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
        for (Node part = block.getFirstChild(); part != null; part = part.getNext()) {
            if (part instanceof TableHead head) {
                Node row = head.getFirstChild();
                if (row != null) {
                    headerSpan = lines.span(row.getStartOffset(), row.getEndOffset());
                    for (Node c = row.getFirstChild(); c != null; c = c.getNext()) {
                        if (c instanceof TableCell cell) {
                            String t = cellText(cell);
                            raw.add(t);
                            headers.add(Table.normalizeHeader(t.replace("~~", "")));
                        }
                    }
                }
            } else if (part instanceof TableBody body) {
                for (Node row = body.getFirstChild(); row != null; row = row.getNext()) {
                    List<Cell> cells = new ArrayList<>();
                    for (Node c = row.getFirstChild(); c != null; c = c.getNext()) {
                        if (c instanceof TableCell cell) {
                            int s = cell.getText().getStartOffset();
                            int e = cell.getText().getEndOffset();
                            if (cell.getText().isNull() || e < s) {
                                s = e = cell.getStartOffset();
                            }
                            cells.add(new Cell(cellText(cell), lines.span(s, e)));
                        }
                    }
                    boolean struck = !cells.isEmpty() && isStruck(cells);
                    rows.add(new TableRow(headers, cells, lines.span(row.getStartOffset(), trimEnd(lines, row.getEndOffset())), struck));
                }
            }
        }
        Span span = lines.span(block.getStartOffset(), trimEnd(lines, block.getEndOffset()));
        return new Table(headers, raw, rows, span, headerSpan);
    }

    private static int trimEnd(SourceLines lines, int end) {
        String t = lines.text();
        while (end > 0 && end <= t.length() && (t.charAt(end - 1) == '\n' || t.charAt(end - 1) == '\r')) end--;
        return end;
    }

    private static String cellText(TableCell cell) {
        String t = cell.getText().toString().strip();
        return t.replace("\\|", "|");
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
