package dev.falsify.checkers.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;

/**
 * Reads the canonical schema: one JSON object per line with the 11 fields of
 * histories-and-checkers.md. Blank lines are skipped; unknown fields are ignored (forward
 * compatibility). Missing optional fields read as null; a field of the wrong type, a missing
 * {@code invoke_ts} or a repeated {@code op_id} is bad input with its line and column.
 * Missing fields a checker needs are not errors here: weakness detection reports them.
 */
final class JsonlReader implements OpStream {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = MAPPER.getFactory();

    private final BufferedReader reader;
    private final String source;
    private final SeenIds seenIds = new SeenIds();
    private int lineNo;
    private Op next;
    private boolean finished;

    JsonlReader(BufferedReader reader, String source) {
        this.reader = reader;
        this.source = source;
    }

    @Override
    public HistoryFormat format() {
        return HistoryFormat.JSONL;
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public boolean hasNext() {
        while (next == null && !finished) {
            String line;
            try {
                line = reader.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            lineNo++;
            if (line == null) {
                finished = true;
            } else if (!line.isBlank()) {
                next = parseLine(line);
            }
        }
        return next != null;
    }

    @Override
    public Op next() {
        if (!hasNext()) throw new NoSuchElementException();
        Op op = next;
        next = null;
        return op;
    }

    private Op parseLine(String line) {
        String opId = null;
        String processId = null;
        Long invokeTs = null;
        Long completeTs = null;
        String opType = null;
        String key = null;
        JsonNode input = NullNode.getInstance();
        JsonNode output = NullNode.getInstance();
        String error = null;
        boolean timeout = false;
        String nodeSeen = null;
        String faultEpoch = null;
        int opIdCol = 1;
        try (JsonParser p = FACTORY.createParser(line)) {
            p.setCodec(MAPPER);
            JsonToken t = p.nextToken();
            if (t != JsonToken.START_OBJECT) {
                throw new HistoryFormatException(source, lineNo, col(p.currentTokenLocation()),
                        "a JSON object (one operation per line)", t == null ? "nothing" : p.getText());
            }
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                int c = col(p.currentTokenLocation());
                JsonNode v = p.readValueAsTree();
                if (v == null) v = NullNode.getInstance();
                switch (field) {
                    case "op_id" -> { opId = idText(v, field, c); opIdCol = c; }
                    case "process_id" -> processId = idText(v, field, c);
                    case "invoke_ts" -> invokeTs = integer(v, field, c, false);
                    case "complete_ts" -> completeTs = integer(v, field, c, true);
                    case "op_type" -> opType = string(v, field, c);
                    case "key" -> key = idText(v, field, c);
                    case "input" -> input = v;
                    case "output" -> output = v;
                    case "error" -> error = v.isNull() ? null : v.isTextual() ? v.textValue() : v.toString();
                    case "timeout_marker" -> {
                        if (v.isNull()) timeout = false;
                        else if (v.isBoolean()) timeout = v.booleanValue();
                        else throw bad(c, "timeout_marker as true, false or null", v);
                    }
                    case "node_seen" -> nodeSeen = idText(v, field, c);
                    case "fault_epoch" -> faultEpoch = idText(v, field, c);
                    default -> { /* unknown field: ignored */ }
                }
            }
            if (t != JsonToken.END_OBJECT) {
                throw new HistoryFormatException(source, lineNo, col(p.currentTokenLocation()), "a field name or '}'", p.getText());
            }
            JsonToken extra = p.nextToken();
            if (extra != null) {
                throw new HistoryFormatException(source, lineNo, col(p.currentTokenLocation()),
                        "end of line after the operation object (one object per line)", p.getText());
            }
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            throw new HistoryFormatException(source, lineNo, loc == null ? 1 : col(loc), "valid JSON",
                    e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (invokeTs == null) {
            throw new HistoryFormatException(source, lineNo, 1, "an \"invoke_ts\" field (integer nanoseconds)", "none");
        }
        if (opId != null && !seenIds.add(opId)) {
            throw new HistoryFormatException(source, lineNo, opIdCol, "a unique op_id (the same op_id twice is a recorder bug)",
                    "op_id " + opId + " again");
        }
        return new Op(opId, processId, invokeTs, completeTs, opType, key, input, output, error, timeout, nodeSeen,
                faultEpoch, lineNo);
    }

    private static int col(JsonLocation loc) {
        return Math.max(1, loc.getColumnNr());
    }

    private String idText(JsonNode v, String field, int c) {
        if (v.isNull()) return null;
        if (v.isTextual()) return v.textValue();
        if (v.isIntegralNumber()) return v.asText();
        throw bad(c, field + " as a string, an integer or null", v);
    }

    private String string(JsonNode v, String field, int c) {
        if (v.isNull()) return null;
        if (v.isTextual()) return v.textValue();
        throw bad(c, field + " as a string or null", v);
    }

    private Long integer(JsonNode v, String field, int c, boolean nullable) {
        if (v.isNull() && nullable) return null;
        if (v.isIntegralNumber() && v.canConvertToLong()) return v.longValue();
        throw bad(c, field + " as an integer (ns)" + (nullable ? " or null" : ""), v);
    }

    private HistoryFormatException bad(int c, String expected, JsonNode found) {
        return new HistoryFormatException(source, lineNo, c, expected, JepsenEdnReader.excerpt(found));
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The op ids seen so far, as 64-bit hashes in an open-addressing table: 8 bytes per op instead
     * of a String per op, so a history of millions of ops stays readable in a small heap.
     */
    static final class SeenIds {
        private long[] table = new long[1024];
        private boolean hasZero;
        private int size;

        boolean add(String id) {
            long h = hash(id);
            if (h == 0) {
                if (hasZero) return false;
                hasZero = true;
                return true;
            }
            if ((size + 1) * 2 > table.length) grow();
            return insert(table, h);
        }

        private boolean insert(long[] t, long h) {
            int mask = t.length - 1;
            int i = (int) (h ^ (h >>> 32)) & mask;
            while (t[i] != 0) {
                if (t[i] == h) return false;
                i = (i + 1) & mask;
            }
            t[i] = h;
            size++;
            return true;
        }

        private void grow() {
            long[] old = table;
            table = new long[old.length * 2];
            size = 0;
            for (long h : old) {
                if (h != 0) insert(table, h);
            }
        }

        static long hash(String s) {
            long h = 0xcbf29ce484222325L;
            for (int i = 0; i < s.length(); i++) {
                h ^= s.charAt(i);
                h *= 0x100000001b3L;
            }
            h ^= h >>> 33;
            h *= 0xff51afd7ed558ccdL;
            h ^= h >>> 33;
            h *= 0xc4ceb9fe1a85ec53L;
            h ^= h >>> 33;
            return h;
        }
    }
}
