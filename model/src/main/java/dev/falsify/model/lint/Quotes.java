package dev.falsify.model.lint;

/**
 * Whether a position sits inside a quotation on its line. Rules that look for a phrase (P006's
 * "reported success", P016's "cannot happen") skip it when it is quoted: a quoted phrase is named —
 * usually to forbid it — not asserted.
 */
final class Quotes {
    private Quotes() {
    }

    /** An odd number of straight double quotes or backticks, or an unclosed curly quote, between the line start and {@code at}. */
    static boolean openAt(CharSequence text, int at) {
        int lineStart = at;
        while (lineStart > 0 && text.charAt(lineStart - 1) != '\n') lineStart--;
        int straight = 0;
        int curly = 0;
        int ticks = 0;
        for (int i = lineStart; i < at; i++) {
            char c = text.charAt(i);
            if (c == '"') straight++;
            else if (c == '\u201c') curly++;
            else if (c == '\u201d' && curly > 0) curly--;
            else if (c == '`') ticks++;
        }
        return straight % 2 == 1 || curly > 0 || ticks % 2 == 1;
    }
}
