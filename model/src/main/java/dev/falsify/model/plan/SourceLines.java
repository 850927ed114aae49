package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.Arrays;

/**
 * Line starts of a text, for turning offsets into {@link Span}s (and back) in O(log n).
 * A line ends before its {@code \n}; a preceding {@code \r} is kept in the line's text.
 */
public final class SourceLines {
    private final String text;
    private final int[] starts;
    private final int count;

    public SourceLines(String text) {
        this.text = text;
        int[] s = new int[Math.max(16, text.length() / 40)];
        int n = 0;
        s[n++] = 0;
        // indexOf rather than charAt per char: a tight loop over the string's bytes, several times
        // faster in the C1 code short commands run (a 10 MB plan spent a tenth of its lint here)
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            if (n == s.length) s = Arrays.copyOf(s, s.length * 2);
            s[n++] = i + 1;
        }
        this.starts = s;
        this.count = n;
    }

    /** Lines whose starts were found already: {@code starts[0, count)}, every line start of {@code text}, ascending. */
    SourceLines(String text, int[] starts, int count) {
        this.text = text;
        this.starts = starts;
        this.count = count;
    }

    public String text() {
        return text;
    }

    /** Number of lines (a trailing newline starts an empty last line). */
    public int lineCount() {
        return count;
    }

    /** 0-based line index of an offset. */
    public int lineIndexOf(int offset) {
        // Parsing asks about nearby offsets over and over: try the last answer and its successor
        // before the binary search. A racing reader may see another thread's hint; it is checked.
        int h = hint;
        if (h >= 0 && h < count && starts[h] <= offset) {
            if (h + 1 >= count || offset < starts[h + 1]) return h;
            if (h + 2 >= count || offset < starts[h + 2]) {
                hint = h + 1;
                return h + 1;
            }
        }
        int lo = 0, hi = count - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
        }
        hint = lo;
        return lo;
    }

    public int lineStart(int lineIndex) {
        return starts[lineIndex];
    }

    /** Offset of the end of a line, before its newline. */
    public int lineEnd(int lineIndex) {
        int end = lineIndex + 1 < count ? starts[lineIndex + 1] - 1 : text.length();
        return Math.max(end, starts[lineIndex]);
    }

    /** The end of a line including its newline (the start of the next line). */
    public int lineEndWithBreak(int lineIndex) {
        return lineIndex + 1 < count ? starts[lineIndex + 1] : text.length();
    }

    /** The line's text without its newline (cached: parsing reads each line several times). */
    public String line(int lineIndex) {
        String[] c = cache;
        if (c == null) {
            c = new String[count];
            cache = c;
        }
        String l = c[lineIndex];
        if (l == null) {
            l = text.substring(starts[lineIndex], lineEnd(lineIndex));
            c[lineIndex] = l;
        }
        return l;
    }

    private String[] cache;
    private int hint;

    public Span span(int startOffset, int endOffset) {
        int s = clamp(startOffset);
        int e = Math.max(s, clamp(endOffset));
        int sl = lineIndexOf(s);
        int el = lineIndexOf(e);
        return new Span(sl + 1, s - starts[sl] + 1, el + 1, e - starts[el] + 1, s, e);
    }

    /** Span of whole lines {@code [fromLine, toLineExclusive)} (0-based), without the final newline. */
    public Span lineSpan(int fromLine, int toLineExclusive) {
        if (toLineExclusive <= fromLine) return span(starts[fromLine], starts[fromLine]);
        return span(starts[fromLine], lineEnd(toLineExclusive - 1));
    }

    private int clamp(int offset) {
        return Math.max(0, Math.min(offset, text.length()));
    }
}
