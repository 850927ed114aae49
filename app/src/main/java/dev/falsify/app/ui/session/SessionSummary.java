package dev.falsify.app.ui.session;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.SessionHeadline;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A session as the Sessions tree lists it: headline verdict and time, newest first.
 *
 * @param dir      the folder
 * @param label    {@code 2026-12-01 08:10:30Z — FAIL  replicated-kv}
 * @param at       its start, when known
 * @param headline the headline verdict, empty when the folder could not be read
 */
public record SessionSummary(Path dir, String label, Optional<Instant> at, Optional<SessionHeadline> headline) {
    public static final Comparator<SessionSummary> NEWEST_FIRST = Comparator
            .comparing((SessionSummary s) -> s.at().orElse(Instant.MIN), Comparator.reverseOrder())
            .thenComparing(s -> s.dir().toString());

    /** Reads the folder (off the FX thread). */
    public static SessionSummary of(Path dir) {
        try {
            SessionFolder f = SessionReader.read(dir);
            SessionHeadline h = f.headline();
            String slug = f.planSlug().isBlank() ? "" : "  " + f.planSlug();
            return new SessionSummary(dir, SessionData.time(f) + " \u2014 " + h.name()
                    + (f.interrupted() ? " (interrupted)" : "") + slug, SessionData.at(f), Optional.of(h));
        } catch (IOException | RuntimeException e) {
            return new SessionSummary(dir, dir.getFileName() + " \u2014 unreadable", Optional.empty(), Optional.empty());
        }
    }

    public static List<SessionSummary> newestFirst(List<Path> dirs) {
        List<SessionSummary> out = new ArrayList<>();
        dirs.forEach(d -> out.add(of(d)));
        out.sort(NEWEST_FIRST);
        return out;
    }
}
