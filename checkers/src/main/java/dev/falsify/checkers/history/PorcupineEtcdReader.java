package dev.falsify.checkers.history;

import dev.falsify.checkers.api.ReadNote;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Reads Porcupine's etcd test data: lines {@code INFO  jepsen.util - <proc>\t:<type>\t:<f>\t<value>}
 * (tabs or spaces), and the same op lines as Jepsen's own {@code jepsen.log} prints them
 * ({@code 2017-03-16 10:13:42,115{GMT}\tINFO\t[jepsen worker 0] jepsen.util: 0\t:invoke\t:read\tnil}).
 * Semantics as in Porcupine: a {@code :fail} on {@code :cas} is a completed CAS that returned false
 * (output {@code false}); an {@code :ok} CAS has output {@code true}; {@code :info} and
 * {@code :timed-out} failures are unknown. Lines of the {@code :nemesis} process are faults, not
 * client operations, and are skipped. Lines that are not op lines at all (other loggers, stack
 * traces of a Jepsen log) are skipped and reported as a note; a final line cut off mid-write is a
 * truncated history (weakening note); an op line that does not parse is bad input.
 */
final class PorcupineEtcdReader implements OpStream {
    /*
     * A line's op part starts after the logger: the first match of the regex
     * jepsen\.util\s*(?:-|:)\s+|\s-\s+ ("jepsen.util - ", "jepsen.util: ", " - "), and is an op when
     * \s*\S+\s+:(invoke|ok|fail|info)(\s|$) matches there: a process then one of the four :type
     * keywords. Both are scanned by hand (loggerEnd, isOpStart) with exactly these regexes' meaning:
     * java.util.regex on every line was a third of reading a log on a cold JVM.
     */
    private static final String[] TYPES = {"invoke", "ok", "fail", "info"};

    private final LineReader reader;
    private final BufferedReader source;
    private final String sourceName;
    private final JepsenOpAssembler ops;
    private final ReadNotes notes = new ReadNotes();
    private int lineNo;
    private boolean finished;
    private long opLines;
    private String firstSkipped;
    private int firstSkippedLine;

    PorcupineEtcdReader(BufferedReader reader, String source) {
        this.source = reader;
        this.reader = new LineReader(reader);
        this.sourceName = source;
        this.ops = new JepsenOpAssembler(source, notes);
    }

    @Override
    public HistoryFormat format() {
        return HistoryFormat.PORCUPINE_ETCD;
    }

    @Override
    public String source() {
        return sourceName;
    }

    @Override
    public List<ReadNote> notes() {
        return notes.list();
    }

    @Override
    public boolean hasNext() {
        while (!ops.hasReady()) {
            if (finished) return false;
            String line;
            try {
                line = reader.readLine();
            } catch (LineReader.BadText e) {
                throw new HistoryFormatException(sourceName, lineNo + 1, e.column(), e.expected(), e.found());
            }
            lineNo++;
            if (line == null) {
                finished = true;
                if (opLines == 0 && firstSkipped != null) {
                    // not one op line: this is not a Jepsen log at all (e.g. a wrong --format)
                    throw new HistoryFormatException(sourceName, firstSkippedLine, 1, "'INFO  jepsen.util - <process> :<type> :<f> <value>'"
                            + " lines (no line of this file is an operation)", excerpt(firstSkipped));
                }
                ops.finish();
            } else if (!line.isBlank()) {
                try {
                    parseLine(line);
                } catch (HistoryFormatException e) {
                    if (reader.lastLineTerminated()) throw e;
                    // the last line, without a line break, that does not parse: the log stopped mid-write
                    notes.add(lineNo, "truncated-record", "the last line is cut off (the log stopped mid-write): "
                            + e.expected() + " at column " + e.column() + "; the ops before it were read", true);
                    finished = true;
                    ops.finish();
                }
            }
        }
        return true;
    }

    @Override
    public Op next() {
        if (!hasNext()) throw new NoSuchElementException();
        return ops.takeReady();
    }

    private void parseLine(String line) {
        int logger = loggerEnd(line);
        int p = Math.max(0, logger);
        if (!isOpStart(line, p)) {
            int type = logger < 0 || line.lastIndexOf("jepsen.util", p) < 0 ? -1 : opTypeLike(line, p);
            if (type >= 0) {
                // the op logger's line with a process and a keyword where the type goes: an op the
                // reader cannot place, which must not be skipped as if it were another logger's line
                throw new HistoryFormatException(sourceName, lineNo, type + 1, ":invoke, :ok, :fail or :info",
                        excerpt(line.substring(type, Math.min(line.length(), type + 40)).split("\\s", 2)[0]));
            }
            // not an op line: another logger's message, a stack trace, a banner
            notes.add(lineNo, "skipped-lines", "lines that are not operations (other loggers, stack traces) were skipped", false);
            if (firstSkipped == null) {
                firstSkipped = line;
                firstSkippedLine = lineNo;
            }
            return;
        }
        opLines++;
        int[] cursor = {p};
        int procCol = skipBlank(line, cursor) + 1;
        String process = word(line, cursor);
        if (process.equals(":nemesis") || process.equals("nemesis")) {
            ops.skipEvent(); // a fault event, not a client operation
            return;
        }
        if (!allDigits(process)) {
            throw new HistoryFormatException(sourceName, lineNo, procCol, "a process number", excerpt(process));
        }
        int typeCol = skipBlank(line, cursor) + 1;
        String type = word(line, cursor);
        int fCol = skipBlank(line, cursor) + 1;
        String f = word(line, cursor);
        if (!type.startsWith(":")) throw new HistoryFormatException(sourceName, lineNo, typeCol, ":invoke, :ok, :fail or :info", excerpt(type));
        if (!f.startsWith(":") || f.length() < 2) throw new HistoryFormatException(sourceName, lineNo, fCol, "an operation such as :read, :write or :cas", excerpt(f));
        f = f.substring(1);
        int valueCol = skipBlank(line, cursor) + 1;
        String rest = line.substring(cursor[0]).strip();
        JsonNode value;
        if (rest.isEmpty()) {
            value = NullNode.getInstance();
        } else if (rest.equals("nil")) {
            value = NullNode.getInstance(); // what EdnParser reads for it; most reads are nil
        } else {
            EdnParser edn = new EdnParser(rest, sourceName);
            try {
                value = edn.readValue();
            } catch (HistoryFormatException e) {
                throw new HistoryFormatException(sourceName, lineNo, valueCol + e.column() - 1, e.expected(), e.found());
            }
        }
        int col = procCol;
        switch (type) {
            case ":invoke" -> ops.invoke(process, null, f, null, f.equals("read") ? NullNode.getInstance() : value, null, lineNo, col);
            case ":ok" -> ops.complete(process, JepsenOpAssembler.Completion.OK, f,
                    f.equals("cas") ? BooleanNode.TRUE : value, null, null, lineNo, col);
            case ":fail" -> {
                if (isTimeout(value)) {
                    ops.complete(process, JepsenOpAssembler.Completion.INFO, f, value, "timed-out", null, lineNo, col);
                } else if (f.equals("cas")) {
                    ops.complete(process, JepsenOpAssembler.Completion.OK, f, BooleanNode.FALSE, null, null, lineNo, col);
                } else {
                    ops.complete(process, JepsenOpAssembler.Completion.FAIL, f, value, "fail", null, lineNo, col);
                }
            }
            case ":info" -> ops.complete(process, JepsenOpAssembler.Completion.INFO, f, value,
                    isTimeout(value) ? "timed-out" : null, null, lineNo, col);
            default -> throw new HistoryFormatException(sourceName, lineNo, typeCol, ":invoke, :ok, :fail or :info", excerpt(type));
        }
    }

    /** The end of the first match of the logger regex (see TYPES), or -1. */
    static int loggerEnd(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == 'j' && s.startsWith("jepsen.util", i)) {
                int j = i + "jepsen.util".length();
                while (j < n && isRegexSpace(s.charAt(j))) j++;
                if (j < n && (s.charAt(j) == '-' || s.charAt(j) == ':') && j + 1 < n && isRegexSpace(s.charAt(j + 1))) {
                    return spacesEnd(s, j + 1);
                }
            }
            if (isRegexSpace(c) && i + 2 < n && s.charAt(i + 1) == '-' && isRegexSpace(s.charAt(i + 2))) return spacesEnd(s, i + 2);
        }
        return -1;
    }

    /** Whether the op-start regex (see TYPES) matches at {@code from}. */
    static boolean isOpStart(String s, int from) {
        int n = s.length();
        int i = spacesEnd(s, from);
        int word = i;
        while (i < n && !isRegexSpace(s.charAt(i))) i++;
        if (i == word || i == n) return false;
        i = spacesEnd(s, i);
        if (i >= n || s.charAt(i) != ':') return false;
        for (String t : TYPES) {
            if (s.startsWith(t, i + 1)) {
                int end = i + 1 + t.length();
                // (\s|$): a space, the end, or ($ without MULTILINE) a line terminator ending the text
                if (end == n || isRegexSpace(s.charAt(end))) return true;
                char c = s.charAt(end);
                return end == n - 1 && (c == '\u0085' || c == '\u2028' || c == '\u2029');
            }
        }
        return false;
    }

    /**
     * Where the type keyword of a line of the op logger starts when the line reads as an op whose type
     * is not one of the four ({@code 3 :invok :read nil}: a process number, then {@code :word}), or -1.
     */
    private static int opTypeLike(String s, int from) {
        int i = spacesEnd(s, from);
        int digits = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
        if (i == digits || i == s.length() || !isRegexSpace(s.charAt(i))) return -1;
        i = spacesEnd(s, i);
        return i + 1 < s.length() && s.charAt(i) == ':' && !isRegexSpace(s.charAt(i + 1)) ? i : -1;
    }

    /** The regex class \s (ASCII whitespace only, unlike Character.isWhitespace). */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    private static int spacesEnd(String s, int from) {
        int i = from;
        while (i < s.length() && isRegexSpace(s.charAt(i))) i++;
        return i;
    }

    private static boolean allDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) return false;
        }
        return true;
    }

    private static boolean isTimeout(JsonNode value) {
        return value.isTextual() && value.textValue().equals("timed-out");
    }

    private static int skipBlank(String s, int[] cursor) {
        int i = cursor[0];
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        cursor[0] = i;
        return i;
    }

    private static String word(String s, int[] cursor) {
        int i = cursor[0];
        int start = i;
        while (i < s.length() && !Character.isWhitespace(s.charAt(i))) i++;
        cursor[0] = i;
        return s.substring(start, i);
    }

    private static String excerpt(String s) {
        String t = s.strip();
        if (t.isEmpty()) return "nothing";
        return "'" + (t.length() > 40 ? t.substring(0, 37) + "..." : t) + "'";
    }

    @Override
    public void close() {
        try {
            source.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
