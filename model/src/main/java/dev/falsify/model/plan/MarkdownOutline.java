package dev.falsify.model.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The block structure of a plan: headings (ATX and setext), fenced code, GFM tables, thematic
 * breaks and HTML blocks, with their line ranges, plus a per-line classification. Everything finer
 * (fields, ids, hypotheses) is read from the source lines outside fences and tables, so a line
 * inside a code block is never taken for plan structure.
 *
 * <p>This is a purpose-built, single-pass scanner for the CommonMark/GFM block subset plans use,
 * not a full Markdown parser: flexmark (used for the preview) builds the inline tree of every
 * paragraph and its table extension made parsing the 5,000-line benchmark plan several times too
 * slow for re-parsing on every keystroke. Deliberate simplifications: indented code blocks are
 * treated as text (plans indent continuation lines), and a table row must contain a pipe.
 */
final class MarkdownOutline {

    enum LineKind { TEXT, HEADING, FENCE, TABLE, RULE, HTML, FRONT_MATTER }

    record HeadingBlock(int level, String text, int line, int endLine, int startOffset, int endOffset) {
    }

    /** @param endLine exclusive; {@code contentEnd} excludes the closing fence (or equals endLine when unclosed) */
    record FenceBlock(String info, int line, int endLine, int contentStart, int contentEnd, int indent) {
        // equals and hashCode written out: a record's own are bootstrapped through invokedynamic
        // (ObjectMethods) at their first call, which spins method handles in every short command
        // (`falsify lint` compares these); same meaning as the record's: component by component
        @Override
        public boolean equals(Object o) {
            return o instanceof FenceBlock f && f.line == line && f.endLine == endLine && f.contentStart == contentStart
                    && f.contentEnd == contentEnd && f.indent == indent && f.info.equals(info);
        }

        @Override
        public int hashCode() {
            return ((((info.hashCode() * 31 + line) * 31 + endLine) * 31 + contentStart) * 31 + contentEnd) * 31 + indent;
        }
    }

    /** @param headerLine the header row; {@code endLine} exclusive; body rows are delimiterLine+1 … endLine-1 */
    record TableBlockRef(int headerLine, int delimiterLine, int endLine) {
        int line() {
            return headerLine;
        }
    }

    private static final Pattern FENCE_OPEN = Pattern.compile("^(\\s*+)(`{3,}+|~{3,}+)(.*)$");
    private static final Pattern SETEXT = Pattern.compile("^ {0,3}(=+|-+)[ \\t]*$");
    private static final Pattern DELIMITER = Pattern.compile("^\\s*+\\|?\\s*+:?-++:?\\s*+(?:\\|\\s*+:?-++:?\\s*+)*+\\|?\\s*+$");
    private static final Pattern LIST_OR_QUOTE = Pattern.compile("^\\s*([-*+]|\\d{1,9}[.)])(\\s|$)|^\\s*>");
    private static final Pattern HTML_START = Pattern.compile("^ {0,3}<(/?)(details|summary|div|table|pre|section|p|ul|ol|dl|figure|iframe|script|style)\\b",
            Pattern.CASE_INSENSITIVE);

    final SourceLines lines;
    final LineKind[] kinds;
    final List<HeadingBlock> headings = new ArrayList<>();
    final List<FenceBlock> fences = new ArrayList<>();
    final List<TableBlockRef> tables = new ArrayList<>();
    private final FenceBlock[] fenceStarting;
    private final TableBlockRef[] tableStarting;
    /** Lines {@code [1, frontMatterEnd - 1)} are a YAML front matter block ({@code ---} … {@code ---}); 0 when there is none. */
    int frontMatterEnd;

    MarkdownOutline(SourceLines lines) {
        this.lines = lines;
        int n = lines.lineCount();
        this.kinds = new LineKind[n];
        Arrays.fill(kinds, LineKind.TEXT);
        this.fenceStarting = new FenceBlock[n];
        this.tableStarting = new TableBlockRef[n];
        scan();
    }

    private String line(int i) {
        return FieldReader.text(lines, i);
    }

    private void scan() {
        int n = kinds.length;
        int paragraphStart = -1;   // first line of the current paragraph (for setext headings), or -1
        boolean inList = false;    // since the last blank line, a list item or quote was seen
        int i = frontMatter();
        while (i < n) {
            String t = line(i);
            if (t.isBlank()) {
                paragraphStart = -1;
                inList = false;
                i++;
                continue;
            }
            char first = firstNonSpace(t);
            if (first == '`' || first == '~') {
                Matcher f = FENCE_OPEN.matcher(t);
                if (f.matches() && !(f.group(2).charAt(0) == '`' && f.group(3).indexOf('`') >= 0)) {
                    i = fence(i, f);
                    paragraphStart = -1;
                    continue;
                }
            }
            if (first == '#') {
                int level = atxLevel(t);
                if (level > 0) {
                    addHeading(level, atxText(t), i, i + 1);
                    paragraphStart = -1;
                    i++;
                    continue;
                }
            }
            if ((first == '=' || first == '-') && paragraphStart >= 0 && SETEXT.matcher(t).matches()) {
                StringBuilder text = new StringBuilder();
                for (int k = paragraphStart; k < i; k++) text.append(k > paragraphStart ? " " : "").append(line(k).strip());
                for (int k = paragraphStart; k < i; k++) kinds[k] = LineKind.TEXT;
                addHeading(first == '=' ? 1 : 2, text.toString(), paragraphStart, i + 1);
                paragraphStart = -1;
                i++;
                continue;
            }
            if ((first == '-' || first == '*' || first == '_') && isRule(t, first)) {
                kinds[i] = LineKind.RULE;
                paragraphStart = -1;
                i++;
                continue;
            }
            if (first == '<') {
                int end = html(i, t);
                if (end > i) {
                    paragraphStart = -1;
                    i = end;
                    continue;
                }
            }
            if (t.indexOf('|') >= 0 && i + 1 < n) {
                String next = line(i + 1);
                if (next.indexOf('-') >= 0 && (next.indexOf('|') >= 0 || t.strip().startsWith("|")) && DELIMITER.matcher(next).matches()) {
                    i = table(i);
                    paragraphStart = -1;
                    continue;
                }
            }
            boolean listOrQuote = isListOrQuote(t, first);
            if (listOrQuote) {
                paragraphStart = -1;   // a list item's text (and its lazy lines) cannot become a setext heading
                inList = true;
            } else if (paragraphStart < 0 && !inList && indentOf(t) < 4) {
                paragraphStart = i;
            }
            i++;
        }
    }

    private static final Pattern YAML_KEY = Pattern.compile("^[A-Za-z_][\\w-]*\\s*:(\\s|$).*");

    /**
     * A YAML front matter block (static-site generators, agents' plan templates): a first line
     * {@code ---}, {@code key: value} lines, and a closing {@code ---} or {@code ...}. Without this
     * the closing rule would turn the keys into a setext heading. Returns the first line after it.
     */
    private int frontMatter() {
        int n = kinds.length;
        if (n < 3 || !line(0).strip().equals("---")) return 0;
        boolean keys = false;
        for (int k = 1; k < Math.min(n, 80); k++) {
            String t = line(k);
            String s = t.strip();
            if (s.equals("---") || s.equals("...")) {
                if (!keys) return 0;
                frontMatterEnd = k + 1;
                for (int j = 0; j <= k; j++) kinds[j] = LineKind.FRONT_MATTER;
                return k + 1;
            }
            if (YAML_KEY.matcher(t).matches()) keys = true;
            else if (!s.isEmpty() && !s.startsWith("#") && !t.startsWith(" ") && !t.startsWith("\t") && !s.startsWith("- ")) return 0;
        }
        return 0;
    }

    /**
     * Re-levels headings so that plan sections are level 2 whatever level the author used: a plan
     * whose sections are {@code # 1. Scope} (title and sections all level 1, hypotheses and
     * scenarios level 2) reads like one written with {@code ##}. The level holding the most
     * distinct known sections is the section level (distinct: 150 {@code ### Scenario} headings
     * all say "scenario", one section).
     */
    void normaliseSectionLevel(java.util.function.Function<String, String> sectionId, java.util.function.Predicate<String> isTitle) {
        java.util.List<java.util.Set<String>> ids = new ArrayList<>();
        for (int l = 0; l < 7; l++) ids.add(new java.util.HashSet<>());
        for (HeadingBlock h : headings) {
            if (h.level() > 3) continue;
            String id = sectionId.apply(h.text());
            if (id != null) ids.get(h.level()).add(id);
        }
        int[] known = new int[7];
        for (int l = 0; l < 7; l++) known[l] = ids.get(l).size();
        int best = 2;
        for (int l = 1; l <= 3; l++) if (known[l] > known[best]) best = l;
        if (best == 2 || known[best] < 3) return;
        int shift = 2 - best;
        for (int k = 0; k < headings.size(); k++) {
            HeadingBlock h = headings.get(k);
            int level = Math.max(1, Math.min(6, h.level() + shift));
            // a level-1 title above level-1 sections stays the title
            if (k == 0 && shift > 0 && h.level() == 1 && (isTitle.test(h.text()) || sectionId.apply(h.text()) == null)) level = 1;
            headings.set(k, new HeadingBlock(level, h.text(), h.line(), h.endLine(), h.startOffset(), h.endOffset()));
        }
    }

    private void addHeading(int level, String text, int line, int endLine) {
        int start = lines.lineStart(line);
        int end = lines.lineEnd(endLine - 1);
        headings.add(new HeadingBlock(level, text, line, endLine, start, end));
        for (int k = line; k < endLine; k++) kinds[k] = LineKind.HEADING;
    }

    private int fence(int open, Matcher m) {
        int indent = m.group(1).length();
        String marker = m.group(2);
        char c = marker.charAt(0);
        int n = kinds.length;
        int close = -1;
        for (int k = open + 1; k < n; k++) {
            if (closesFence(k, c, marker.length())) {
                close = k;
                break;
            }
        }
        int end = close < 0 ? n : close + 1;
        FenceBlock f = new FenceBlock(m.group(3).strip(), open, end, open + 1, close < 0 ? n : close, indent);
        fences.add(f);
        fenceStarting[open] = f;
        for (int k = open; k < end; k++) kinds[k] = LineKind.FENCE;
        return end;
    }

    /**
     * Line {@code k}, stripped, is {@code length} or more of {@code c} and nothing else: a closing
     * fence. Read from the text, not from a line string: the content lines of fences (run blocks
     * are half of a big plan) are then never made into strings.
     */
    private boolean closesFence(int k, char c, int length) {
        String text = lines.text();
        int i = lines.lineStart(k);
        int end = lines.lineEnd(k);
        while (i < end && Character.isWhitespace(text.charAt(i))) i++;
        int count = 0;
        while (i < end && text.charAt(i) == c) {
            count++;
            i++;
        }
        if (count < length) return false;
        while (i < end && Character.isWhitespace(text.charAt(i))) i++;
        return i == end;
    }

    private int html(int start, String t) {
        int n = kinds.length;
        String s = t.stripLeading();
        if (s.startsWith("<!--")) {
            int k = start;
            while (k < n && !line(k).contains("-->")) k++;
            int end = Math.min(n, k + 1);
            for (int j = start; j < end; j++) kinds[j] = LineKind.HTML;
            return end;
        }
        if (HTML_START.matcher(t).find()) {
            int k = start;
            while (k < n && !line(k).isBlank()) k++;
            for (int j = start; j < k; j++) kinds[j] = LineKind.HTML;
            return k;
        }
        return start;
    }

    private int table(int header) {
        int n = kinds.length;
        int end = header + 2;
        while (end < n) {
            String t = line(end);
            if (t.isBlank() || t.indexOf('|') < 0) break;
            char first = firstNonSpace(t);
            if (first == '#' && atxLevel(t) > 0) break;
            if ((first == '`' || first == '~') && FENCE_OPEN.matcher(t).matches()) break;
            end++;
        }
        TableBlockRef ref = new TableBlockRef(header, header + 1, end);
        tables.add(ref);
        tableStarting[header] = ref;
        for (int k = header; k < end; k++) kinds[k] = LineKind.TABLE;
        return end;
    }

    /*
     * ATX headings are read by hand, as the regex ^ {0,3}+(#{1,6}+)(?:[ \t]++(.*?)(?<![ \t]))?(?:[ \t]++#++)?[ \t]*+$
     * reads them (AtxHeadingTest holds that regex and compares): every '#' line of a plan went through its lazy
     * group, a tenth of a big plan's outline.
     */

    /** The level of the ATX heading {@code t} is (1-6), or 0 when it is none. */
    static int atxLevel(String t) {
        int n = t.length();
        int i = 0;
        while (i < n && i < 3 && t.charAt(i) == ' ') i++;
        int hashes = 0;
        while (i + hashes < n && t.charAt(i + hashes) == '#') hashes++;
        if (hashes == 0 || hashes > 6) return 0;
        int after = i + hashes;
        if (after < n && !isBlank(t.charAt(after))) return 0;
        for (int k = after; k < n; k++) {
            char c = t.charAt(k);
            // what the regex's '.' does not match: the heading cannot hold it
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') return 0;
        }
        return hashes;
    }

    /**
     * The text of ATX heading {@code t} (one with {@link #atxLevel} > 0): after the hashes and
     * blanks, up to an optional closing run of hashes after a blank and trailing blanks; stripped.
     */
    static String atxText(String t) {
        int i = 0;
        while (t.charAt(i) == ' ') i++;
        while (i < t.length() && t.charAt(i) == '#') i++;
        while (i < t.length() && isBlank(t.charAt(i))) i++;
        int end = t.length();
        while (end > i && isBlank(t.charAt(end - 1))) end--;
        if (end == i) return "";
        int hashRun = end;
        while (hashRun > i && t.charAt(hashRun - 1) == '#') hashRun--;
        if (hashRun < end && hashRun > i && isBlank(t.charAt(hashRun - 1))) {
            int contentEnd = hashRun;
            while (contentEnd > i && isBlank(t.charAt(contentEnd - 1))) contentEnd--;
            if (contentEnd > i) end = contentEnd;
        }
        return t.substring(i, end).strip();
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** Three or more of one of - * _ with only blanks between: a thematic break. */
    private static boolean isRule(String t, char c) {
        int count = 0;
        for (int i = 0; i < t.length(); i++) {
            char x = t.charAt(i);
            if (x == c) count++;
            else if (x != ' ' && x != '\t') return false;
        }
        return count >= 3 && FieldReader.indentOf(t) <= 3;
    }

    private static boolean isListOrQuote(String t, char first) {
        if (first == '>') return true;
        if (first == '-' || first == '*' || first == '+') {
            int i = t.indexOf(first) + 1;
            return i >= t.length() || t.charAt(i) == ' ' || t.charAt(i) == '\t';
        }
        if (first >= '0' && first <= '9') return LIST_OR_QUOTE.matcher(t).find();
        return false;
    }

    private static char firstNonSpace(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c != ' ' && c != '\t') return c;
        }
        return 0;
    }

    private static int indentOf(String t) {
        return FieldReader.indentOf(t);
    }

    boolean isText(int line) {
        return kinds[line] == LineKind.TEXT;
    }

    /** The table whose header row is this line, or null. */
    TableBlockRef tableAt(int line) {
        return line >= 0 && line < tableStarting.length ? tableStarting[line] : null;
    }

    /** The fenced block opening on this line, or null. */
    FenceBlock fenceAt(int line) {
        return line >= 0 && line < fenceStarting.length ? fenceStarting[line] : null;
    }
}
