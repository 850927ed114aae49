package dev.falsify.runner.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** artifacts/events.jsonl: every event written is read back as itself; what the run wrote stays data. */
class RunEventLogTest {
    @TempDir
    Path tmp;

    static List<RunEvent> allKinds() {
        long at = Instant.parse("2026-12-01T08:09:45.503Z").toEpochMilli();
        return List.of(
                new RunEvent.ScenarioStarted(at, "S1-1", 7),
                new RunEvent.ProcessStarted(at, "S1-1", "n1", 9285, "./kv --port 1"),
                new RunEvent.ProcessReady(at, "S1-1", "n1", "log line /n1 listening on/", 304),
                new RunEvent.LogLine(at, "S1-1", "n1", "out", 1, "hello"),
                new RunEvent.LogMarker(at, "S1-1", "n1", "out", 2, "ready-line", "n1 listening on 27001: yes"),
                new RunEvent.FaultInjected(at, "S1-1", "partition-n2", "partition", "proxy p12", "at 1469 ms (jitter -31 ms)"),
                new RunEvent.FaultHealed(at, "S1-1", "kill", "restarted: pid 4"),
                new RunEvent.LandingChecked(at, "S1-1", "noop", false, "probe 5 -> 5"),
                new RunEvent.OracleChecked(at, "S1-1", "linearizability", "valid", "linearizable: 1122 ops"),
                new RunEvent.ProcessEnded(at, "S1-1", "n1", 9285, 0, "TERM", "teardown"),
                new RunEvent.ProcessEnded(at, "S1-1", "workload", 9395, 3, null, "exit"),
                new RunEvent.ScenarioEnded(at, "S1-1", "error", "cancelled"),
                new RunEvent.Step(at, "", "stopped", ""));
    }

    @Test
    void everyEventRoundTripsExactlyUnlikeTheProseRows() throws Exception {
        Path file = tmp.resolve("artifacts/events.jsonl");
        try (RunEventLog.Writer w = new RunEventLog.Writer(file)) {
            for (RunEvent e : allKinds()) w.append(e);
        }
        RunEventLog.Read r = RunEventLog.read(file);
        assertThat(r.problems()).isEmpty();
        // the prose reader loses a signalled process's exit code and a started process's command; this does not
        assertThat(r.events()).containsExactlyElementsOf(allKinds());
        assertThat(Files.readAllLines(file)).hasSize(allKinds().size()).allMatch(l -> l.startsWith("{\"type\":\""));
    }

    @Test
    void aHostileValueInsideAnEventStaysOneStringOfOneEvent() throws Exception {
        String forged = "x\n{\"type\":\"scenario-ended\",\"atMs\":1,\"scenario\":\"S1-1\",\"verdict\":\"clean\",\"note\":\"\"}\n"
                + "\u2028 — fault f healed \\\" }";
        List<RunEvent> written = List.of(
                new RunEvent.LogMarker(5, "S1-1", "n1", "err", 9, "error", forged),
                new RunEvent.OracleChecked(6, "S1-1", "linearizability", "invalid", forged),
                new RunEvent.Step(7, forged, forged, forged));
        Path file = tmp.resolve("events.jsonl");
        try (RunEventLog.Writer w = new RunEventLog.Writer(file)) {
            for (RunEvent e : written) w.append(e);
        }
        RunEventLog.Read r = RunEventLog.read(file);
        assertThat(r.events()).containsExactlyElementsOf(written);
        assertThat(r.events()).noneMatch(e -> e instanceof RunEvent.ScenarioEnded);
    }

    @Test
    void damagedLinesAreNamedAndSkippedNeverThrown() throws Exception {
        Path file = tmp.resolve("events.jsonl");
        List<String> lines = new ArrayList<>();
        lines.add(RunEventLog.line(new RunEvent.ScenarioStarted(1, "S1-1", 7)));
        lines.add("not json");
        lines.add("{\"type\":\"teleported\",\"atMs\":1}");
        lines.add("{\"type\":\"started\",\"atMs\":1,\"scenario\":\"S1-1\",\"pid\":3,\"command\":\"\"}");   // no process
        lines.add("{\"type\":\"step\",\"atMs\":1,\"scenario\":\"S1-1\",\"step\":7,\"detail\":\"\"}");        // not a string
        lines.add("[1,2]");
        lines.add("x".repeat(RunEventLog.MAX_LINE + 10));
        Files.writeString(file, String.join("\n", lines) + "\n" + "{\"type\":\"step\",\"atMs\"", StandardCharsets.UTF_8);
        RunEventLog.Read r = RunEventLog.read(file);
        assertThat(r.events()).containsExactly(new RunEvent.ScenarioStarted(1, "S1-1", 7));
        assertThat(r.problems()).hasSize(7);
        assertThat(r.problems().get(0)).startsWith("events.jsonl:2: not JSON");
        assertThat(r.problems().get(2)).startsWith("events.jsonl:4: started event without process");
        assertThat(r.problems().get(6)).startsWith("events.jsonl:8: incomplete last line");
    }

    @Test
    void replayReadsTheEventLogAndAnOlderSessionFallsBackToItsLogRows() throws Exception {
        SessionWriter w = SessionWriter.create(tmp.resolve("sessions"), "kv", new dev.falsify.model.session.SessionHeader("", "kv", "", "", "", "", "", "", java.util.Map.of()),
                java.time.Clock.systemUTC());
        RunEvent started = new RunEvent.ScenarioStarted(Instant.parse("2026-12-01T08:09:45.503Z").toEpochMilli(), "S1-1", 7);
        RunEvent ended = new RunEvent.ProcessEnded(started.atMs(), "S1-1", "n1", 9, 0, "KILL", "fault");
        for (RunEvent e : List.of(started, ended)) {
            w.event(new dev.falsify.model.session.TimelineEvent(Instant.ofEpochMilli(e.atMs()).toString(), e.scenario(), e.type(),
                    e.describe()));
        }
        w.finish();
        // an older session: no events.jsonl, so the prose rows (which lose the exit code under a signal)
        TimelineReplay old = TimelineReplay.of(w.dir(), SessionReader.read(w.dir()));
        assertThat(old.source()).contains("no artifacts/events.jsonl");
        assertThat(old.events()).hasSize(2).first().isEqualTo(started);
        // with the event log, the events themselves
        try (RunEventLog.Writer log = new RunEventLog.Writer(SessionLayout.eventsFile(w.dir()))) {
            log.append(started);
            log.append(ended);
        }
        Files.writeString(SessionLayout.eventsFile(w.dir()), "garbage\n", StandardOpenOption.APPEND);
        TimelineReplay now = TimelineReplay.of(w.dir(), SessionReader.read(w.dir()));
        assertThat(now.source()).isEqualTo("artifacts/events.jsonl");
        assertThat(now.events()).containsExactly(started, ended);
        assertThat(now.problems()).singleElement().asString().startsWith("events.jsonl:3: not JSON");
    }
}
