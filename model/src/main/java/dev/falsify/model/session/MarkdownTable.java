package dev.falsify.model.session;

import dev.falsify.model.text.TableCells;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A GitHub-flavoured Markdown table read leniently: columns are found by header name
 * (case-insensitive, punctuation ignored), never by position; escaped pipes and pipes inside code
 * spans stay in their cell.
 *
 * @param header header cells as written
 * @param rows   data rows (cells trimmed; short rows padded with empty cells)
 * @param lines  1-based source line of each row
 */
public record MarkdownTable(List<String> header, List<List<String>> rows, List<Integer> lines) {

    /** Index of the first column whose normalised header starts with any of {@code names}, or -1. */
    public int column(String... names) {
        int exact = columnExact(names);
        if (exact >= 0) {
            return exact;
        }
        for (String name : names) {
            String want = norm(name);
            for (int i = 0; i < header.size(); i++) {
                if (norm(header.get(i)).startsWith(want)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Index of the first column whose normalised header is one of {@code names} exactly, or -1. */
    public int columnExact(String... names) {
        for (String name : names) {
            String want = norm(name);
            for (int i = 0; i < header.size(); i++) {
                if (norm(header.get(i)).equals(want)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The cell of {@code row} in column {@code col}, or empty when the column is absent. */
    public String cell(List<String> row, int col) {
        return col < 0 || col >= row.size() ? "" : row.get(col);
    }

    static String norm(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
    }

    /**
     * The first table in {@code lines[from, to)}; null when there is none.
     *
     * @param firstLineNo 1-based line number of {@code lines[0]}
     */
    public static MarkdownTable first(List<String> lines, int from, int to, int firstLineNo) {
        int i = from;
        while (i < to && !isRow(lines.get(i))) {
            i++;
        }
        if (i + 1 >= to || !isSeparator(lines.get(i + 1))) {
            return null;
        }
        List<String> header = split(lines.get(i));
        List<List<String>> rows = new ArrayList<>();
        List<Integer> lineNos = new ArrayList<>();
        for (int j = i + 2; j < to && isRow(lines.get(j)); j++) {
            List<String> cells = new ArrayList<>(split(lines.get(j)));
            while (cells.size() < header.size()) {
                cells.add("");
            }
            if (cells.stream().allMatch(String::isBlank)) {
                continue;
            }
            rows.add(cells);
            lineNos.add(firstLineNo + j);
        }
        return new MarkdownTable(header, rows, lineNos);
    }

    static boolean isRow(String line) {
        return line.strip().startsWith("|");
    }

    static boolean isSeparator(String line) {
        String s = line.strip();
        return s.startsWith("|") && s.replaceAll("[|:\\-\\s]", "").isEmpty() && s.contains("-");
    }

    /** Splits a row by {@link TableCells} (the plan reader's splitter too); each cell as {@link MarkdownText#plain plain text}. */
    static List<String> split(String line) {
        List<String> cells = new ArrayList<>();
        for (String c : TableCells.split(line)) cells.add(MarkdownText.plain(c));
        return cells;
    }

    /** Appends {@code | a | b | c |} and a newline, each cell {@link #escape escaped}. */
    public static void appendRow(StringBuilder b, String... cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(escape(c)).append(" |");
        }
        b.append('\n');
    }

    /** Appends {@code | a | b | c |} and a newline from cells that are already Markdown (escaped by the caller). */
    public static void appendMarkdownRow(StringBuilder b, String... cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c).append(" |");
        }
        b.append('\n');
    }

    /** A cell value made safe for a table: {@link MarkdownText#cell} (one line, inert, pipes escaped). */
    public static String escape(String value) {
        return MarkdownText.cell(value);
    }
}
