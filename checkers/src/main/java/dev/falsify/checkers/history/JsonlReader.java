package dev.falsify.checkers.history;

import dev.falsify.checkers.api.ReadNote;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Reads the canonical schema: JSON objects with the 11 fields of histories-and-checkers.md, one per
 * line as the spec writes them — and, because recorders and agents write what they write, also
 * pretty-printed objects, a JSON array of objects, {@code //} and {@code #} comments, a BOM and CRLF.
 *
 * <p>Two record shapes:
 * <ul>
 *   <li>a <b>row per op</b> (the spec's): {@code invoke_ts}, {@code complete_ts}, … A Jepsen-style
 *       {@code type} / {@code outcome} field on a row ({@code ok}, {@code fail}, {@code info},
 *       {@code timeout}, {@code unknown}) is honoured when {@code error} / {@code timeout_marker} do
 *       not already say it;</li>
 *   <li><b>events</b>: {@code {"type":"invoke",…}} then {@code {"type":"ok"|"fail"|"info",…}} for the same
 *       {@code op_id} or process, Jepsen's history written as JSON ({@code process}/{@code f}/{@code value}
 *       are accepted for {@code process_id}/{@code op_type}/{@code input|output}). Paired as the EDN
 *       reader does; timestamps are event positions.</li>
 * </ul>
 * Unknown fields are ignored; missing optional fields read as null. Values in divergent but
 * unambiguous forms (timestamps as strings or fractional numbers, {@code "true"} for a boolean,
 * {@code ""} for "no error") are read and reported as {@link ReadNote}s. A record cut off by the end
 * of the input (the recorder died mid-write) ends the history with a weakening note; any other
 * malformed record, a field of an unusable type, a row without {@code invoke_ts} or a repeated
 * {@code op_id} is bad input with its line and column.
 */
final class JsonlReader implements OpStream {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(JsonReadFeature.ALLOW_YAML_COMMENTS)
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .build();

    /** The field of a wrapping object whose array value is the history ({@code {"history": [...]}}). */
    private static final String WRAPPER_FIELD = "history";

    /** Words a row's {@code type}/{@code outcome} field uses for the outcome (as opposed to the operation). */
    private static final java.util.Set<String> OUTCOME_WORDS = java.util.Set.of("ok", "success", "invoke", "fail", "failed",
            "failure", "error", "info", "unknown", "timeout", "timed-out", "timed_out");

    /** Jackson's reference to where a construct started, to be rewritten without its "[Source: …]". */
    private static final java.util.regex.Pattern SOURCE_REF = java.util.regex.Pattern.compile(
            "\\s*\\(for (\\w+) starting at \\[Source:.*?line: (\\d+), column: (\\d+)\\]\\)");

    /** A field's value and the column it started at (for error messages). */
    private record Field(JsonNode value, int column) {
    }

    private final BufferedReader reader;
    private final String source;
    private final SeenIds seenIds = new SeenIds();
    private final ReadNotes notes = new ReadNotes();
    private final JsonTimestamps timestamps = new JsonTimestamps(notes);
    private final JepsenOpAssembler events;
    private final ArrayDeque<Op> ready = new ArrayDeque<>();
    private JsonParser parser;
    private boolean started;
    private boolean inArray;
    /** The array is the value of a {@code "history"} field of one object. */
    private boolean wrapped;
    private boolean finished;
    /** Shape of the file, fixed by its first record: null until then, TRUE for events, FALSE for rows. */
    private Boolean eventShaped;
    private int firstRecordLine;

    JsonlReader(BufferedReader reader, String source) {
        this.reader = reader;
        this.source = source;
        this.events = new JepsenOpAssembler(source, notes);
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
    public List<ReadNote> notes() {
        return notes.list();
    }

    @Override
    public boolean hasNext() {
        while (ready.isEmpty() && !events.hasReady() && !finished) readRecord();
        return !ready.isEmpty() || events.hasReady();
    }

    @Override
    public Op next() {
        if (!hasNext()) throw new NoSuchElementException();
        return !ready.isEmpty() ? ready.poll() : events.takeReady();
    }

    private void readRecord() {
        int recordLine = 0;
        try {
            if (parser == null) {
                skipByteOrderMark();
                parser = FACTORY.createParser(reader);
            }
            JsonToken t = parser.nextToken();
            if (!started && t == JsonToken.START_ARRAY) {
                inArray = true;
                started = true;
                t = parser.nextToken();
            }
            started = true;
            if (t == null) {
                if (inArray) truncated(parser.currentLocation().getLineNr(), "the input ends before the ']' that closes the history");
                end();
                return;
            }
            if (inArray && t == JsonToken.END_ARRAY) {
                if (wrapped) skipWrapperRest();
                JsonToken after = parser.nextToken();
                if (after != null) {
                    throw error(parser.currentTokenLocation(), "end of input after the history's closing ']'", parser.getText());
                }
                end();
                return;
            }
            JsonLocation at = parser.currentTokenLocation();
            recordLine = Math.max(1, at.getLineNr());
            if (t != JsonToken.START_OBJECT) {
                throw error(at, "a JSON object (one operation per line)", parser.getText());
            }
            Map<String, Field> fields = new HashMap<>();
            boolean first = firstRecordLine == 0 && !inArray;
            while ((t = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                if (fields.containsKey(name)) {
                    // last-wins (or first-wins) would be a guess at what the recorder meant, and the
                    // guess can turn a violation into a pass
                    throw error(parser.currentTokenLocation(), "each field once in an operation", "\"" + excerpt(name)
                            + "\" a second time");
                }
                JsonToken value = parser.nextToken();
                if (first && value == JsonToken.START_ARRAY && WRAPPER_FIELD.equals(name)) {
                    // {"history": [op, …], …}: the ops are the array's elements; other fields are not ops
                    inArray = true;
                    wrapped = true;
                    return;
                }
                int c = col(parser.currentTokenLocation());
                JsonNode v = JsonTrees.read(parser, true);
                fields.put(name, new Field(v == null ? NullNode.getInstance() : v, c));
            }
            if (t != JsonToken.END_OBJECT) {
                throw error(parser.currentTokenLocation(), "a field name or '}'", parser.getText());
            }
            record(fields, recordLine, col(at));
        } catch (Utf8Reader.Malformed e) {
            JsonLocation loc = parser == null ? null : parser.currentLocation();
            throw new HistoryFormatException(source, loc == null ? Math.max(1, recordLine) : Math.max(1, loc.getLineNr()),
                    loc == null ? 1 : col(loc), "UTF-8 text", e.found());
        } catch (JsonTrees.DuplicateKey e) {
            throw new HistoryFormatException(source, Math.max(1, e.line()), Math.max(1, e.column()), "each key once in an object",
                    "\"" + excerpt(e.key()) + "\" a second time");
        } catch (JsonProcessingException e) {
            if (!endOfInput(e)) {
                JsonLocation loc = e.getLocation();
                throw new HistoryFormatException(source, loc == null ? Math.max(1, recordLine) : Math.max(1, loc.getLineNr()),
                        loc == null ? 1 : col(loc), "valid JSON", jacksonProblem(e.getOriginalMessage()));
            }
            if (recordLine > 0) {
                truncated(recordLine, "the input ends inside a record (the recorder stopped mid-write); the ops before it were read");
            } else {
                truncated(Math.max(1, e.getLocation() == null ? 1 : e.getLocation().getLineNr()),
                        "the input ends before the ']' that closes the history (the recorder stopped mid-write)");
            }
            end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** After the ops of {@code {"history": [...]}}: the wrapper's other fields are skipped, then its '}'. */
    private void skipWrapperRest() throws IOException {
        JsonToken t;
        while ((t = parser.nextToken()) == JsonToken.FIELD_NAME) {
            parser.nextToken();
            parser.skipChildren();
        }
        if (t == null) {
            truncated(parser.currentLocation().getLineNr(), "the input ends before the '}' that closes {\"history\": …}");
            return;
        }
        if (t != JsonToken.END_OBJECT) throw error(parser.currentTokenLocation(), "a field name or '}'", parser.getText());
    }

    /** Jackson's message without its source references ("[Source: REDACTED …]"), positions kept readable. */
    static String jacksonProblem(String message) {
        if (message == null) return "malformed JSON";
        String m = SOURCE_REF.matcher(message).replaceAll(r -> " (for the " + r.group(1).toLowerCase(Locale.ROOT)
                + " opened at line " + r.group(2) + ", column " + r.group(3) + ")");
        int src = m.indexOf("[Source:");
        if (src >= 0) m = m.substring(0, src).strip();
        return m.replace('\n', ' ');
    }

    /** Whether the parser failed because the input ended (some such failures are not JsonEOFExceptions). */
    private static boolean endOfInput(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        return e instanceof JsonEOFException || (m != null && m.startsWith("Unexpected end-of-input"));
    }

    private void skipByteOrderMark() throws IOException {
        reader.mark(1);
        if (reader.read() != '\uFEFF') reader.reset();
    }

    private void truncated(int line, String detail) {
        notes.add(line, "truncated-record", detail, true);
    }

    private void end() {
        finished = true;
        events.finish();
    }

    private void record(Map<String, Field> fields, int line, int col) {
        String type = lower(text(fields.get("type")));
        Field completeTs = fields.get("complete_ts");
        boolean completed = completeTs != null && !completeTs.value.isNull();
        boolean hasInvokeTs = fields.containsKey("invoke_ts");
        boolean eventWord = type != null && List.of("invoke", "ok", "fail", "info").contains(type);
        boolean event;
        if (eventShaped == null) {
            // the first record decides: an invoke not yet completed, or a completion without invoke_ts
            event = ("invoke".equals(type) && !completed) || (eventWord && !type.equals("invoke") && !hasInvokeTs);
        } else if (eventShaped) {
            event = eventWord; // a recorder writing a canonical row per event repeats invoke_ts on completions
        } else {
            event = eventWord && !hasInvokeTs; // in a file of rows, a row marked "invoke" is a row never completed
        }
        if (eventShaped == null) {
            eventShaped = event;
            firstRecordLine = line;
        } else if (eventShaped != event) {
            throw new HistoryFormatException(source, line, col, eventShaped
                    ? "an event like line " + firstRecordLine + " ({\"type\":\"invoke\"|\"ok\"|\"fail\"|\"info\", …})"
                    : "a row per operation like line " + firstRecordLine + " (with invoke_ts)",
                    event ? "an event (type " + type + ")" : "a row with invoke_ts");
        }
        if (event) event(fields, type, line, col);
        else ready.add(row(fields, line));
    }

    /** A row of the canonical schema. */
    private Op row(Map<String, Field> f, int line) {
        Field invoke = f.get("invoke_ts");
        if (invoke == null || invoke.value.isNull()) {
            throw new HistoryFormatException(source, line, invoke == null ? 1 : invoke.column,
                    "an \"invoke_ts\" field (integer nanoseconds)", invoke == null ? "none" : "null");
        }
        long invokeTs = timestamp("invoke_ts", invoke, false, line);
        Field complete = f.get("complete_ts");
        Long completeTs = complete == null || complete.value.isNull() ? null : timestamp("complete_ts", complete, true, line);
        String opId = id(f.get("op_id"));
        String error = errorCode(f.get("error"), line);
        boolean timeout = bool(f.get("timeout_marker"), line);
        String opType = opType(f.get("op_type"));
        String outcome = lower(text(f.containsKey("type") ? f.get("type") : f.get("outcome")));
        if (opType == null && outcome != null && !OUTCOME_WORDS.contains(outcome)) {
            // "type": "read" on a row without op_type names the operation, not its outcome
            notes.add(line, "op-type-from-type", "\"type\" naming the operation (no op_type) was read as op_type", false);
            opType = outcome;
            outcome = null;
        }
        if (outcome != null) {
            switch (outcome) {
                case "fail", "failed", "failure", "error" -> { if (error == null) error = outcome; }
                case "info", "unknown", "timeout", "timed-out", "timed_out" -> timeout = true;
                default -> { /* ok, success, invoke: agrees with a completed row; other words: the op's own type */ }
            }
        }
        Field opIdField = f.get("op_id");
        if (opId != null && !seenIds.add(opId)) {
            throw new HistoryFormatException(source, line, opIdField.column,
                    "a unique op_id (the same op_id twice is a recorder bug)", "op_id " + opId + " again");
        }
        return new Op(opId, id(f.get("process_id")), invokeTs, completeTs, opType, id(f.get("key")),
                json(f.get("input")), json(f.get("output")), error, timeout, id(f.get("node_seen")),
                id(f.get("fault_epoch")), line);
    }

    /** An invoke or completion event (Jepsen's history written as JSON). */
    private void event(Map<String, Field> f, String type, int line, int col) {
        String opId = id(either(f, "op_id", "index"));
        String process = id(either(f, "process_id", "process"));
        if ("nemesis".equals(process)) {
            events.skipEvent();
            return;
        }
        String op = opType(either(f, "op_type", "f"));
        String key = id(f.get("key"));
        String node = id(f.get("node_seen"));
        String error = errorCode(f.get("error"), line);
        if (type.equals("invoke")) {
            events.invoke(process, opId, op, key, json(either(f, "input", "value")), node, line, col);
            return;
        }
        JsonNode value = json(either(f, "output", "value"));
        String owner = events.processOfOpenOp(opId, process);
        switch (type) {
            case "ok" -> events.complete(owner, opId, key, JepsenOpAssembler.Completion.OK, op, value, null, node, line, col);
            case "fail" -> events.complete(owner, opId, key, JepsenOpAssembler.Completion.FAIL, op, value, error, node, line, col);
            default -> events.complete(owner, opId, key, JepsenOpAssembler.Completion.INFO, op, value, error, node, line, col);
        }
    }

    private static Field either(Map<String, Field> f, String canonical, String jepsen) {
        Field v = f.get(canonical);
        return v != null ? v : f.get(jepsen);
    }

    private long timestamp(String name, Field v, boolean roundUp, int line) {
        try {
            return timestamps.read(v.value, roundUp, line);
        } catch (JsonTimestamps.NotATimestamp e) {
            throw new HistoryFormatException(source, line, v.column, name + " as " + e.getMessage(), JepsenEdnReader.excerpt(v.value));
        }
    }

    /** Ids, keys, nodes: any scalar as text, composites as their JSON text, null as null. */
    private static String id(Field v) {
        if (v == null || v.value.isNull()) return null;
        JsonNode n = v.value;
        if (n.isTextual()) return n.textValue();
        // a double that overflowed (1e400 reads as Infinity) has no decimal value: it stays text
        boolean finite = !(n.isDouble() || n.isFloat()) || Double.isFinite(n.doubleValue());
        if (n.isNumber() && !n.isIntegralNumber() && finite && n.decimalValue().stripTrailingZeros().scale() <= 0) {
            return n.decimalValue().toBigInteger().toString(); // 3.0 → "3", as an integer id would read
        }
        return n.isValueNode() ? n.asText() : JsonTrees.text(n);
    }

    /** op_type is a fixed vocabulary (read, write, …): compared in lower case. */
    private static String opType(Field v) {
        String t = id(v);
        return t == null ? null : t.strip().toLowerCase(Locale.ROOT);
    }

    private static String text(Field v) {
        return v == null || !v.value.isTextual() ? null : v.value.textValue();
    }

    private static String lower(String s) {
        return s == null ? null : s.strip().toLowerCase(Locale.ROOT);
    }

    private static JsonNode json(Field v) {
        return v == null ? NullNode.getInstance() : v.value;
    }

    /**
     * Words recorders write in an {@code error} field for "no error", compared stripped and in lower
     * case: Python's {@code str(None)}, Go's {@code fmt.Sprint(nil)} and {@code <nil>}, JSON's and
     * Clojure's null, a status word, a zero exit code, a false flag. Read as no error (the op
     * succeeded), with a note, so the op is checked: read as an error, a history whose recorder
     * writes one of them on every op would have every op failed, and nothing to check.
     */
    private static final java.util.Set<String> NO_ERROR_WORDS = java.util.Set.of("none", "nil", "<nil>", "null", "ok",
            "success", "0", "false");

    /** An error code, or null when the record says "no error" in any of the usual ways. */
    private String errorCode(Field v, int line) {
        if (v == null || v.value.isNull()) return null;
        JsonNode n = v.value;
        if (n.isTextual()) {
            String t = n.textValue();
            if (t.isBlank()) {
                notes.add(line, "empty-error", "\"error\": \"\" was read as no error", false);
                return null;
            }
            if (t.length() <= 16 && NO_ERROR_WORDS.contains(t.strip().toLowerCase(Locale.ROOT))) {
                notes.add(line, "no-error-word", "\"error\": " + JsonTrees.text(n) + " was read as no error (a recorder's"
                        + " spelling of none; any other text is an error)", false);
                return null;
            }
            return t;
        }
        if (n.isBoolean()) {
            notes.add(line, "boolean-error", "\"error\" as a boolean was read as " + (n.booleanValue() ? "an error" : "no error"), false);
            return n.booleanValue() ? "error" : null;
        }
        if (isZero(n)) {
            notes.add(line, "numeric-error", "\"error\": " + n.asText() + " was read as no error (an exit status; any other"
                    + " number is an error code)", false);
            return null;
        }
        return n.isValueNode() ? n.asText() : JsonTrees.text(n);
    }

    private static boolean isZero(JsonNode n) {
        if (!n.isNumber()) return false;
        // doubles compared as doubles: an overflowed 1e400 (Infinity) has no decimal value
        return n.isDouble() || n.isFloat() ? n.doubleValue() == 0 : n.decimalValue().signum() == 0;
    }

    private boolean bool(Field v, int line) {
        if (v == null || v.value.isNull()) return false;
        JsonNode n = v.value;
        if (n.isBoolean()) return n.booleanValue();
        String t = n.isTextual() ? n.textValue().strip().toLowerCase(Locale.ROOT) : n.isIntegralNumber() ? n.asText() : null;
        if (t != null) {
            switch (t) {
                case "true", "1", "yes" -> {
                    notes.add(line, "boolean-as-text", "timeout_marker written as " + n + " was read as a boolean", false);
                    return true;
                }
                case "false", "0", "no", "" -> {
                    notes.add(line, "boolean-as-text", "timeout_marker written as " + n + " was read as a boolean", false);
                    return false;
                }
                default -> { }
            }
        }
        throw new HistoryFormatException(source, line, v.column, "timeout_marker as true, false or null", JepsenEdnReader.excerpt(n));
    }

    /** A name as it goes into an error message: at most 60 characters. */
    private static String excerpt(String name) {
        return name.length() > 60 ? name.substring(0, 57) + "..." : name;
    }

    private HistoryFormatException error(JsonLocation at, String expected, String found) {
        return new HistoryFormatException(source, Math.max(1, at.getLineNr()), col(at), expected, found);
    }

    private static int col(JsonLocation loc) {
        return Math.max(1, loc.getColumnNr());
    }

    @Override
    public void close() {
        try {
            if (parser != null) parser.close();
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
