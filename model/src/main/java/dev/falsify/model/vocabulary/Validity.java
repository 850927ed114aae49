package dev.falsify.model.vocabulary;

/**
 * A check's answer, as every checker gives it and every verdict reads it. {@code UNKNOWN} means the
 * budget ran out or the input could not decide it: never a guess.
 */
public enum Validity {
    VALID, INVALID, UNKNOWN;

    /** JSON spelling used by {@code falsify check --json}: {@code true}, {@code false} or {@code "unknown"}. */
    public Object json() {
        return switch (this) { case VALID -> Boolean.TRUE; case INVALID -> Boolean.FALSE; case UNKNOWN -> "unknown"; };
    }
}
