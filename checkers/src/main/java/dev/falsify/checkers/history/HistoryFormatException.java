package dev.falsify.checkers.history;

/**
 * A history file that cannot be read as the format it claims to be. Carries where (file, 1-based
 * line and column) and what the reader expected there, so the command line can print
 * {@code file:line:col: expected ...} instead of a stack trace.
 *
 * <p>Unchecked because readers are {@link java.util.Iterator}s that fail lazily, op by op.
 */
public final class HistoryFormatException extends RuntimeException {
    private final String file;
    private final int line;
    private final int column;
    private final String expected;
    private final String found;

    public HistoryFormatException(String file, int line, int column, String expected, String found) {
        super(format(file, line, column, expected, found));
        this.file = file;
        this.line = line;
        this.column = column;
        this.expected = expected;
        this.found = found;
    }

    public HistoryFormatException(String file, int line, int column, String expected) {
        this(file, line, column, expected, null);
    }

    private static String format(String file, int line, int column, String expected, String found) {
        StringBuilder sb = new StringBuilder();
        sb.append(file).append(':').append(line).append(':').append(column).append(": expected ").append(expected);
        if (found != null) sb.append(", found ").append(found);
        return sb.toString();
    }

    /** File name as given to the reader (or a label such as {@code <input>} for in-memory text). */
    public String file() {
        return file;
    }

    /** 1-based line. */
    public int line() {
        return line;
    }

    /** 1-based column. */
    public int column() {
        return column;
    }

    /** What the reader expected at that point, e.g. {@code "an :invoke from process 3 before this :ok"}. */
    public String expected() {
        return expected;
    }

    /** What it found instead (a short excerpt), or null. */
    public String found() {
        return found;
    }
}
