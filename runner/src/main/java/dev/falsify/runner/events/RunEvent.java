package dev.falsify.runner.events;

/**
 * Everything that happens during a run, as typed events: the UI timeline, session-log.md's
 * scenario timeline and the SQLite index all consume this one stream.
 *
 * <p>{@code atMs} is epoch milliseconds; {@code scenario} is the scenario label including the seed
 * (e.g. {@code S1-seed1}), or the scenario id for events outside a seed.
 */
public sealed interface RunEvent {
    long atMs();

    String scenario();

    /** A short name for timelines ({@code started}, {@code fault-injected}, …). */
    String type();

    /** One line for people. */
    String describe();

    record ScenarioStarted(long atMs, String scenario, long seed) implements RunEvent {
        public String type() {
            return "scenario-started";
        }

        public String describe() {
            return "scenario started (seed " + seed + ")";
        }
    }

    record ProcessStarted(long atMs, String scenario, String process, long pid, String command) implements RunEvent {
        public String type() {
            return "started";
        }

        public String describe() {
            return process + " started, pid " + pid;
        }
    }

    record ProcessReady(long atMs, String scenario, String process, String check, long waitedMs) implements RunEvent {
        public String type() {
            return "ready";
        }

        public String describe() {
            return process + " ready (" + check + ") after " + waitedMs + " ms";
        }
    }

    /** A line a process wrote; {@code lineNo} counts from 1 per process and stream, so gaps are visible. */
    record LogLine(long atMs, String scenario, String process, String stream, long lineNo, String text)
            implements RunEvent {
        public String type() {
            return "log";
        }

        public String describe() {
            return process + "." + stream + ":" + lineNo + " " + text;
        }
    }

    /** A log line that matched a marker pattern (readiness line, error, panic, exception). */
    record LogMarker(long atMs, String scenario, String process, String stream, long lineNo, String marker,
                     String text) implements RunEvent {
        /** Lines that mark trouble in any process's output (exceptions, errors, panics). */
        public static final java.util.regex.Pattern ERROR_LINE = java.util.regex.Pattern.compile(
                "Exception\\b|\\b(ERROR|FATAL|panic|Traceback|SEVERE)\\b");

        public String type() {
            return "log-marker";
        }

        public String describe() {
            return marker + " in " + process + "." + stream + ":" + lineNo + ": " + text;
        }
    }

    record FaultInjected(long atMs, String scenario, String fault, String kind, String target, String detail)
            implements RunEvent {
        public String type() {
            return "fault-injected";
        }

        public String describe() {
            return "fault " + fault + " (" + kind + ") injected on " + target + (detail.isEmpty() ? "" : ": " + detail);
        }
    }

    record FaultHealed(long atMs, String scenario, String fault, String detail) implements RunEvent {
        public String type() {
            return "fault-healed";
        }

        public String describe() {
            return "fault " + fault + " healed" + (detail.isEmpty() ? "" : ": " + detail);
        }
    }

    /** A landing-evidence reading: proxy counters, process exit evidence or a probe value vs its expectation. */
    record LandingChecked(long atMs, String scenario, String fault, boolean landed, String evidence)
            implements RunEvent {
        public String type() {
            return "landing";
        }

        public String describe() {
            return "landing " + (landed ? "proven" : "NOT proven") + " for " + fault + ": " + evidence;
        }
    }

    record OracleChecked(long atMs, String scenario, String checker, String validity, String summary)
            implements RunEvent {
        public String type() {
            return "oracle";
        }

        public String describe() {
            return checker + ": " + validity + " — " + summary;
        }
    }

    /**
     * A process ended. {@code exitCode} is the process's own code; {@code signal} the signal that
     * killed it (e.g. {@code KILL}) or null; {@code reason} says who ended it (exit, fault, teardown, timeout, cancel).
     */
    record ProcessEnded(long atMs, String scenario, String process, long pid, int exitCode, String signal,
                        String reason) implements RunEvent {
        public String type() {
            return "ended";
        }

        public String describe() {
            return process + " (pid " + pid + ") ended: " + (signal != null ? "signal " + signal : "exit " + exitCode)
                    + " [" + reason + "]";
        }
    }

    record ScenarioEnded(long atMs, String scenario, String verdict, String note) implements RunEvent {
        public String type() {
            return "scenario-ended";
        }

        public String describe() {
            return "scenario ended: " + verdict + (note.isEmpty() ? "" : " — " + note);
        }
    }

    /** A free-form step of the executor (setup command, quiescence, final-state dump, probe) for the timeline. */
    record Step(long atMs, String scenario, String step, String detail) implements RunEvent {
        public String type() {
            return "step";
        }

        public String describe() {
            return step + (detail.isEmpty() ? "" : ": " + detail);
        }
    }
}
