package dev.falsify.checkers.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;

/**
 * Reads Porcupine's etcd test data: lines {@code INFO  jepsen.util - <proc>\t:<type>\t:<f>\t<value>}
 * (tabs or spaces). Semantics as in Porcupine: a {@code :fail} on {@code :cas} is a completed CAS that
 * returned false (output {@code false}); an {@code :ok} CAS has output {@code true}; {@code :info} and
 * {@code :timed-out} failures are unknown. Other lines (e.g. other loggers) are bad input.
 */
final class PorcupineEtcdReader implements OpStream {
    private final BufferedReader reader;
    private final String source;
    private final JepsenOpAssembler ops;
    private int lineNo;
    private boolean finished;

    PorcupineEtcdReader(BufferedReader reader, String source) {
        this.reader = reader;
        this.source = source;
        this.ops = new JepsenOpAssembler(source);
    }

    @Override
    public HistoryFormat format() {
        return HistoryFormat.PORCUPINE_ETCD;
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public boolean hasNext() {
        while (!ops.hasReady()) {
            if (finished) return false;
            String line;
            try {
                line = reader.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            lineNo++;
            if (line == null) {
                finished = true;
                ops.finish();
            } else if (!line.isBlank()) {
                parseLine(line);
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
        int dash = line.indexOf(" - ");
        int p = dash >= 0 ? dash + 3 : 0;
        if (dash < 0 && !Character.isDigit(firstNonBlank(line))) {
            throw new HistoryFormatException(source, lineNo, 1, "'INFO  jepsen.util - <process> :<type> :<f> <value>'",
                    excerpt(line));
        }
        int[] cursor = {p};
        int procCol = skipBlank(line, cursor) + 1;
        String process = word(line, cursor);
        if (process.isEmpty() || !process.chars().allMatch(Character::isDigit)) {
            throw new HistoryFormatException(source, lineNo, procCol, "a process number", excerpt(process));
        }
        int typeCol = skipBlank(line, cursor) + 1;
        String type = word(line, cursor);
        int fCol = skipBlank(line, cursor) + 1;
        String f = word(line, cursor);
        if (!type.startsWith(":")) throw new HistoryFormatException(source, lineNo, typeCol, ":invoke, :ok, :fail or :info", excerpt(type));
        if (!f.startsWith(":") || f.length() < 2) throw new HistoryFormatException(source, lineNo, fCol, "an operation such as :read, :write or :cas", excerpt(f));
        f = f.substring(1);
        int valueCol = skipBlank(line, cursor) + 1;
        String rest = line.substring(cursor[0]).strip();
        JsonNode value;
        if (rest.isEmpty()) {
            value = NullNode.getInstance();
        } else {
            EdnParser edn = new EdnParser(new StringReader(rest), source);
            try {
                value = edn.readValue();
            } catch (HistoryFormatException e) {
                throw new HistoryFormatException(source, lineNo, valueCol + e.column() - 1, e.expected(), e.found());
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
            default -> throw new HistoryFormatException(source, lineNo, typeCol, ":invoke, :ok, :fail or :info", excerpt(type));
        }
    }

    private static boolean isTimeout(JsonNode value) {
        return value.isTextual() && value.textValue().equals("timed-out");
    }

    private static char firstNonBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isWhitespace(s.charAt(i))) return s.charAt(i);
        }
        return ' ';
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
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
