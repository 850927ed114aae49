package dev.falsify.app.ui.editor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    private static final Pattern BOLD_PATTERN = Pattern.compile("\\*\\*[^*\\n]+\\*\\*");
    private static final Pattern INLINE_CODE_PATTERN = Pattern.compile("`[^`\\n]+`");
    private static final Pattern LIST_PATTERN = Pattern.compile("[ \\t]*(?:[-*+]|\\d+\\.|[HCSM]\\d+\\.)[ \\t]");

    private final Map<Integer, Collection<String>> classCache = new HashMap<>();

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
        // inline patterns over the whole text at once (one matcher each), skipping code blocks
        inline(BOLD_PATTERN.matcher(text), 0, BOLD, mask);
        inline(INLINE_CODE_PATTERN.matcher(text), 0, INLINE_CODE, mask);
        inline(ID_PATTERN.matcher(text), 1, ID, mask);
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

    private static void inline(Matcher m, int group, int bit, int[] mask) {
        while (m.find()) {
            int from = m.start(group);
            if ((mask[from] & (CODE | FENCE)) == 0) {
                fill(mask, from, m.end(group), bit);
            }
        }
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
        return classCache.computeIfAbsent(m, key -> {
            List<String> out = new ArrayList<>(2);
            for (int bit = 0; bit < CLASS_NAMES.length; bit++) {
                if ((key & (1 << bit)) != 0) {
                    out.add(CLASS_NAMES[bit]);
                }
            }
            return List.copyOf(out);
        });
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
