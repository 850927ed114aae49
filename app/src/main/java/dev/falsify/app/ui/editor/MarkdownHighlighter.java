package dev.falsify.app.ui.editor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Computes the editor's style spans for a plan's Markdown: headings, table rows and pipes, bold
 * labels, list markers, fenced code, claim / hypothesis / scenario / missing-claim ids (styled as
 * links), and lint squiggles on top. Pure function of the text, so it runs on the background
 * worker together with the parse; one int per character keeps it linear for 5,000-line plans.
 */
public final class MarkdownHighlighter {
    /** A lint underline over [start, end) of the document. */
    public record Squiggle(int start, int end, String severity) {
    }

    private static final int HEADING = 1, TABLE = 2, PIPE = 4, BOLD = 8, ID = 16, CODE = 32, FENCE = 64,
            LINT_ERROR = 128, LINT_WARNING = 256, LINT_INFO = 512, LIST = 1024, INLINE_CODE = 2048;
    private static final String[] CLASS_NAMES = {"md-heading", "md-table", "md-pipe", "md-bold", "md-id",
            "md-code", "md-fence", "lint-error", "lint-warning", "lint-info", "md-list", "md-inline-code"};

    /** Ids of plan elements: C1, H12, M3, S01, S5/api. */
    static final Pattern ID_PATTERN = Pattern.compile("(?<![\\w/])([CHMS]\\d+[a-z]?(?:/[A-Za-z][\\w-]*)?)(?![\\w])");
    private static final Pattern LIST_PATTERN = Pattern.compile("[ \\t]*(?:[-*+]|\\d+\\.|[HCSM]\\d+\\.)[ \\t]");

    /** Style-class lists by bit mask (12 bits), made once each: a lookup per span, no boxing. */
    @SuppressWarnings("unchecked")
    private final Collection<String>[] classCache = new Collection[1 << CLASS_NAMES.length];

    public StyleSpans<Collection<String>> compute(String text, List<Squiggle> squiggles) {
        int n = text.length();
        int[] mask = new int[n];
        int lineStart = 0;
        boolean inFence = false;
        while (lineStart <= n) {
            int lineEnd = text.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = n;
            }
            int first = lineStart;
            while (first < lineEnd && (text.charAt(first) == ' ' || text.charAt(first) == '\t')) {
                first++;
            }
            if (text.startsWith("```", first) || text.startsWith("~~~", first)) {
                fill(mask, lineStart, lineEnd, FENCE);
                inFence = !inFence;
            } else if (inFence) {
                fill(mask, lineStart, lineEnd, CODE);
            } else if (first < lineEnd) {
                styleLineStart(text, lineStart, first, lineEnd, mask);
            }
            lineStart = lineEnd + 1;
        }
        // inline spans in one hand-written pass (regexes over 250,000 characters cost tens of ms)
        scanInline(text, mask);
        for (Squiggle sq : squiggles) {
            int bit = switch (sq.severity().toLowerCase()) {
                case "error" -> LINT_ERROR;
                case "warning" -> LINT_WARNING;
                default -> LINT_INFO;
            };
            int from = Math.max(0, Math.min(sq.start(), n));
            int to = Math.max(from, Math.min(sq.end(), n));
            if (to == from && from < n) {
                to = from + 1;
            }
            fill(mask, from, to, bit);
        }
        StyleSpansBuilder<Collection<String>> b = new StyleSpansBuilder<>();
        if (n == 0) {
            b.add(List.of(), 0);
            return b.create();
        }
        int runStart = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || mask[i] != mask[runStart]) {
                b.add(classes(mask[runStart]), i - runStart);
                runStart = i;
            }
        }
        return b.create();
    }

    /**
     * Bold ({@code **…**} on one line), inline code ({@code `…`}) and ids (the same tokens as
     * {@link #ID_PATTERN}) outside fenced code, in one left-to-right pass.
     */
    static void scanInline(String text, int[] mask) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            if ((mask[i] & (CODE | FENCE)) != 0) {
                i++;
                continue;
            }
            char c = text.charAt(i);
            if (c == '*' && i + 1 < n && text.charAt(i + 1) == '*') {
                int j = i + 2;
                while (j < n && text.charAt(j) != '*' && text.charAt(j) != '\n') {
                    j++;
                }
                if (j > i + 2 && j + 1 < n && text.charAt(j) == '*' && text.charAt(j + 1) == '*') {
                    fill(mask, i, j + 2, BOLD);
                    // ids inside bold are still ids: scan them, then continue after the bold
                    scanIds(text, i + 2, j, mask);
                    i = j + 2;
                } else {
                    i++;
                }
            } else if (c == '`') {
                int j = i + 1;
                while (j < n && text.charAt(j) != '`' && text.charAt(j) != '\n') {
                    j++;
                }
                if (j > i + 1 && j < n && text.charAt(j) == '`') {
                    fill(mask, i, j + 1, INLINE_CODE);
                    scanIds(text, i + 1, j, mask);
                    i = j + 1;
                } else {
                    i++;
                }
            } else {
                int end = idAt(text, i, n);
                if (end > i) {
                    fill(mask, i, end, ID);
                    i = end;
                } else {
                    i++;
                }
            }
        }
    }

    private static void scanIds(String text, int from, int to, int[] mask) {
        for (int i = from; i < to; i++) {
            int end = idAt(text, i, to);
            if (end > i) {
                fill(mask, i, end, ID);
                i = end - 1;
            }
        }
    }

    /** End of the id token starting at {@code i} (see {@link #ID_PATTERN}), or {@code i} when there is none. */
    private static int idAt(String text, int i, int limit) {
        char c = text.charAt(i);
        if ((c != 'C' && c != 'H' && c != 'M' && c != 'S') || i + 1 >= limit || !isDigit(text.charAt(i + 1))) {
            return i;
        }
        if (i > 0) {
            char p = text.charAt(i - 1);
            if (Character.isLetterOrDigit(p) || p == '_' || p == '/') {
                return i;
            }
        }
        int j = i + 1;
        while (j < limit && isDigit(text.charAt(j))) {
            j++;
        }
        if (j < limit && text.charAt(j) >= 'a' && text.charAt(j) <= 'z' && (j + 1 >= limit || !isWord(text.charAt(j + 1)))) {
            j++;
        }
        if (j + 1 < limit && text.charAt(j) == '/' && Character.isLetter(text.charAt(j + 1)) && text.charAt(j + 1) < 128) {
            j += 2;
            while (j < limit && (isWord(text.charAt(j)) || text.charAt(j) == '-')) {
                j++;
            }
        }
        if (j < limit && isWord(text.charAt(j))) {
            return i;
        }
        return j;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isWord(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** Line-level styles: headings, table rows with their pipes, list markers. */
    private static void styleLineStart(String text, int lineStart, int first, int lineEnd, int[] mask) {
        char c = text.charAt(first);
        if (c == '#') {
            fill(mask, lineStart, lineEnd, HEADING);
        } else if (c == '|') {
            fill(mask, lineStart, lineEnd, TABLE);
            boolean escaped = false;
            for (int i = first; i < lineEnd; i++) {
                char ch = text.charAt(i);
                if (ch == '|' && !escaped) {
                    mask[i] |= PIPE;
                }
                escaped = ch == '\\' && !escaped;
            }
        } else if (c == '-' || c == '*' || c == '+' || Character.isDigit(c) || "HCSM".indexOf(c) >= 0) {
            Matcher list = LIST_PATTERN.matcher(text).region(lineStart, lineEnd);
            if (list.lookingAt()) {
                fill(mask, list.start(), list.end(), LIST);
            }
        }
    }

    private static void fill(int[] mask, int from, int to, int bit) {
        for (int i = from; i < to && i < mask.length; i++) {
            mask[i] |= bit;
        }
    }

    private Collection<String> classes(int m) {
        Collection<String> c = classCache[m];
        if (c == null) {
            List<String> out = new ArrayList<>(2);
            for (int bit = 0; bit < CLASS_NAMES.length; bit++) {
                if ((m & (1 << bit)) != 0) {
                    out.add(CLASS_NAMES[bit]);
                }
            }
            c = List.copyOf(out);
            classCache[m] = c;
        }
        return c;
    }

    /** The id token at a document offset (for Ctrl+click), or null. */
    public static String idAt(String text, int offset) {
        if (offset < 0 || offset > text.length()) {
            return null;
        }
        int ls = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
        int le = text.indexOf('\n', offset);
        if (le < 0) {
            le = text.length();
        }
        Matcher m = ID_PATTERN.matcher(text.substring(ls, le));
        while (m.find()) {
            if (ls + m.start(1) <= offset && offset <= ls + m.end(1)) {
                return m.group(1);
            }
        }
        return null;
    }
}
