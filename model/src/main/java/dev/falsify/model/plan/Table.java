package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.List;
import java.util.Locale;

/**
 * A GitHub-flavoured Markdown table. {@code headers} are normalised (lower case, punctuation
 * dropped, spaces collapsed) so that columns are found by name, never by position.
 */
public record Table(List<String> headers, List<String> rawHeaders, List<TableRow> rows, Span span, Span headerSpan) {

    public Table {
        headers = List.copyOf(headers);
        rawHeaders = List.copyOf(rawHeaders);
        rows = List.copyOf(rows);
    }

    public boolean hasColumn(String... candidates) {
        return columnIndex(headers, candidates) >= 0;
    }

    /** Lower case, letters/digits/spaces only, single spaces: {@code "Inferred?"} → {@code "inferred"}. */
    public static String normalizeHeader(String raw) {
        StringBuilder sb = new StringBuilder(raw.length());
        boolean space = false;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                if (space && sb.length() > 0) sb.append(' ');
                space = false;
                sb.append(Character.toLowerCase(c));
            } else if (Character.isWhitespace(c) || c == '/' || c == '-' || c == '_') {
                space = true;
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }

    /** Exact match first, then prefix match, over the candidates in order. */
    static int columnIndex(List<String> headers, String... candidates) {
        for (String c : candidates) {
            String n = normalizeHeader(c);
            for (int i = 0; i < headers.size(); i++) if (headers.get(i).equals(n)) return i;
        }
        for (String c : candidates) {
            String n = normalizeHeader(c);
            if (n.length() < 3) continue;
            for (int i = 0; i < headers.size(); i++) if (headers.get(i).startsWith(n)) return i;
        }
        return -1;
    }
}
