package dev.falsify.checkers.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.ReadNote;
import dev.falsify.model.history.Op;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Reads Jepsen's {@code history.txt}, the text twin of {@code history.edn} that Jepsen writes beside
 * it ({@code jepsen.print/prn-op}): one op per line, {@code <process>\t<type>\t<f>\t<value>}, then
 * {@code \t<error>} when the op has one, e.g. {@code 3\t:ok\t:txn\t[[:append 5 1] [:r 6 [1 2]]]}.
 * Process, type, f and value are EDN as Jepsen prints them (so they are read as EDN, tabs or spaces
 * between them); the error is printed bare (a message with spaces), so it is the rest of the line.
 *
 * <p>The ops mean what their EDN twin's mean ({@link JepsenOpAssembler#event}): {@code :fail} did not
 * happen, {@code :info} is unknown, {@code :nemesis} lines are faults and skipped; no model is implied
 * (the ops say it, as for {@code history.edn}). Unlike the Porcupine etcd data, whose lines carry a
 * logger prefix, a {@code :fail} cas here is a cas that did not happen.
 */
final class JepsenTextReader implements OpStream {
    private final LineReader reader;
    private final BufferedReader source;
    private final String sourceName;
    private final ReadNotes notes = new ReadNotes();
    private final JepsenOpAssembler ops;
    private int lineNo;
    private boolean finished;

    JepsenTextReader(BufferedReader reader, String source) {
        this.source = reader;
        this.reader = new LineReader(reader);
        this.sourceName = source;
        this.ops = new JepsenOpAssembler(source, notes);
    }

    @Override
    public HistoryFormat format() {
        return HistoryFormat.JEPSEN_TXT;
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
                ops.finish();
                continue;
            }
            String t = line.strip();
            if (t.isEmpty() || t.startsWith(";")) continue;
            try {
                parseLine(line);
            } catch (HistoryFormatException e) {
                if (Character.isWhitespace(line.charAt(0)) && lineNo > 1) {
                    // Jepsen starts every op line with its process; an indented line that is no op
                    // continues the previous op's error (a message printed over several lines)
                    notes.add(lineNo, "skipped-lines", "indented lines that are not operations (the rest of a"
                            + " multi-line error message) were skipped", false);
                    continue;
                }
                if (reader.lastLineTerminated()) throw e;
                // the last line, without a line break, that does not parse: the recorder stopped mid-write
                notes.add(lineNo, "truncated-record", "the last line is cut off (the history stopped mid-write): "
                        + e.expected() + " at column " + e.column() + "; the ops before it were read", true);
                finished = true;
                ops.finish();
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
        EdnParser edn = new EdnParser(line, sourceName);
        String p;
        String type;
        String f = null;
        JsonNode value = null;
        String error = null;
        int col;
        try {
            JsonNode process = edn.readValue();
            col = edn.valueColumn();
            p = process.isNull() ? null : process.isTextual() ? process.textValue() : JsonTrees.text(process);
            if (edn.atEnd()) throw edn.error("a tab, then the op's :type (:invoke, :ok, :fail or :info)", "the end of the line");
            JsonNode typeNode = edn.readValue();
            type = typeNode.isTextual() ? typeNode.textValue() : null;
            if (type == null || !(type.equals("invoke") || type.equals("ok") || type.equals("fail") || type.equals("info"))) {
                String raw = line.substring(edn.valueColumn() - 1, Math.min(line.length(), edn.column() - 1));
                throw edn.error(":invoke, :ok, :fail or :info", "'" + (raw.length() > 40 ? raw.substring(0, 37) + "..." : raw) + "'");
            }
            if (!edn.atEnd()) {
                JsonNode fNode = edn.readValue();
                f = fNode.isNull() ? null : fNode.isTextual() ? fNode.textValue() : JsonTrees.text(fNode);
                if (!edn.atEnd()) {
                    value = edn.readValue();
                    // the error is printed bare after a tab: the rest of the line, whatever it holds
                    String rest = line.substring(Math.min(line.length(), edn.column() - 1)).strip();
                    if (!rest.isEmpty()) error = rest;
                }
            }
        } catch (HistoryFormatException e) {
            // the parser counts from the line's start: the line is this file's lineNo
            throw new HistoryFormatException(sourceName, lineNo, e.column(), e.expected(), e.found());
        }
        ops.event(p, type, f, null, null, value, null, error, lineNo, col);
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
