package dev.falsify.model.session;

import dev.falsify.model.io.AtomicFiles;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code messages.jsonl} format: one {@link MessageEvent} per line, fields in a fixed order. The runner
 * writes it while the run goes on ({@link Writer}: a temp file renamed over the target at close, so a reader
 * never sees half a log); the workbench reads it ({@link #read}), failing with file:line on a bad line.
 */
public final class MessageEventLog {
    private static final JsonFactory JSON = new JsonFactory();

    private MessageEventLog() {
    }

    /** Appends events to a temp file beside the target; {@link #close} renames it into place. Not thread-safe. */
    public static final class Writer implements AutoCloseable {
        private final Path target;
        private final Path temp;
        private final OutputStream out;
        private final JsonGenerator g;
        private long written;
        private boolean closed;

        public Writer(Path target) throws IOException {
            this.target = target;
            Files.createDirectories(target.toAbsolutePath().getParent());
            // the temp-file naming of AtomicFiles, so session readers skip it while it grows
            this.temp = target.toAbsolutePath().getParent().resolve("." + target.getFileName() + ".writing.tmp");
            this.out = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16);
            this.g = JSON.createGenerator(out, JsonEncoding.UTF8);
            g.setRootValueSeparator(null);
            // one moment on both clocks, so a viewer can place wall-clock log lines on the events' monotonic clock
            long mono = System.nanoTime();
            java.time.Instant wall = java.time.Instant.now();
            g.writeStartObject();
            g.writeObjectFieldStart("clock");
            g.writeNumberField("wall_us", wall.getEpochSecond() * 1_000_000 + wall.getNano() / 1000);
            g.writeNumberField("mono_ns", mono);
            g.writeEndObject();
            g.writeEndObject();
            g.writeRaw('\n');
        }

        public void write(MessageEvent e) throws IOException {
            g.writeStartObject();
            g.writeNumberField("seq", e.seq());
            g.writeStringField("kind", e.kind().id());
            g.writeStringField("msg", e.message());
            g.writeNumberField("t_us", e.timeMicros());
            g.writeNumberField("mono_ns", e.monoNanos());
            g.writeStringField("link", e.link());
            g.writeNumberField("conn", e.connection());
            g.writeStringField("dir", e.direction());
            g.writeStringField("src", e.src());
            g.writeStringField("dst", e.dst());
            g.writeStringField("type", e.type());
            g.writeStringField("filter", e.filter());
            g.writeStringField("state", e.state());
            if (e.delayMs() > 0) g.writeNumberField("delay_ms", e.delayMs());
            g.writeNumberField("size", e.size());
            g.writeStringField("payload", e.payload());
            if (!e.fields().isEmpty()) {
                g.writeObjectFieldStart("fields");
                for (Map.Entry<String, String> f : new java.util.TreeMap<>(e.fields()).entrySet()) g.writeStringField(f.getKey(), f.getValue());
                g.writeEndObject();
            }
            if (!e.note().isEmpty()) g.writeStringField("note", e.note());
            g.writeEndObject();
            g.writeRaw('\n');
            written++;
        }

        public long written() {
            return written;
        }

        /** Flushes, syncs and renames the log into place. */
        @Override
        public void close() throws IOException {
            if (closed) return;
            closed = true;
            g.close();
            out.close();
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** A line that is not a message event. */
    public static final class FormatException extends IOException {
        public FormatException(String message) {
            super(message);
        }
    }

    /** Every event of a log, in order. */
    public static List<MessageEvent> read(Path file) throws IOException {
        List<MessageEvent> out = new ArrayList<>();
        try (Lines r = new Lines(file)) {
            String line;
            while ((line = r.next()) != null) {
                if (line.isBlank() || line.startsWith(CLOCK_LINE)) continue;
                try {
                    out.add(parse(line));
                } catch (IOException | RuntimeException e) {
                    throw new FormatException(file + ":" + r.lineNo + ":1: not a message event: " + oneLine(e.getMessage()));
                }
            }
        }
        return out;
    }

    /**
     * The lines of a log (ended by LF, CR or CRLF, as {@link java.io.BufferedReader#readLine} ends them), each
     * decoded as strict UTF-8: bytes that are not UTF-8 fail with the file, line and column (characters before
     * them + 1) and the byte, rather than the decoder's bare "Input length = 1".
     */
    private static final class Lines implements AutoCloseable {
        private final Path file;
        private final java.io.InputStream in;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        private final java.nio.charset.CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        int lineNo;

        Lines(Path file) throws IOException {
            this.file = file;
            this.in = new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16);
        }

        /** The next line, or null at the end. */
        String next() throws IOException {
            line.reset();
            int b = in.read();
            if (b < 0) return null;
            while (b >= 0 && b != '\n' && b != '\r') {
                line.write(b);
                b = in.read();
            }
            if (b == '\r') {
                in.mark(1);
                if (in.read() != '\n') in.reset();
            }
            lineNo++;
            return decode(line.toByteArray());
        }

        private String decode(byte[] bytes) throws FormatException {
            java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(bytes);
            java.nio.CharBuffer cb = java.nio.CharBuffer.allocate(bytes.length);
            utf8.reset();
            java.nio.charset.CoderResult r = utf8.decode(bb, cb, true);
            if (!r.isError()) r = utf8.flush(cb);
            if (r.isError()) {
                throw new FormatException(file + ":" + lineNo + ":" + (cb.position() + 1) + ": not valid UTF-8 (byte 0x"
                        + String.format("%02X", bytes[bb.position()] & 0xff) + "); a messages.jsonl is UTF-8 text");
            }
            return cb.flip().toString();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    private static final String CLOCK_LINE = "{\"clock\":";

    /** One moment read on the wall clock (epoch µs) and the runner's monotonic clock (ns) when the log began. */
    public record ClockAnchor(long wallMicros, long monoNanos) {
    }

    /** The log's clock anchor (its first line); empty for a log written without one. */
    public static java.util.Optional<ClockAnchor> anchor(Path file) throws IOException {
        try (Lines r = new Lines(file)) {
            String line = r.next();
            if (line == null || !line.startsWith(CLOCK_LINE)) return java.util.Optional.empty();
            java.util.regex.Matcher w = java.util.regex.Pattern.compile("\"wall_us\":(\\d+)").matcher(line);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"mono_ns\":(-?\\d+)").matcher(line);
            if (!w.find() || !m.find()) return java.util.Optional.empty();
            return java.util.Optional.of(new ClockAnchor(Long.parseLong(w.group(1)), Long.parseLong(m.group(1))));
        }
    }

    static MessageEvent parse(String line) throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        Map<String, String> fields = new LinkedHashMap<>();
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException("expected a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (name.equals("fields") && t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String k = p.currentName();
                        p.nextToken();
                        fields.put(k, p.getValueAsString(""));
                    }
                } else if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    p.skipChildren();
                } else if (t == JsonToken.VALUE_NUMBER_INT) {
                    v.put(name, p.getLongValue());
                } else {
                    v.put(name, p.getValueAsString(""));
                }
            }
        }
        Object kindText = v.get("kind");
        MessageEventKind kind = MessageEventKind.of(kindText == null ? null : kindText.toString())
                .orElseThrow(() -> new IOException("unknown kind '" + kindText + "'"));
        return new MessageEvent(num(v, "seq"), kind, str(v, "msg"), num(v, "t_us"), num(v, "mono_ns"), str(v, "link"),
                num(v, "conn"), str(v, "dir"), str(v, "src"), str(v, "dst"), str(v, "type"), str(v, "filter"), str(v, "state"),
                num(v, "delay_ms"), (int) num(v, "size"), str(v, "payload"), fields, str(v, "note"));
    }

    private static long num(Map<String, Object> v, String k) throws IOException {
        Object o = v.get(k);
        if (o == null) return 0;
        if (o instanceof Long l) return l;
        throw new IOException(k + " must be a whole number, not '" + o + "'");
    }

    private static String str(Map<String, Object> v, String k) {
        Object o = v.get(k);
        return o == null ? "" : o.toString();
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").strip();
    }
}
