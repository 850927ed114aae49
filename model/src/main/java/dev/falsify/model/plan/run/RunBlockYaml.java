package dev.falsify.model.plan.run;

import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Composes the YAML that run blocks are written in into the node tree SnakeYAML's composer gives
 * for it (the same node kinds, scalar values and styles, flow styles and start marks), in a fraction
 * of the time: in a 10 MB plan of 1,800 distinct run blocks, SnakeYAML's composer was a quarter of
 * the CPU of {@code falsify lint} (issue 12: any plan up to 10 MB lints in under 2 s).
 *
 * <p>It reads a subset only, and <em>declines</em> (returns null) anything outside it, which
 * SnakeYAML then reads: so every error message, and every rarer YAML form, stays SnakeYAML's, and
 * this reader never has to be right about a document it is unsure of. The subset:
 * <ul>
 *   <li>a root block mapping of plain keys ({@code key: value}, comments anywhere a comment may be);
 *   <li>block sequences, indented or not ({@code key:\n- a}), whose entries may open a mapping on
 *       their own line ({@code - name: n1});
 *   <li>flow mappings and sequences on one line, nested ({@code { name: p1, params: { ms: 5 } }}),
 *       of plain keys;
 *   <li>plain, single-quoted and double-quoted scalars on one line (double-quoted with YAML 1.1's
 *       escapes, but for the eight-digit one);
 *   <li>literal block scalars ({@code |}, {@code |-}).
 * </ul>
 * Declined, among others: tabs, carriage returns and characters SnakeYAML does not read as
 * printable, anchors, aliases, tags, quoted and complex keys, empty values, scalars over several
 * lines other than literal blocks, folded blocks, document markers and directives, and plain
 * scalars that start with an indicator or (in flow) hold {@code : # ?}. Collections' end marks
 * are their last child's (SnakeYAML's are the next token's); nothing reads them.
 *
 * <p>Linear in the text: every line is looked at a bounded number of times and every character of
 * it once by each look.
 */
final class RunBlockYaml {
    /** SnakeYAML's code-point limit is 1,000,000 (RunSpecParser's LoaderOptions); stay well under it. */
    static final int MAX_CHARS = 500_000;
    /**
     * SnakeYAML refuses collections nested deeper than 50 (its default limit), so this reader
     * declines well before: 40 block levels and 8 flow levels within them. Run blocks nest three or
     * four. It also bounds how often a run of blank lines is skipped (once per level that ends there).
     */
    private static final int MAX_BLOCK_DEPTH = 40;
    private static final int MAX_FLOW_DEPTH = 8;
    /** SnakeYAML's simple keys are at most 1024 characters. */
    private static final int MAX_KEY = 1000;
    private static final String INDICATORS = "-?:,[]{}#&*!|>'\"%@`";
    private static final int[] NO_BUFFER = new int[0];

    /** Ends the reading of a document outside the subset; one instance, no stack trace. */
    private static final class Declined extends RuntimeException {
        Declined() {
            super(null, null, false, false);
        }
    }

    private static final Declined DECLINED = new Declined();

    private final String text;
    private final int[] start;    // per line: offset of its first character
    private final int[] end;      // per line: offset of its line break (or of the text's end)
    private final int[] indent;   // per line: leading spaces
    private final boolean[] blank; // per line: only spaces, or a comment
    private final int lines;
    private int next;             // the first line not read yet
    private int depth;            // block collections open
    private int at;               // within a flow collection: the offset being read

    private RunBlockYaml(String text) {
        this.text = text;
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') count++;
            else if (!readable(c)) throw DECLINED;
        }
        lines = count;
        start = new int[count];
        end = new int[count];
        indent = new int[count];
        blank = new boolean[count];
        int s = 0;
        for (int l = 0; l < count; l++) {
            int e = text.indexOf('\n', s);
            if (e < 0) e = text.length();
            start[l] = s;
            end[l] = e;
            int p = s;
            while (p < e && text.charAt(p) == ' ') p++;
            indent[l] = p - s;
            blank[l] = p == e || text.charAt(p) == '#';
            if (p == s && e - s >= 1 && (text.startsWith("---", s) || text.startsWith("...", s) || text.charAt(s) == '%')) {
                throw DECLINED;   // document markers and directives
            }
            s = e + 1;
        }
    }

    /** Characters this reader takes as SnakeYAML does; anything else (tabs, \r, NEL, U+2028, BOM, surrogates, …) is declined. */
    private static boolean readable(char c) {
        return (c >= 0x20 && c < 0x7F) || (c >= 0xA0 && c < 0x2028) || (c > 0x2029 && c < 0xD800) || (c >= 0xE000 && c < 0xFFFE && c != 0xFEFF);
    }

    /** The root node SnakeYAML's composer would give for {@code yaml}, or null when this reader declines it. */
    static Node read(String yaml) {
        if (yaml.length() > MAX_CHARS) return null;
        try {
            return new RunBlockYaml(yaml).document();
        } catch (Declined d) {
            return null;
        }
    }

    private Node document() {
        int l = content(0);
        if (l < 0 || isEntry(l)) throw DECLINED;   // empty, or a sequence: rare and an error for a run block
        Node root = blockMapping(l, indent[l]);
        if (content(next) >= 0) throw DECLINED;    // a line indented less than the root's keys
        return root;
    }

    /** The first line from {@code l} on that is not blank, or -1. */
    private int content(int l) {
        while (l < lines && blank[l]) l++;
        return l < lines ? l : -1;
    }

    private boolean isEntry(int l) {
        int p = start[l] + indent[l];
        return text.charAt(p) == '-' && (p + 1 == end[l] || text.charAt(p + 1) == ' ');
    }

    private static boolean indicator(char c) {
        return INDICATORS.indexOf(c) >= 0;
    }

    // ---- block collections ----

    /** A block mapping whose keys are at column {@code col}, the first on line {@code l}. */
    private MappingNode blockMapping(int l, int col) {
        if (++depth > MAX_BLOCK_DEPTH) throw DECLINED;
        List<NodeTuple> tuples = new ArrayList<>();
        Mark startMark = mark(l, col);
        Node last;
        while (true) {
            int colon = keyEnd(l, col);
            if (colon < 0) throw DECLINED;
            ScalarNode key = plain(l, col, trimmedEnd(start[l] + col, start[l] + colon) - start[l]);
            last = value(l, colon + 1, col, true);
            tuples.add(new NodeTuple(key, last));
            int k = content(next);
            if (k < 0 || indent[k] < col) break;
            if (indent[k] > col) throw DECLINED;   // a continuation line, or an error
            l = k;
        }
        depth--;
        return new MappingNode(Tag.MAP, true, tuples, startMark, last.getEndMark(), DumperOptions.FlowStyle.BLOCK);
    }

    /** A block sequence whose entries' dashes are at column {@code col}, the first on line {@code l}. */
    private SequenceNode blockSequence(int l, int col) {
        if (++depth > MAX_BLOCK_DEPTH) throw DECLINED;
        List<Node> items = new ArrayList<>();
        Mark startMark = mark(l, col);
        Node last;
        while (true) {
            int s = start[l];
            int e = end[l];
            int q = s + col + 1;
            while (q < e && text.charAt(q) == ' ') q++;
            if (q < e && text.charAt(q) == '-' && (q + 1 == e || text.charAt(q + 1) == ' ')) throw DECLINED;   // - - a
            if (q < e && !indicator(text.charAt(q)) && keyEnd(l, q - s) >= 0) last = blockMapping(l, q - s);
            else last = value(l, col + 1, col, false);
            items.add(last);
            int k = content(next);
            if (k < 0 || indent[k] < col) break;
            if (indent[k] > col) throw DECLINED;
            if (!isEntry(k)) break;   // the next key of the mapping this (indentless) sequence is a value of
            l = k;
        }
        depth--;
        return new SequenceNode(Tag.SEQ, true, items, startMark, last.getEndMark(), DumperOptions.FlowStyle.BLOCK);
    }

    /**
     * The column of the ':' ending the plain key that starts at column {@code col} of line
     * {@code l} (a ':' followed by a space or the line's end, before any comment), or -1.
     */
    private int keyEnd(int l, int col) {
        int s = start[l];
        int p = s + col;
        if (indicator(text.charAt(p))) return -1;
        for (int q = p + 1, e = end[l]; q < e; q++) {
            char c = text.charAt(q);
            if (c == ':' && (q + 1 == e || text.charAt(q + 1) == ' ')) {
                if (q - p > MAX_KEY) throw DECLINED;
                return q - s;
            }
            if (c == '#' && text.charAt(q - 1) == ' ') return -1;
        }
        return -1;
    }

    /**
     * The value that follows column {@code col} of line {@code l} (after a key's ':' or an entry's
     * '-'), in a collection at column {@code parent}; reads on to the lines below when it is a
     * block there, and leaves {@link #next} at the first line it did not read.
     */
    private Node value(int l, int col, int parent, boolean ofKey) {
        int s = start[l];
        int e = end[l];
        int p = s + col;
        if (p < e && text.charAt(p) != ' ') throw DECLINED;
        while (p < e && text.charAt(p) == ' ') p++;
        if (p == e || text.charAt(p) == '#') {   // the value is the block below
            int k = content(l + 1);
            if (k < 0) throw DECLINED;                               // an empty value
            if (indent[k] > parent) return isEntry(k) ? blockSequence(k, indent[k]) : blockMapping(k, indent[k]);
            if (indent[k] == parent && ofKey && isEntry(k)) return blockSequence(k, parent);
            throw DECLINED;                                          // an empty value
        }
        char c = text.charAt(p);
        Node node;
        switch (c) {
            case '{', '[' -> {
                at = p;
                node = flow(l, 0);
                p = at;
            }
            case '"' -> {
                node = doubleQuoted(l, p);
                p = at;
            }
            case '\'' -> {
                node = singleQuoted(l, p);
                p = at;
            }
            case '|' -> {
                return literal(l, p, parent);
            }
            default -> {
                if (indicator(c)) throw DECLINED;
                int q = p;
                while (q < e) {
                    char x = text.charAt(q);
                    if (x == '#' && text.charAt(q - 1) == ' ') break;
                    if (x == ':' && (q + 1 == e || text.charAt(q + 1) == ' ')) throw DECLINED;   // a: b: c
                    q++;
                }
                int to = trimmedEnd(p, q);
                node = plain(l, p - s, to - s);
                p = to;
            }
        }
        restOfLine(l, p);
        next = l + 1;
        return node;
    }

    /** What may follow a value on its line: spaces, then nothing or a comment. */
    private void restOfLine(int l, int p) {
        int e = end[l];
        if (p == e) return;
        if (text.charAt(p) != ' ') throw DECLINED;
        while (p < e && text.charAt(p) == ' ') p++;
        if (p < e && text.charAt(p) != '#') throw DECLINED;
    }

    /**
     * A literal block scalar whose '|' is at offset {@code p} of line {@code l}, in a collection at
     * column {@code parent}. Declined: an indentation indicator, keep chomping ('+'), lines of spaces
     * only (their share of the indentation is subtle), and an empty block.
     */
    private ScalarNode literal(int l, int p, int parent) {
        int s = start[l];
        int q = p + 1;
        boolean strip = false;
        if (q < end[l] && text.charAt(q) == '-') {
            strip = true;
            q++;
        }
        restOfLine(l, q);   // declines '+', an indentation digit, or anything else but a comment
        int first = l + 1;
        while (first < lines && end[first] == start[first]) first++;
        if (first >= lines || indent[first] == end[first] - start[first]) throw DECLINED;
        int own = indent[first];
        if (own < Math.max(parent + 1, 1)) throw DECLINED;
        StringBuilder sb = new StringBuilder();
        sb.append("\n".repeat(first - l - 1));
        int last = first;
        for (int k = first; k < lines; k++) {
            int len = end[k] - start[k];
            if (len == 0) continue;
            if (indent[k] == len) throw DECLINED;
            if (indent[k] < own) break;
            if (k > first) sb.append("\n".repeat(k - last));
            sb.append(text, start[k] + own, end[k]);
            last = k;
        }
        if (!strip && end[last] < text.length()) sb.append('\n');
        next = last + 1;
        return new ScalarNode(Tag.STR, true, sb.toString(), mark(l, p - s), mark(last, end[last] - start[last]),
                DumperOptions.ScalarStyle.LITERAL);
    }

    // ---- flow collections (one line) ----

    /** The flow collection opening at {@link #at} on line {@code l}; leaves {@link #at} after its end. */
    private Node flow(int l, int depth) {
        if (depth > MAX_FLOW_DEPTH) throw DECLINED;
        int s = start[l];
        int open = at;
        Mark startMark = mark(l, open - s);
        boolean map = text.charAt(open) == '{';
        char close = map ? '}' : ']';
        at = open + 1;
        spaces(l);
        List<NodeTuple> tuples = map ? new ArrayList<>() : null;
        List<Node> items = map ? null : new ArrayList<>();
        if (text.charAt(at) != close) {
            while (true) {
                if (map) {
                    int k = at;
                    if (indicator(text.charAt(k))) throw DECLINED;
                    int q = k;
                    while (q < end[l] && text.charAt(q) != ':') {
                        if (",[]{}#?".indexOf(text.charAt(q)) >= 0) throw DECLINED;
                        q++;
                    }
                    if (q + 1 >= end[l] || text.charAt(q + 1) != ' ') throw DECLINED;
                    ScalarNode key = plain(l, k - s, trimmedEnd(k, q) - s);
                    at = q + 1;
                    spaces(l);
                    tuples.add(new NodeTuple(key, flowValue(l, depth)));
                } else {
                    items.add(flowValue(l, depth));
                }
                spaces(l);
                char c = text.charAt(at);
                if (c == close) break;
                if (c != ',') throw DECLINED;
                at++;
                spaces(l);
                if (text.charAt(at) == close) throw DECLINED;   // a trailing comma
            }
        }
        at++;
        Mark endMark = mark(l, at - s);
        return map
                ? new MappingNode(Tag.MAP, true, tuples, startMark, endMark, DumperOptions.FlowStyle.FLOW)
                : new SequenceNode(Tag.SEQ, true, items, startMark, endMark, DumperOptions.FlowStyle.FLOW);
    }

    /** Skips spaces from {@link #at}; a flow collection must close on its line. */
    private void spaces(int l) {
        while (at < end[l] && text.charAt(at) == ' ') at++;
        if (at >= end[l]) throw DECLINED;
    }

    private Node flowValue(int l, int depth) {
        int s = start[l];
        char c = text.charAt(at);
        switch (c) {
            case '{', '[' -> {
                return flow(l, depth + 1);
            }
            case '"' -> {
                return doubleQuoted(l, at);
            }
            case '\'' -> {
                return singleQuoted(l, at);
            }
            default -> {
                if (indicator(c)) throw DECLINED;   // also an empty value: ',' or the closing bracket
                int q = at;
                while (q < end[l]) {
                    char x = text.charAt(q);
                    if (",[]{}".indexOf(x) >= 0) break;
                    if (x == ':' || x == '#' || x == '?') throw DECLINED;
                    q++;
                }
                ScalarNode n = plain(l, at - s, trimmedEnd(at, q) - s);
                at = q;
                return n;
            }
        }
    }

    // ---- scalars ----

    /** A double-quoted scalar on one line, opening at offset {@code p}; leaves {@link #at} after it. */
    private ScalarNode doubleQuoted(int l, int p) {
        int e = end[l];
        StringBuilder sb = null;
        int from = p + 1;
        int q = p + 1;
        while (q < e && text.charAt(q) != '"') {
            if (text.charAt(q) == '\\') {
                if (sb == null) sb = new StringBuilder();
                sb.append(text, from, q);
                q = escape(q + 1, e, sb);
                from = q;
            } else {
                q++;
            }
        }
        if (q == e) throw DECLINED;                      // over several lines
        String v = sb == null ? text.substring(from, q) : sb.append(text, from, q).toString();
        at = q + 1;
        return new ScalarNode(Tag.STR, true, v, mark(l, p - start[l]), mark(l, at - start[l]), DumperOptions.ScalarStyle.DOUBLE_QUOTED);
    }

    /** YAML 1.1's one-character escapes, as SnakeYAML reads them: the escape after the backslash, then its character. */
    private static final String ESCAPES = "0\0a\u0007b\bt\tn\nv\u000Bf\fr\re\u001B  \"\"\\\\N\u0085_\u00A0L\u2028P\u2029";

    /**
     * Appends the character the escape at offset {@code q} (just after the backslash) stands for;
     * returns the offset after the escape. Declined: an escaped line break, the eight-digit escape,
     * a four-digit escape of a surrogate, and anything SnakeYAML would reject.
     */
    private int escape(int q, int e, StringBuilder sb) {
        if (q >= e) throw DECLINED;
        char c = text.charAt(q);
        for (int i = 0; i < ESCAPES.length(); i += 2) {
            if (ESCAPES.charAt(i) == c) {
                sb.append(ESCAPES.charAt(i + 1));
                return q + 1;
            }
        }
        int digits = c == 'x' ? 2 : c == 'u' ? 4 : -1;
        if (digits < 0 || q + digits >= e) throw DECLINED;
        int v = 0;
        for (int k = 1; k <= digits; k++) {
            int d = Character.digit(text.charAt(q + k), 16);
            if (d < 0) throw DECLINED;
            v = v * 16 + d;
        }
        if (Character.isSurrogate((char) v)) throw DECLINED;
        sb.append((char) v);
        return q + digits + 1;
    }

    /** A single-quoted scalar on one line ('' is a quote), opening at offset {@code p}; leaves {@link #at} after it. */
    private ScalarNode singleQuoted(int l, int p) {
        int e = end[l];
        StringBuilder sb = null;
        int from = p + 1;
        int q = p + 1;
        while (true) {
            if (q >= e) throw DECLINED;
            if (text.charAt(q) == '\'') {
                if (q + 1 < e && text.charAt(q + 1) == '\'') {
                    if (sb == null) sb = new StringBuilder();
                    sb.append(text, from, q + 1);
                    q += 2;
                    from = q;
                    continue;
                }
                break;
            }
            q++;
        }
        String v = sb == null ? text.substring(from, q) : sb.append(text, from, q).toString();
        at = q + 1;
        return new ScalarNode(Tag.STR, true, v, mark(l, p - start[l]), mark(l, at - start[l]), DumperOptions.ScalarStyle.SINGLE_QUOTED);
    }

    private ScalarNode plain(int l, int from, int to) {
        return new ScalarNode(Tag.STR, true, text.substring(start[l] + from, start[l] + to), mark(l, from), mark(l, to),
                DumperOptions.ScalarStyle.PLAIN);
    }

    /** {@code to}, moved back over trailing spaces, not before {@code from}. */
    private int trimmedEnd(int from, int to) {
        while (to > from && text.charAt(to - 1) == ' ') to--;
        return to;
    }

    private Mark mark(int l, int col) {
        return new Mark("'reader'", start[l] + col, l, col, NO_BUFFER, 0);
    }
}
