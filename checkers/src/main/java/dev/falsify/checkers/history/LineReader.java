package dev.falsify.checkers.history;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * Lines of a text, like {@link java.io.BufferedReader#readLine()} ({@code \n}, {@code \r\n} or
 * {@code \r} end a line), but it also tells whether the last line read was ended by a line break:
 * a final line without one, that does not parse, is a record the recorder was still writing when it
 * stopped — a truncated history, not a malformed one.
 *
 * <p>Not text at all is refused ({@link BadText}) where it starts: a NUL character, a byte that is
 * not UTF-8 (from a {@link Utf8Reader#strict} source), or a line longer than {@link #MAX_LINE}
 * characters — so a run of zeros or binary junk after a log costs neither minutes nor gigabytes.
 */
final class LineReader {
    /** Longest line read, in characters (as the longest string JSON's reader takes). */
    static final int MAX_LINE = 20_000_000;

    /** A line that is not text: at which column (1-based) of the line being read, and what was found. */
    static final class BadText extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int column;
        private final String expected;
        private final String found;

        BadText(int column, String expected, String found) {
            super(expected, null, false, false);
            this.column = column;
            this.expected = expected;
            this.found = found;
        }

        int column() {
            return column;
        }

        String expected() {
            return expected;
        }

        String found() {
            return found;
        }
    }

    private final Reader in;
    private final char[] buf = new char[1 << 15];
    private int pos;
    private int lim;
    private boolean terminated = true;

    LineReader(Reader in) {
        this.in = in;
    }

    /**
     * The next line without its terminator, or null at the end of the input.
     *
     * @throws BadText where the line stops being text
     */
    String readLine() {
        StringBuilder sb = null;
        while (true) {
            if (pos == lim && !fill(sb == null ? 0 : sb.length())) {
                terminated = false;
                return sb == null ? null : sb.toString();
            }
            int start = pos;
            while (pos < lim && buf[pos] != '\n' && buf[pos] != '\r' && buf[pos] != 0) pos++;
            int had = sb == null ? 0 : sb.length();
            if (had + (pos - start) > MAX_LINE) {
                throw new BadText(MAX_LINE + 1, "a line of at most " + MAX_LINE + " characters", "a longer one");
            }
            if (pos < lim && buf[pos] == 0) {
                throw new BadText(had + (pos - start) + 1, "text", EdnParser.charText(0));
            }
            if (sb == null) sb = new StringBuilder(Math.max(16, pos - start));
            sb.append(buf, start, pos - start);
            if (pos < lim) {
                char c = buf[pos++];
                if (c == '\r' && (pos < lim || fill(-1)) && buf[pos] == '\n') pos++;
                terminated = true;
                return sb.toString();
            }
        }
    }

    /** Whether the last line returned was ended by a line break (false for a final unterminated line). */
    boolean lastLineTerminated() {
        return terminated;
    }

    /** @param column where in the line being read the next character falls, less one (-1: past its end) */
    private boolean fill(int column) {
        try {
            int n = in.read(buf, 0, buf.length);
            pos = 0;
            lim = Math.max(0, n);
            return n > 0;
        } catch (Utf8Reader.Malformed e) {
            pos = 0;
            lim = 0;
            throw new BadText(Math.max(1, column + 1), "UTF-8 text", e.found());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
