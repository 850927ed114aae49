package dev.falsify.app.cli;

/**
 * An error caused by the user's input (unreadable file, bad history line, unknown model), or an
 * output that could not be written. Printed as one line, never as a stack trace, and exits with its
 * {@link ExitCode}: {@link ExitCode#BAD_INPUT} unless said otherwise.
 */
public final class UserError extends RuntimeException {
    private final ExitCode exitCode;

    public UserError(String message) {
        this(message, ExitCode.BAD_INPUT);
    }

    public UserError(String message, ExitCode exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public ExitCode exitCode() {
        return exitCode;
    }
}
