package dev.falsify.app.cli;

/**
 * An error caused by the user's input (unreadable file, bad history line, unknown model). Printed as
 * one line, never as a stack trace, with the command's exit code for bad input.
 */
public final class UserError extends RuntimeException {
    private final int exitCode;

    public UserError(String message) {
        this(message, 2);
    }

    public UserError(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
