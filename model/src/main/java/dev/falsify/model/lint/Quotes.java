package dev.falsify.model.lint;

/**
 * Whether a position sits inside a quotation on its line. Rules that look for a phrase (P006's
 * "reported success", P016's "cannot happen") skip it when it is quoted: a quoted phrase is named —
 * usually to forbid it — not asserted.
 *
 * <p>A scanner moves forward only: asked about increasing positions (the matches of one
 * {@code find()} loop) it reads each character once, so a §7d of one 250 kB line with thousands of
 * matches stays linear.
 */
final class Quotes {
    private final CharSequence text;
    private int pos;
    private int straight;
    private int curly;
    private int ticks;

    Quotes(CharSequence text, int from) {
        this.text = text;
        int start = from;
        while (start > 0 && text.charAt(start - 1) != '\n') start--;
        this.pos = start;
    }

    /** Straight double quotes or backticks odd, or a curly quote unclosed, between the line start and {@code at}. */
    boolean openAt(int at) {
        if (at < pos) throw new IllegalArgumentException("positions must not decrease");
        for (; pos < at; pos++) {
            char c = text.charAt(pos);
            if (c == '\n') {
                straight = 0;
                curly = 0;
                ticks = 0;
            } else if (c == '"') {
                straight++;
            } else if (c == '\u201c') {
                curly++;
            } else if (c == '\u201d' && curly > 0) {
                curly--;
            } else if (c == '`') {
                ticks++;
            }
        }
        return straight % 2 == 1 || curly > 0 || ticks % 2 == 1;
    }
}
