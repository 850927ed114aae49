package dev.falsify.model.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the cells of one Markdown table row begin and end: the one splitter behind the plan reader
 * and the session reader, so a row cannot have one set of columns in a plan and another in a session.
 *
 * <ul>
 *   <li>an escaped pipe {@code \|} (any backslash-escaped punctuation) belongs to its cell;</li>
 *   <li>a pipe inside a code span ({@code `a | b`}, {@code ``a | b``}: closed by a backtick run of the
 *       same length) belongs to its cell, so a shell command in a table keeps its columns; a backtick
 *       run that is never closed is literal text;</li>
 *   <li>one leading and one closing pipe frame the row and make no empty cell.</li>
 * </ul>
 */
public final class TableCells {
    private TableCells() {
    }

    /** Cell bounds {@code [start, end)} in {@code text}, untrimmed, for the row in {@code [from, to)}. */
    public static List<int[]> bounds(CharSequence text, int from, int to) {
        int i = from;
        while (i < to && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) i++;
        int end = to;
        while (end > i && Character.isWhitespace(text.charAt(end - 1))) end--;
        int cellStart = i < end && text.charAt(i) == '|' ? i + 1 : i;
        List<int[]> bounds = new ArrayList<>();
        for (int k = cellStart; k < end; k++) {
            char c = text.charAt(k);
            if (c == '\\' && k + 1 < end && isAsciiPunctuation(text.charAt(k + 1))) {
                k++;
            } else if (c == '`') {
                int run = runLength(text, k, end);
                int close = closingRun(text, k + run, end, run);
                k = (close >= 0 ? close + run : k + run) - 1;
            } else if (c == '|') {
                bounds.add(new int[] {cellStart, k});
                cellStart = k + 1;
            }
        }
        if (cellStart < end) bounds.add(new int[] {cellStart, end});
        return bounds;
    }

    /** The cells' text, each stripped, escapes and code spans left as written. */
    public static List<String> split(String row) {
        List<String> cells = new ArrayList<>();
        for (int[] b : bounds(row, 0, row.length())) cells.add(row.substring(b[0], b[1]).strip());
        return cells;
    }

    private static int runLength(CharSequence t, int at, int end) {
        int n = 0;
        while (at + n < end && t.charAt(at + n) == '`') n++;
        return n;
    }

    /** Start of the next backtick run of exactly {@code len} at or after {@code from}, or -1. */
    private static int closingRun(CharSequence t, int from, int end, int len) {
        for (int k = from; k < end; ) {
            if (t.charAt(k) != '`') {
                k++;
                continue;
            }
            int n = runLength(t, k, end);
            if (n == len) return k;
            k += n;
        }
        return -1;
    }

    public static boolean isAsciiPunctuation(char c) {
        return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~';
    }
}
