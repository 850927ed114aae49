package dev.falsify.checkers.oracles;

/** A predicate or path that does not parse; names the 1-based column and what was expected. */
public final class InvariantSyntaxException extends IllegalArgumentException {
    private final int column;

    public InvariantSyntaxException(int column, String message) {
        super("column " + column + ": " + message);
        this.column = column;
    }

    public int column() {
        return column;
    }
}
