package dev.falsify.catalog.walk;

/**
 * Replace the characters {@code [start, end)} of a document with {@code replacement}; an insertion
 * has {@code start == end}. Offsets are UTF-16 indexes into the text the edit was computed from.
 */
public record PitfallWalkEdit(int start, int end, String replacement) {
    public PitfallWalkEdit {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad edit range [" + start + ", " + end + ")");
        }
    }

    public boolean isInsertion() {
        return start == end;
    }

    /** The document with this edit applied. */
    public String applyTo(String text) {
        return text.substring(0, start) + replacement + text.substring(end);
    }
}
