package dev.falsify.model.lint;

/**
 * Whether a position sits inside a quotation on its line. Rules that look for a phrase (P006's
 * "reported success", P016's "cannot happen") skip it when it is quoted: a quoted phrase is named —
 * usually to forbid it ("write … rather than 'X cannot happen'") — not asserted.
 *
 * <p>Quotes of any kind count: straight {@code "…"} and {@code '…'}, curly {@code “…”} and {@code ‘…’},
 * low-9 {@code „…“} and {@code ‚…‘}, guillemets {@code «…»} and {@code ‹…›}, and code spans {@code `…`}.
 * An apostrophe is not a quote: a {@code '} or {@code ’} between letters ({@code can't}, {@code system’s})
 * neither opens nor closes one, and a straight {@code '} opens only at the start of a word.
 *
 * <p>A scanner moves forward only: asked about increasing positions (the matches of one
 * {@code find()} loop) it reads each character once, so a §7d of one 250 kB line with thousands of
 * matches stays linear.
 */
final class Quotes {
    private final CharSequence text;
    private int pos;
    private int straight;
    private int curlyDouble;
    private int lowDouble;
    private int ticks;
    private boolean straightSingle;
    private int curlySingle;
    private int lowSingle;
    private int guillemets;
    private int singleGuillemets;

    Quotes(CharSequence text, int from) {
        this.text = text;
        int start = from;
        while (start > 0 && text.charAt(start - 1) != '\n') start--;
        this.pos = start;
    }

    /** Some quotation is open between the line start and {@code at}. */
    boolean openAt(int at) {
        if (at < pos) throw new IllegalArgumentException("positions must not decrease");
        for (; pos < at; pos++) {
            char c = text.charAt(pos);
            switch (c) {
                case '\n' -> reset();
                case '"' -> straight++;
                case '`' -> ticks++;
                case '\u201c' -> {                         // “ opens, or closes a „
                    if (lowDouble > 0) lowDouble--;
                    else curlyDouble++;
                }
                case '\u201d' -> {                         // ”
                    if (curlyDouble > 0) curlyDouble--;
                    else if (lowDouble > 0) lowDouble--;
                }
                case '\u201e' -> lowDouble++;              // „
                case '\u2018' -> {                         // ‘ opens, or closes a ‚
                    if (lowSingle > 0) lowSingle--;
                    else curlySingle++;
                }
                case '\u2019' -> {                         // ’ closes, unless it is an apostrophe
                    if (!betweenLetters(pos)) {
                        if (curlySingle > 0) curlySingle--;
                        else if (lowSingle > 0) lowSingle--;
                    }
                }
                case '\u201a' -> lowSingle++;              // ‚
                case '\u00ab' -> guillemets++;             // «
                case '\u00bb' -> guillemets = Math.max(0, guillemets - 1);
                case '\u2039' -> singleGuillemets++;       // ‹
                case '\u203a' -> singleGuillemets = Math.max(0, singleGuillemets - 1);
                case '\'' -> {
                    if (!betweenLetters(pos)) {
                        if (straightSingle && !Character.isWhitespace(charAt(pos - 1))) {
                            straightSingle = false;
                        } else if (!straightSingle && opensWord(pos)) {
                            straightSingle = true;
                        }
                    }
                }
                default -> {
                }
            }
        }
        return straight % 2 == 1 || ticks % 2 == 1 || curlyDouble > 0 || lowDouble > 0 || straightSingle || curlySingle > 0
                || lowSingle > 0 || guillemets > 0 || singleGuillemets > 0;
    }

    private void reset() {
        straight = 0;
        curlyDouble = 0;
        lowDouble = 0;
        ticks = 0;
        straightSingle = false;
        curlySingle = 0;
        lowSingle = 0;
        guillemets = 0;
        singleGuillemets = 0;
    }

    private char charAt(int i) {
        return i < 0 || i >= text.length() ? ' ' : text.charAt(i);
    }

    /** {@code can't}, {@code system’s}: a letter or digit on both sides. */
    private boolean betweenLetters(int i) {
        return Character.isLetterOrDigit(charAt(i - 1)) && Character.isLetterOrDigit(charAt(i + 1));
    }

    /** A straight single quote that starts a quotation: after a space or an opening bracket, before a non-space. */
    private boolean opensWord(int i) {
        char before = charAt(i - 1);
        char after = charAt(i + 1);
        return (Character.isWhitespace(before) || "([{\u2014\u2013-/:".indexOf(before) >= 0) && !Character.isWhitespace(after);
    }
}
