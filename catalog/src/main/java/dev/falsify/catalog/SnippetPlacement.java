package dev.falsify.catalog;

/**
 * Pads a drafted snippet so that inserting it at a caret leaves well-formed Markdown: a block (a
 * hypothesis, a §7.M section) starts on its own line after a blank line and is followed by one; a list
 * line (a §7.M field) starts on its own line and ends with a newline.
 */
public final class SnippetPlacement {
    private SnippetPlacement() {
    }

    /** The text to insert at {@code caret} for a block snippet. */
    public static String block(String document, int caret, String snippet) {
        String body = snippet.endsWith("\n") ? snippet : snippet + "\n";
        String before = document.substring(0, clamp(document, caret));
        String after = document.substring(clamp(document, caret));
        String lead = before.isEmpty() || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
        String trail = after.isEmpty() || after.startsWith("\n") ? "" : "\n";
        return lead + body + trail;
    }

    /** The text to insert at {@code caret} for a single list line. */
    public static String line(String document, int caret, String snippet) {
        String body = snippet.endsWith("\n") ? snippet : snippet + "\n";
        String before = document.substring(0, clamp(document, caret));
        return before.isEmpty() || before.endsWith("\n") ? body : "\n" + body;
    }

    private static int clamp(String document, int caret) {
        return Math.max(0, Math.min(caret, document.length()));
    }
}
