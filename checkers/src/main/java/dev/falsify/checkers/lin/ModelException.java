package dev.falsify.checkers.lin;

import dev.falsify.model.history.Op;

/** An op that does not fit the chosen model (unknown op type, malformed input): bad input, not a violation. */
public final class ModelException extends IllegalArgumentException {
    private final transient Op op;

    public ModelException(Op op, String message) {
        super(message);
        this.op = op;
    }

    /** The offending op (its {@code sourceLine} points into the history file). */
    public Op op() {
        return op;
    }
}
