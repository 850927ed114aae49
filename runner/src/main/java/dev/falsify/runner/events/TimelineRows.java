package dev.falsify.runner.events;

import dev.falsify.model.session.TimelineEvent;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The inverse of the session log's timeline rows: a row written from a {@link RunEvent} (its
 * {@link RunEvent#type()} and {@link RunEvent#describe()}) read back as that event, so a finished
 * session replays through the same code as a live run. Lives beside {@code describe()} so the two
 * change together.
 */
public final class TimelineRows {
    private static final Pattern SEED = Pattern.compile("scenario started \\(seed (-?\\d+)\\)");
    private static final Pattern STARTED = Pattern.compile("(.+) started, pid (\\d+)");
    private static final Pattern READY = Pattern.compile("(.+?) ready \\((.*)\\) after (\\d+) ms");
    private static final Pattern MARKER = Pattern.compile("(\\S+) in (.+)\\.(out|err):(\\d+): (.*)", Pattern.DOTALL);
    private static final Pattern INJECTED = Pattern.compile("fault (.+?) \\((.+?)\\) injected on (.+?)(?:: (.*))?", Pattern.DOTALL);
    private static final Pattern HEALED = Pattern.compile("fault (.+?) healed(?:: (.*))?", Pattern.DOTALL);
    private static final Pattern LANDING = Pattern.compile("landing (proven|NOT proven) for (.+?): (.*)", Pattern.DOTALL);
    private static final Pattern ORACLE = Pattern.compile("(.+?): (.+?) \u2014 (.*)", Pattern.DOTALL);
    private static final Pattern ENDED = Pattern.compile("(.+) \\(pid (\\d+)\\) ended: (signal (\\S+)|exit (-?\\d+)) \\[(.*)\\]");
    private static final Pattern SCENARIO_ENDED = Pattern.compile("scenario ended: (.+?)(?: \u2014 (.*))?", Pattern.DOTALL);
    private static final Pattern STEP = Pattern.compile("(.+?)(?:: (.*))?", Pattern.DOTALL);

    private TimelineRows() {
    }

    /** The event a timeline row was written from, or empty for a row no run event writes (or an unreadable time). */
    public static Optional<RunEvent> event(TimelineEvent row) {
        long at;
        try {
            at = Instant.parse(row.time().trim()).toEpochMilli();
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
        String sc = row.scenario();
        String n = row.notes();
        Matcher m;
        RunEvent e = switch (row.event().trim()) {
            case "scenario-started" -> (m = SEED.matcher(n)).matches()
                    ? new RunEvent.ScenarioStarted(at, sc, Long.parseLong(m.group(1))) : null;
            case "started" -> (m = STARTED.matcher(n)).matches()
                    ? new RunEvent.ProcessStarted(at, sc, m.group(1), Long.parseLong(m.group(2)), "") : null;
            case "ready" -> (m = READY.matcher(n)).matches()
                    ? new RunEvent.ProcessReady(at, sc, m.group(1), m.group(2), Long.parseLong(m.group(3))) : null;
            case "log-marker" -> (m = MARKER.matcher(n)).matches()
                    ? new RunEvent.LogMarker(at, sc, m.group(2), m.group(3), Long.parseLong(m.group(4)), m.group(1), m.group(5)) : null;
            case "fault-injected" -> (m = INJECTED.matcher(n)).matches()
                    ? new RunEvent.FaultInjected(at, sc, m.group(1), m.group(2), m.group(3), orEmpty(m.group(4))) : null;
            case "fault-healed" -> (m = HEALED.matcher(n)).matches()
                    ? new RunEvent.FaultHealed(at, sc, m.group(1), orEmpty(m.group(2))) : null;
            case "landing" -> (m = LANDING.matcher(n)).matches()
                    ? new RunEvent.LandingChecked(at, sc, m.group(2), m.group(1).equals("proven"), m.group(3)) : null;
            case "oracle" -> (m = ORACLE.matcher(n)).matches()
                    ? new RunEvent.OracleChecked(at, sc, m.group(1), m.group(2), m.group(3)) : null;
            case "ended" -> (m = ENDED.matcher(n)).matches()
                    ? new RunEvent.ProcessEnded(at, sc, m.group(1), Long.parseLong(m.group(2)),
                    m.group(5) == null ? -1 : Integer.parseInt(m.group(5)), m.group(4), m.group(6)) : null;
            case "scenario-ended" -> (m = SCENARIO_ENDED.matcher(n)).matches()
                    ? new RunEvent.ScenarioEnded(at, sc, m.group(1), orEmpty(m.group(2))) : null;
            case "step" -> (m = STEP.matcher(n)).matches() ? new RunEvent.Step(at, sc, m.group(1), orEmpty(m.group(2))) : null;
            default -> null;
        };
        return Optional.ofNullable(e);
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
