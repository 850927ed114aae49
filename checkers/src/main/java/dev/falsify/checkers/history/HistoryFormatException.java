package dev.falsify.checkers.history;

/**
 * A history file that cannot be read as the format it claims to be. Carries where (file, 1-based
 * line and column) and what the reader expected there, so the command line can print
 * {@code file:line:col: expected ...} instead of a stack trace.
 *
 * <p>Unchecked because readers are {@link java.util.Iterator}s that fail lazily, op by op.
 *
 * <p>What was expected and found often quotes the input, which is data: control, line-separator
 * and invisible formatting characters in them are written as escapes ({@code U+001B} as backslash, u, 001B), so the
 * message is one line and a history cannot write onto the terminal that prints it.
 */
public final class HistoryFormatException extends RuntimeException {
    private final String file;
    private final int line;
    private final int column;
    private final String expected;
    private final String found;

    public HistoryFormatException(String file, int line, int column, String expected, String found) {
        super(format(file, line, column, visible(expected), visible(found)));
        this.file = file;
        this.line = line;
        this.column = column;
        this.expected = visible(expected);
        this.found = visible(found);
    }

    /** {@code text} with control, line-separator and formatting characters escaped as Java writes them (backslash, u, four hex digits). */
    static String visible(String text) {
        if (text == null) return null;
        StringBuilder b = null;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int n = Character.charCount(c);
            boolean hide = Character.isISOControl(c) || c == 0x2028 || c == 0x2029 || Character.getType(c) == Character.FORMAT;
            if (hide && b == null) b = new StringBuilder(text.length() + 16).append(text, 0, i);
            if (hide) {
                for (char u : Character.toChars(c)) {
                    String hex = Integer.toHexString(u).toUpperCase(java.util.Locale.ROOT);
                    b.append("\\u").append("0000", Math.min(4, hex.length()), 4).append(hex);
                }
            } else if (b != null) {
                b.append(text, i, i + n);
            }
            i += n;
        }
        return b == null ? text : b.toString();
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
