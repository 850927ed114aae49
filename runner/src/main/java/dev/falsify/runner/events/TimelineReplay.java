package dev.falsify.runner.events;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.session.TimelineEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The events of a finished or interrupted session, for replaying its timeline: from the run's event
 * log ({@code artifacts/events.jsonl}) when it has one; a session written before Falsify kept that log
 * falls back to its session-log.md timeline rows read back by {@link TimelineRows}, and says so.
 *
 * @param events   in the order they happened
 * @param source   where they came from, for the status line
 * @param problems lines that could not be used (file:line: why)
 */
public record TimelineReplay(List<RunEvent> events, String source, List<String> problems) {
    public TimelineReplay {
        events = List.copyOf(events);
        problems = List.copyOf(problems);
    }

    public static TimelineReplay of(Path sessionDir, SessionFolder folder) throws IOException {
        Path file = SessionLayout.eventsFile(sessionDir);
        if (Files.isRegularFile(file)) {
            RunEventLog.Read r = RunEventLog.read(file);
            return new TimelineReplay(r.events(), SessionLayout.ARTIFACTS + "/" + SessionLayout.EVENTS, r.problems());
        }
        List<RunEvent> events = new ArrayList<>();
        for (TimelineEvent row : folder.log().timeline()) {
            TimelineRows.event(row).ifPresent(events::add);
        }
        return new TimelineReplay(events, SessionLayout.LOG + " (no " + SessionLayout.ARTIFACTS + "/" + SessionLayout.EVENTS
                + ": a session from an older Falsify, its timeline read back from the log's rows)", List.of());
    }
}
