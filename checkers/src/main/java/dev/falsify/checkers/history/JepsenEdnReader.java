package dev.falsify.checkers.history;

import dev.falsify.checkers.api.ReadNote;
import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;

/**
 * Reads Jepsen / Knossos / Elle EDN histories: one vector (or list) of op maps, or one map per line,
 * with {@code ;} comments. Keys {@code :process :type :f :value} and optional {@code :index :time
 * :key :error :node}. Also reads {@link HistoryFormat#PORCUPINE_KV}, which is the same shape.
 *
 * <p>Values become JSON: keywords → strings without the colon, vectors/lists → arrays, nil → null,
 * maps → objects; a txn {@code [[:append :x 1] [:r :x nil]]} becomes {@code [["append","x",1],["r","x",null]]}.
 * Events of the {@code :nemesis} process are skipped (they are faults, not client operations).
 */
final class JepsenEdnReader implements OpStream {
    private final Reader reader;
    private final EdnParser edn;
    private final HistoryFormat format;
    private final JepsenOpAssembler ops;
    private final ReadNotes notes = new ReadNotes();
    /** Fields of one flat op map ({@link EdnParser#readFlatMap}); more than this many and the map is read in general. */
    private final String[] flatKeys = new String[16];
    private final JsonNode[] flatValues = new JsonNode[16];
    private char close;
    private boolean started;
    private boolean finished;

    JepsenEdnReader(Reader reader, String source, HistoryFormat format) {
        this.reader = reader;
        this.edn = new EdnParser(reader, source);
        this.format = format;
        this.ops = new JepsenOpAssembler(source, notes);
    }

    @Override
    public HistoryFormat format() {
        return format;
    }

    @Override
    public String source() {
        return edn.source();
    }

    @Override
    public boolean hasNext() {
        while (!ops.hasReady()) {
            if (finished) return false;
            readEvent();
        }
        return true;
    }

    @Override
    public Op next() {
        if (!hasNext()) throw new NoSuchElementException();
        return ops.takeReady();
    }

    private void readEvent() {
        try {
            readEventOrFail();
        } catch (HistoryFormatException e) {
            boolean historyUnclosed = e.expected().contains("close the history");
            // a construct opened on the last line with content and never closed is a record cut off
            // mid-write; one opened earlier (a map missing its '}' that swallowed the lines after it,
            // a string never closed) is malformed
            if (!EdnParser.END_OF_INPUT.equals(e.found()) || !(historyUnclosed || e.line() == edn.lastContentLine())) throw e;
            // the input ends inside an op map or before the history's closing bracket: the recorder
            // stopped mid-write; what was complete is kept, the history is weak
            notes.add(e.line(), "truncated-record", "the input ends inside "
                    + (historyUnclosed ? "the history (no closing bracket)" : "a record")
                    + " (the recorder stopped mid-write); the ops before it were read", true);
            finished = true;
            ops.finish();
        }
    }

    @Override
    public java.util.List<ReadNote> notes() {
        return notes.list();
    }

    private void readEventOrFail() {
        if (!started) {
            started = true;
            close = edn.enterCollection();
        }
        boolean end;
        if (close != 0) {
            end = edn.atCollectionEnd(close);
            if (end && !edn.atEnd()) {
                throw edn.error("end of input after the history's closing '" + close + "'", "more data");
            }
        } else {
            end = edn.atEnd();
        }
        if (end) {
            finished = true;
            ops.finish();
            return;
        }
        int line = edn.valueLine();
        int col = edn.valueColumn();
        int n = edn.readFlatMap(flatKeys, flatValues);
        if (n >= 0) {
            handleFlat(n, line, col);
            return;
        }
        JsonNode event = edn.readValue();
        if (!event.isObject()) {
            throw new HistoryFormatException(source(), line, col, "an operation map {:process … :type … :f …}",
                    excerpt(event));
        }
        handle(event, line, col);
    }

    private void handle(JsonNode event, int line, int col) {
        handle(event.get("process"), event.get("type"), event.get("f"), event.get("key"), event.get("node"),
                event.get("value"), event.get("index"), event.get("error"), line, col);
    }

    /** An op map read by {@link EdnParser#readFlatMap}: its fields by name (a repeated key never reaches here: it is bad input). */
    private void handleFlat(int n, int line, int col) {
        JsonNode process = null, type = null, f = null, key = null, node = null, value = null, index = null, error = null;
        for (int i = 0; i < n; i++) {
            JsonNode v = flatValues[i];
            switch (flatKeys[i]) {
                case "process" -> process = v;
                case "type" -> type = v;
                case "f" -> f = v;
                case "key" -> key = v;
                case "node" -> node = v;
                case "value" -> value = v;
                case "index" -> index = v;
                case "error" -> error = v;
                default -> { }
            }
        }
        handle(process, type, f, key, node, value, index, error, line, col);
    }

    private void handle(JsonNode processNode, JsonNode typeNode, JsonNode fNode, JsonNode keyNode, JsonNode nodeNode,
                        JsonNode value, JsonNode indexNode, JsonNode errorNode, int line, int col) {
        // no :process (e.g. Elle's hand-written examples): one anonymous process, ops strictly sequential
        String process = processNode == null || processNode.isNull() ? null
                : processNode.isTextual() ? processNode.textValue() : JsonTrees.text(processNode);
        String type = typeNode == null || !typeNode.isTextual() ? null : typeNode.textValue();
        if (type == null && !"nemesis".equals(process)) {
            throw new HistoryFormatException(source(), line, col, ":type :invoke, :ok, :fail or :info",
                    typeNode == null ? "no :type" : excerpt(typeNode));
        }
        String index = indexNode != null && !indexNode.isNull() ? text(indexNode) : null;
        ops.event(process, type, text(fNode), text(keyNode), text(nodeNode), value, index, text(errorNode), line, col);
    }

    private static String text(JsonNode n) {
        if (n == null || n.isNull()) return null;
        return n.isTextual() ? n.textValue() : JsonTrees.text(n);
    }

    static String excerpt(JsonNode n) {
        String s = JsonTrees.text(n);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
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
