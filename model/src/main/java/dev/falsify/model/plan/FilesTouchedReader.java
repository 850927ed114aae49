package dev.falsify.model.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The files a change-scoped plan's §1 lists as touched: a "Files touched" bullet list, or a table of files. */
final class FilesTouchedReader {
    private FilesTouchedReader() {
    }

    private static final Pattern LIST_ITEM = Pattern.compile("^(\\s{0,3})(?:[-*+]|\\d{1,3}[.)])\\s+(.*)$");
    private static final Pattern FILES_TOUCHED = Pattern.compile("(?i)files\\s+touched");
    private static final Pattern PATH = Pattern.compile("`([^`]+)`|^(\\S+)");
    private static final Pattern COUNTS = Pattern.compile("\\(\\s*\\+\\s*(\\d+)\\s*[,/]?\\s*[−–-]\\s*(\\d+)\\s*\\)");

    /** The bullets following a "Files touched" line of §1 (lines {@code [from, to)}), then its files tables. */
    static List<FileTouched> read(MarkdownOutline outline, int from, int to, List<Table> tables) {
        SourceLines lines = outline.lines;
        List<FileTouched> out = new ArrayList<>();
        boolean inList = false;
        for (int i = from; i < to; i++) {
            if (!outline.isText(i)) continue;
            String t = FieldReader.text(lines, i);
            if (FILES_TOUCHED.matcher(t).find()) {
                inList = true;
                continue;
            }
            if (!inList) continue;
            Matcher item = LIST_ITEM.matcher(t);
            if (!item.matches()) {
                if (!t.isBlank() && FieldReader.indentOf(t) == 0) inList = false;
                continue;
            }
            String body = item.group(2).strip();
            Matcher p = PATH.matcher(body);
            if (!p.find()) continue;
            String path = p.group(1) != null ? p.group(1) : p.group(2);
            Matcher c = COUNTS.matcher(body);
            Integer added = null;
            Integer removed = null;
            if (c.find()) {
                added = Integer.parseInt(c.group(1));
                removed = Integer.parseInt(c.group(2));
            }
            out.add(new FileTouched(path, added, removed, lines.span(lines.lineStart(i), FieldReader.trimmedEnd(lines, i))));
        }
        for (Table t : tables) filesTouched(t, out);
        return out;
    }

    private static final Pattern COUNT = Pattern.compile("\\d+");

    /** A §1 table of touched files: a File/Path column, optional added (+) and removed (−) columns. */
    private static void filesTouched(Table t, List<FileTouched> out) {
        int file = Table.columnIndex(t.headers(), "file", "files", "path", "file touched", "files touched");
        if (file < 0) return;
        int added = -1;
        int removed = -1;
        for (int c = 0; c < t.rawHeaders().size(); c++) {
            String h = t.rawHeaders().get(c).strip().toLowerCase(Locale.ROOT);
            if (h.equals("+") || h.startsWith("added") || h.startsWith("additions") || h.startsWith("lines added")) added = c;
            else if (h.equals("-") || h.equals("−") || h.startsWith("removed") || h.startsWith("deleted") || h.startsWith("deletions")
                    || h.startsWith("lines removed")) removed = c;
        }
        for (TableRow row : t.rows()) {
            if (row.cells().size() <= file) continue;
            String path = row.cells().get(file).text().replace("`", "").strip();
            if (path.isEmpty() || path.contains(" ")) continue;
            out.add(new FileTouched(path, count(row, added), count(row, removed), row.span()));
        }
    }

    private static Integer count(TableRow row, int column) {
        if (column < 0 || column >= row.cells().size()) return null;
        Matcher m = COUNT.matcher(row.cells().get(column).text());
        return m.find() ? Integer.valueOf(m.group()) : null;
    }

}
