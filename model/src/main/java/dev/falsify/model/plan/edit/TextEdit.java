package dev.falsify.model.plan.edit;

/**
 * Replace the characters {@code [startOffset, endOffset)} of the document with {@code replacement}
 * (an insertion when the range is empty). Offsets are against the text the edit was computed for.
 */
public record TextEdit(int startOffset, int endOffset, String replacement) {

    public TextEdit {
        if (startOffset < 0 || endOffset < startOffset) {
            throw new IllegalArgumentException("bad edit range [" + startOffset + ", " + endOffset + ")");
        }
        replacement = replacement == null ? "" : replacement;
    }

    public static TextEdit insert(int offset, String text) {
        return new TextEdit(offset, offset, text);
    }
}
