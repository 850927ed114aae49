package dev.falsify.app.ui.editor;

import java.util.Collection;
import org.fxmisc.richtext.model.StyleSpan;
import org.fxmisc.richtext.model.StyleSpans;

/**
 * Finds how much of a new highlighting equals the previously applied one at the start and at the
 * end, so the editor restyles only the middle. Re-styling a whole 5,000-line document costs tens of
 * milliseconds on the FX thread; a keystroke usually changes one line's styles.
 */
final class StyleDiff {
    private StyleDiff() {
    }

    /** Length of the common prefix (in characters) over which both spans have equal styles. */
    static int commonPrefix(StyleSpans<Collection<String>> a, StyleSpans<Collection<String>> b) {
        return common(a, b, false);
    }

    /** Length of the common suffix (in characters) over which both spans have equal styles. */
    static int commonSuffix(StyleSpans<Collection<String>> a, StyleSpans<Collection<String>> b) {
        return common(a, b, true);
    }

    /** Walks both span lists from the start (or the end) while the styles agree. */
    private static int common(StyleSpans<Collection<String>> a, StyleSpans<Collection<String>> b, boolean fromEnd) {
        int na = a.getSpanCount(), nb = b.getSpanCount();
        int ia = 0, ib = 0, pos = 0;
        int leftA = na > 0 ? span(a, 0, fromEnd).getLength() : 0;
        int leftB = nb > 0 ? span(b, 0, fromEnd).getLength() : 0;
        int max = Math.min(a.length(), b.length());
        while (ia < na && ib < nb && pos < max) {
            if (!span(a, ia, fromEnd).getStyle().equals(span(b, ib, fromEnd).getStyle())) {
                return pos;
            }
            int step = Math.min(leftA, leftB);
            pos += step;
            leftA -= step;
            leftB -= step;
            if (leftA == 0 && ++ia < na) {
                leftA = span(a, ia, fromEnd).getLength();
            }
            if (leftB == 0 && ++ib < nb) {
                leftB = span(b, ib, fromEnd).getLength();
            }
        }
        return Math.min(pos, max);
    }

    private static StyleSpan<Collection<String>> span(StyleSpans<Collection<String>> s, int i, boolean fromEnd) {
        return s.getStyleSpan(fromEnd ? s.getSpanCount() - 1 - i : i);
    }
}
