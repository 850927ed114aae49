package dev.falsify.checkers.history;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * Lines of a text, like {@link java.io.BufferedReader#readLine()} ({@code \n}, {@code \r\n} or
 * {@code \r} end a line), but it also tells whether the last line read was ended by a line break:
 * a final line without one, that does not parse, is a record the recorder was still writing when it
 * stopped — a truncated history, not a malformed one.
 */
final class LineReader {
    private final Reader in;
    private final char[] buf = new char[1 << 15];
    private int pos;
    private int lim;
    private boolean terminated = true;

    LineReader(Reader in) {
        this.in = in;
    }

    /** The next line without its terminator, or null at the end of the input. */
    String readLine() {
        StringBuilder sb = null;
        while (true) {
            if (pos == lim && !fill()) {
                terminated = false;
                return sb == null ? null : sb.toString();
            }
            int start = pos;
            while (pos < lim && buf[pos] != '\n' && buf[pos] != '\r') pos++;
            if (sb == null) sb = new StringBuilder(Math.max(16, pos - start));
            sb.append(buf, start, pos - start);
            if (pos < lim) {
                char c = buf[pos++];
                if (c == '\r' && (pos < lim || fill()) && buf[pos] == '\n') pos++;
                terminated = true;
                return sb.toString();
            }
        }
    }

    /** Whether the last line returned was ended by a line break (false for a final unterminated line). */
    boolean lastLineTerminated() {
        return terminated;
    }

    private boolean fill() {
        try {
            int n = in.read(buf, 0, buf.length);
            pos = 0;
            lim = Math.max(0, n);
            return n > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
