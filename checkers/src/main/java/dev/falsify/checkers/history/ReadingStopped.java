package dev.falsify.checkers.history;

/**
 * Thrown by a history's reader when the check's budget ran out (time, or cancelled) while it was
 * still reading: the file is read a chunk at a time, and between chunks the budget is asked, so a
 * file whose reading alone takes longer than {@code --timeout} (gigabytes of blanks, comments, or
 * lines that are not ops) stops there. Not bad input: the pipeline answers UNKNOWN.
 */
public final class ReadingStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ReadingStopped() {
        super("the check's budget ran out while the history was read", null, false, false);
    }
}
