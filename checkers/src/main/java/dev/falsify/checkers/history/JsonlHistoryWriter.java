package dev.falsify.checkers.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.model.history.Op;
import dev.falsify.model.io.AtomicFiles;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/**
 * Writes ops in the canonical jsonl schema: the 11 fields in the spec's order, every field present
 * (unused ones as {@code null}), one object per line, plus {@code timeout_marker} always as a boolean.
 */
public final class JsonlHistoryWriter implements AutoCloseable {
    private static final JsonFactory FACTORY = new ObjectMapper().getFactory();
    private final Writer out;

    public JsonlHistoryWriter(Writer out) {
        this.out = out;
    }

    public void write(Op op) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(new NonClosingWriter(out))) {
            g.writeStartObject();
            idField(g, "op_id", op.opId());
            idField(g, "process_id", op.processId());
            g.writeNumberField("invoke_ts", op.invokeTs());
            if (op.completeTs() == null) g.writeNullField("complete_ts");
            else g.writeNumberField("complete_ts", op.completeTs());
            stringField(g, "op_type", op.opType());
            stringField(g, "key", op.key());
            jsonField(g, "input", op.input());
            jsonField(g, "output", op.output());
            stringField(g, "error", op.error());
            g.writeBooleanField("timeout_marker", op.timeoutMarker());
            stringField(g, "node_seen", op.nodeSeen());
            stringField(g, "fault_epoch", op.faultEpoch());
            g.writeEndObject();
        }
        out.write('\n');
    }

    /** Ids that look like integers are written as numbers, so a round trip keeps their JSON type. */
    private static void idField(JsonGenerator g, String name, String id) throws IOException {
        if (id == null) {
            g.writeNullField(name);
        } else if (id.matches("-?(0|[1-9][0-9]{0,17})")) {
            g.writeNumberField(name, Long.parseLong(id));
        } else {
            g.writeStringField(name, id);
        }
    }

    private static void stringField(JsonGenerator g, String name, String v) throws IOException {
        if (v == null) g.writeNullField(name);
        else g.writeStringField(name, v);
    }

    private static void jsonField(JsonGenerator g, String name, JsonNode v) throws IOException {
        g.writeFieldName(name);
        if (v == null || v.isMissingNode()) g.writeNull();
        else g.writeTree(v);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /**
     * Writes a whole history to {@code file} atomically (temp file in the same folder, fsync, rename):
     * a reader never sees half a history.
     */
    public static void writeAtomically(Path file, Iterable<Op> ops) throws IOException {
        AtomicFiles.write(file, out -> {
            JsonlHistoryWriter w = new JsonlHistoryWriter(out);   // not closed: AtomicFiles flushes and closes
            for (Op op : ops) {
                w.write(op);
            }
        });
    }

    /** Lets each op's generator close without closing the underlying writer. */
    private static final class NonClosingWriter extends java.io.FilterWriter {
        NonClosingWriter(Writer w) {
            super(w);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
