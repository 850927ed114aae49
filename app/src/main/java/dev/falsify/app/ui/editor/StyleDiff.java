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
        int ia = 0, ib = 0, pos = 0;
        int leftA = a.getSpanCount() > 0 ? a.getStyleSpan(0).getLength() : 0;
        int leftB = b.getSpanCount() > 0 ? b.getStyleSpan(0).getLength() : 0;
        int max = Math.min(a.length(), b.length());
        while (ia < a.getSpanCount() && ib < b.getSpanCount() && pos < max) {
            StyleSpan<Collection<String>> sa = a.getStyleSpan(ia), sb = b.getStyleSpan(ib);
            if (!sa.getStyle().equals(sb.getStyle())) {
                return pos;
            }
            int step = Math.min(leftA, leftB);
            pos += step;
            leftA -= step;
            leftB -= step;
            if (leftA == 0 && ++ia < a.getSpanCount()) {
                leftA = a.getStyleSpan(ia).getLength();
            }
            if (leftB == 0 && ++ib < b.getSpanCount()) {
                leftB = b.getStyleSpan(ib).getLength();
            }
        }
        return Math.min(pos, max);
    }

    /** Length of the common suffix (in characters) over which both spans have equal styles. */
    static int commonSuffix(StyleSpans<Collection<String>> a, StyleSpans<Collection<String>> b) {
        int ia = a.getSpanCount() - 1, ib = b.getSpanCount() - 1, pos = 0;
        int leftA = ia >= 0 ? a.getStyleSpan(ia).getLength() : 0;
        int leftB = ib >= 0 ? b.getStyleSpan(ib).getLength() : 0;
        int max = Math.min(a.length(), b.length());
        while (ia >= 0 && ib >= 0 && pos < max) {
            StyleSpan<Collection<String>> sa = a.getStyleSpan(ia), sb = b.getStyleSpan(ib);
            if (!sa.getStyle().equals(sb.getStyle())) {
                return pos;
            }
            int step = Math.min(leftA, leftB);
            pos += step;
            leftA -= step;
            leftB -= step;
            if (leftA == 0 && --ia >= 0) {
                leftA = a.getStyleSpan(ia).getLength();
            }
            if (leftB == 0 && --ib >= 0) {
                leftB = b.getStyleSpan(ib).getLength();
            }
        }
        return Math.min(pos, max);
    }
}
