package dev.falsify.model.text;

/**
 * A region of a source text (a plan, a session file). Lines and columns are 1-based; offsets are 0-based
 * character offsets into the text. The end is exclusive: {@code endLine}/{@code endColumn} is the
 * position of {@code endOffset}, the first character after the region.
 */
public record Span(int startLine, int startColumn, int endLine, int endColumn, int startOffset, int endOffset) {

    /** A span for elements that exist only in memory (for example defaults). */
    public static final Span NONE = new Span(0, 0, 0, 0, 0, 0);

    public boolean isNone() {
        return startLine == 0;
    }

    public int length() {
        return endOffset - startOffset;
    }

    public boolean contains(int offset) {
        return offset >= startOffset && offset < endOffset;
    }

    public boolean overlaps(int start, int end) {
        return start < endOffset && end > startOffset;
    }

    // equals and hashCode written out: a record's own are bootstrapped through invokedynamic
    // (ObjectMethods) at their first call, which spins method handles in every short command
    // (`falsify lint` hashes these); same meaning as the record's: component by component
    @Override
    public boolean equals(Object o) {
        return o instanceof Span s && s.startLine == startLine && s.startColumn == startColumn && s.endLine == endLine
                && s.endColumn == endColumn && s.startOffset == startOffset && s.endOffset == endOffset;
    }

    @Override
    public int hashCode() {
        int h = startLine;
        h = 31 * h + startColumn;
        h = 31 * h + endLine;
        h = 31 * h + endColumn;
        h = 31 * h + startOffset;
        return 31 * h + endOffset;
    }
}
