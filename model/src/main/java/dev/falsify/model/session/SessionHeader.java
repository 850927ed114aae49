package dev.falsify.model.session;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The header lines of {@code session-log.md}.
 *
 * @param title      the level-1 heading text, or empty
 * @param sut        {@code **SUT:**}
 * @param plan       {@code **Plan:**} — a path, relative to the session folder, the repository root or the cwd
 * @param commit     {@code **Commit under test:**} (sha, {@code -dirty} when the work tree had changes)
 * @param sessionDir {@code **Session dir:**}
 * @param operator   {@code **Operator:**}
 * @param started    {@code **Started:**} UTC time, or empty
 * @param ended      {@code **Session ended:**} value (the end marker), or empty while running / when interrupted
 * @param other      any further header labels, in order
 */
public record SessionHeader(String title, String sut, String plan, String commit, String sessionDir, String operator,
                            String started, String ended, Map<String, String> other) {
    public SessionHeader {
        title = nz(title);
        sut = nz(sut);
        plan = nz(plan);
        commit = nz(commit);
        sessionDir = nz(sessionDir);
        operator = nz(operator);
        started = nz(started);
        ended = nz(ended);
        other = other == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(other));
    }

    private static String nz(String s) {
        return s == null ? "" : s.strip();
    }

    public SessionHeader withEnded(String value) {
        return new SessionHeader(title, sut, plan, commit, sessionDir, operator, started, value, other);
    }
}
