package dev.falsify.model.session;

/** A {@code - [x] text} line of the preconditions check. */
public record Precondition(boolean checked, String text) {
}
