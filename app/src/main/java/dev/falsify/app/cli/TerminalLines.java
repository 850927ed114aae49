package dev.falsify.app.cli;

import dev.falsify.model.text.TerminalText;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * A writer for text the command line did not compose itself line by line — the runner's progress
 * lines, which carry scenario names, checker summaries and messages from the system under test —
 * that passes each complete line through {@link TerminalText#escape} before the terminal sees it.
 * A line is written when its line break arrives (or at {@link #close}); {@link #flush} flushes what
 * is complete. Lines Falsify prints itself are escaped where they are made, value by value, so
 * padding stays padding.
 */
final class TerminalLines extends Writer {
    private final PrintWriter target;
    private final StringBuilder line = new StringBuilder();

    private TerminalLines(PrintWriter target) {
        super(target);
        this.target = target;
    }

    /** A print writer over {@code target} whose every line is escaped for the terminal. */
    static PrintWriter over(PrintWriter target) {
        return new PrintWriter(new TerminalLines(target));
    }

    @Override
    public void write(char[] cbuf, int off, int len) {
        synchronized (lock) {
            for (int i = off; i < off + len; i++) {
                char c = cbuf[i];
                if (c == '\n') {
                    int end = line.length();
                    if (end > 0 && line.charAt(end - 1) == '\r') line.setLength(end - 1); // a CRLF line break
                    target.println(TerminalText.escape(line));
                    line.setLength(0);
                } else {
                    line.append(c);
                }
            }
        }
    }

    @Override
    public void flush() {
        synchronized (lock) {
            target.flush();
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            if (line.length() > 0) target.print(TerminalText.escape(line));
            line.setLength(0);
            target.flush();
        }
    }
}
