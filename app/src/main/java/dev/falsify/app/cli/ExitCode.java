package dev.falsify.app.cli;

/**
 * Every exit code of {@code falsify}, one meaning per number, as README.md ("Exit codes") lists them.
 * Commands return {@link #code()} of one of these (or throw a {@link UserError} that names one); no
 * command returns a bare number. Several inputs ({@code check} of many files) exit with the
 * {@link #worse} of their codes.
 */
public enum ExitCode {
    /** Done, and the answer is yes: valid, no lint errors, verdicts that pass, entries listed. */
    OK(0, 0),
    /** Done, and the answer is no: a violation, lint errors, a FAIL verdict, no catalog entry matched. */
    FAILED(1, 2),
    /**
     * Not done, because of what was asked: an unreadable or malformed file, a bad option or value, an id no
     * indexed session records, a folder that is not a session, a plan not trusted. Also an internal error
     * (with {@code --debug}, its stack trace): the command did not do its work either.
     */
    BAD_INPUT(2, 3),
    /** Done, but no answer: a checker gave up (time or memory budget), a history too weak, verdicts INCONCLUSIVE or BLOCKED. */
    INCONCLUSIVE(3, 1),
    /** The work was done but its result could not be written: a session file, the trust store, a report, a plan, pictures. */
    WRITE_FAILED(4, 4);

    private final int code;
    /** Severity when several inputs each have a code: a result not written, bad input, no, unknown, yes. */
    private final int rank;

    ExitCode(int code, int rank) {
        this.code = code;
        this.rank = rank;
    }

    /** The number the process exits with. */
    public int code() {
        return code;
    }

    /** The more severe of {@code this} and {@code other} (4 &gt; 2 &gt; 1 &gt; 3 &gt; 0). */
    public ExitCode worse(ExitCode other) {
        return other.rank > rank ? other : this;
    }

    /** The constant whose {@link #code()} is {@code code}. */
    public static ExitCode of(int code) {
        for (ExitCode e : values()) {
            if (e.code == code) return e;
        }
        throw new IllegalArgumentException("no exit code " + code);
    }
}
