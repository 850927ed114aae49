package dev.falsify.runner.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The machine-readable event log of a run, {@code artifacts/events.jsonl}: one JSON object per
 * {@link RunEvent}, a line each, {@code type} first and then the record's own fields. The runner
 * appends to it as events happen; the window replays a finished session from it instead of parsing
 * {@link RunEvent#describe()} prose back. This class is the one writer and the one reader of that
 * format, so the two cannot drift apart.
 *
 * <p>Events are data from the run: a process's log line or a fault's detail is a JSON string, never
 * read as structure, and nothing replayed from this file feeds a verdict (verdicts come from the
 * findings and the verdict table).
 */
public final class RunEventLog {
    /** More events than a replay can use; a longer file is read up to here and says so. */
    static final int MAX_EVENTS = 200_000;
    /** A longer line is no event the runner wrote: skipped without being held in memory. */
    static final int MAX_LINE = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);
    private static final Map<String, Class<? extends RunEvent>> TYPES = Map.ofEntries(
            Map.entry("scenario-started", RunEvent.ScenarioStarted.class),
            Map.entry("started", RunEvent.ProcessStarted.class),
            Map.entry("ready", RunEvent.ProcessReady.class),
            Map.entry("log", RunEvent.LogLine.class),
            Map.entry("log-marker", RunEvent.LogMarker.class),
            Map.entry("fault-injected", RunEvent.FaultInjected.class),
            Map.entry("fault-healed", RunEvent.FaultHealed.class),
            Map.entry("landing", RunEvent.LandingChecked.class),
            Map.entry("oracle", RunEvent.OracleChecked.class),
            Map.entry("ended", RunEvent.ProcessEnded.class),
            Map.entry("scenario-ended", RunEvent.ScenarioEnded.class),
            Map.entry("step", RunEvent.Step.class));

    private RunEventLog() {
    }

    /** One event as one line of JSON (no line break inside: strings are escaped). */
    public static String line(RunEvent e) {
        ObjectNode n = JSON.createObjectNode();
        n.put("type", e.type());
        n.setAll((ObjectNode) JSON.valueToTree(e));
        try {
            return JSON.writeValueAsString(n);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException("a run event could not be written as JSON: " + ex.getMessage(), ex);
        }
    }

    /** What a read found: the events in file order, and the lines it could not use (file:line: why). */
    public record Read(List<RunEvent> events, List<String> problems) {
        public Read {
            events = List.copyOf(events);
            problems = List.copyOf(problems);
        }
    }

    /** One line read back; the problem says why it is no event. */
    static RunEvent parse(String line) throws IOException {
        JsonNode n;
        try {
            n = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IOException("not JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) throw new IOException("not a JSON object");
        Class<? extends RunEvent> type = TYPES.get(n.path("type").asText(""));
        if (type == null || !n.path("type").isTextual()) throw new IOException("unknown event type " + n.path("type"));
        RunEvent e;
        try {
            e = JSON.treeToValue(n, type);
        } catch (JsonProcessingException | IllegalArgumentException ex) {
            throw new IOException("not a " + n.path("type").asText() + " event: " + ex.getMessage());
        }
        for (RecordComponent c : type.getRecordComponents()) {
            if (!n.has(c.getName()) && !c.getName().equals("signal")) {
                throw new IOException(n.path("type").asText() + " event without " + c.getName());
            }
            if (c.getType() == String.class && !c.getName().equals("signal") && !n.path(c.getName()).isTextual()) {
                throw new IOException(n.path("type").asText() + " event: " + c.getName() + " is not a string");
            }
        }
        return e;
    }

    /**
     * Reads {@code file}. Never throws for bad content: a line that is not an event (a torn last line
     * after a crash, a hand edit) is named in {@link Read#problems()} and skipped. Memory stays bounded
     * by {@link #MAX_EVENTS} and {@link #MAX_LINE}.
     */
    public static Read read(Path file) throws IOException {
        List<RunEvent> events = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String name = file.getFileName().toString();
        try (Reader in = new InputStreamReader(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS),
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE))) {
            StringBuilder b = new StringBuilder();
            boolean tooLong = false;
            int lineNo = 1;
            int c;
            while ((c = in.read()) != -1) {
                if (c != '\n') {
                    if (b.length() < MAX_LINE) b.append((char) c);
                    else tooLong = true;
                    continue;
                }
                if (!take(b, tooLong, name, lineNo, events, problems)) return new Read(events, problems);
                b.setLength(0);
                tooLong = false;
                lineNo++;
            }
            if (b.length() > 0 || tooLong) {
                // the runner ends every event with a line break: a last line without one was cut by a crash
                problems.add(name + ":" + lineNo + ": incomplete last line (the run was cut while writing it); skipped");
            }
        }
        return new Read(events, problems);
    }

    private static boolean take(StringBuilder b, boolean tooLong, String name, int lineNo, List<RunEvent> events,
                                List<String> problems) {
        if (tooLong) {
            problems.add(name + ":" + lineNo + ": longer than " + MAX_LINE + " characters; skipped");
            return true;
        }
        if (b.toString().isBlank()) return true;
        if (events.size() >= MAX_EVENTS) {
            problems.add(name + ":" + lineNo + ": more than " + MAX_EVENTS + " events; the rest is not read");
            return false;
        }
        try {
            events.add(parse(b.toString()));
        } catch (IOException e) {
            problems.add(name + ":" + lineNo + ": " + e.getMessage() + "; skipped");
        }
        return true;
    }

    /**
     * Appends events to one file. Each event is one {@code write} of one whole line to a file opened
     * for appending, so concurrent seeds never interleave inside a line; the file is forced to disk
     * when a scenario ends and on close (not per event: a run publishes hundreds a second).
     */
    public static final class Writer implements AutoCloseable {
        private final FileChannel ch;

        public Writer(Path file) throws IOException {
            Files.createDirectories(file.toAbsolutePath().getParent());
            this.ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS);
        }

        public synchronized void append(RunEvent e) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap((line(e) + "\n").getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) ch.write(buf);
            if (e instanceof RunEvent.ScenarioEnded) ch.force(false);
        }

        @Override
        public synchronized void close() throws IOException {
            try {
                ch.force(false);
            } finally {
                ch.close();
            }
        }
    }
}
