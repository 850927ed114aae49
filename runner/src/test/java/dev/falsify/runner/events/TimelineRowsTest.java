package dev.falsify.runner.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.TimelineEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every event the session log's timeline keeps reads back as itself from its row. */
class TimelineRowsTest {
    @Test
    void everyTimelineEventRoundTripsThroughItsRow() {
        long at = Instant.parse("2026-12-01T08:09:45.503Z").toEpochMilli();
        List<RunEvent> events = List.of(
                new RunEvent.ScenarioStarted(at, "S1-1", 7),
                new RunEvent.ProcessStarted(at, "S1-1", "n1", 9285, ""),
                new RunEvent.ProcessReady(at, "S1-1", "n1", "log line /n1 listening on/", 304),
                new RunEvent.LogMarker(at, "S1-1", "n1", "out", 2, "ready-line", "n1 listening on 27001: yes"),
                new RunEvent.FaultInjected(at, "S1-1", "partition-n2", "partition", "proxy p12", "at 1469 ms (jitter -31 ms)"),
                new RunEvent.FaultInjected(at, "S1-1", "f", "command", "`touch x`", ""),
                new RunEvent.FaultHealed(at, "S1-1", "partition-n2", ""),
                new RunEvent.FaultHealed(at, "S1-1", "kill", "restarted: pid 4"),
                new RunEvent.LandingChecked(at, "S1-1", "partition-n2", true, "1/1 connections hit; upstream: 400 B dropped"),
                new RunEvent.LandingChecked(at, "S1-1", "noop", false, "probe 5 -> 5"),
                new RunEvent.OracleChecked(at, "S1-1", "linearizability", "valid", "linearizable: 1122 ops (1122 of 1122 ops)"),
                new RunEvent.ProcessEnded(at, "S1-1", "n1", 9285, 0, "TERM", "teardown"),
                new RunEvent.ProcessEnded(at, "S1-1", "workload", 9395, 3, null, "exit"),
                new RunEvent.ScenarioEnded(at, "S1-1", "clean", ""),
                new RunEvent.ScenarioEnded(at, "S1-1", "error", "cancelled"),
                new RunEvent.Step(at, "S1-1", "quiescence", "500 ms after the workload ended"),
                new RunEvent.Step(at, "", "stopped", ""));
        for (RunEvent e : events) {
            TimelineEvent row = new TimelineEvent(Instant.ofEpochMilli(e.atMs()).toString(), e.scenario(), e.type(), e.describe());
            RunEvent back = TimelineRows.event(row).orElseThrow(() -> new AssertionError("not read back: " + row));
            // ProcessEnded keeps no exit code when a signal ended it
            if (e instanceof RunEvent.ProcessEnded pe && pe.signal() != null) {
                assertThat(back).isEqualTo(new RunEvent.ProcessEnded(at, "S1-1", "n1", 9285, -1, "TERM", "teardown"));
            } else {
                assertThat(back).isEqualTo(e);
            }
        }
    }

    @Test
    void rowsNoEventWritesAreSkipped() {
        assertThat(TimelineRows.event(new TimelineEvent("yesterday", "S1", "started", "x started, pid 1"))).isEmpty();
        assertThat(TimelineRows.event(new TimelineEvent("2026-12-01T08:09:45Z", "S1", "start", "manual row"))).isEmpty();
    }
}
