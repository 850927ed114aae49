package dev.falsify.model.session;

import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a session started, for ordering sessions oldest first: the {@code Started:} header line, else a
 * time in the folder's name ({@code 2026-11-30T041500Z}, {@code 2026-12-02-nightly}), else the end
 * marker's time. Folders named by people ({@code nightly-3}) sort wrongly by name, and a wrong order
 * invents or hides flips in a scenario's history.
 */
public final class SessionTime {
    private static final Pattern STAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}(?:[T _]\\d{2}(?::?\\d{2}){1,2}(?:\\.\\d+)?)?"
            + "(?:\\s*(?:Z|UTC)|[+-]\\d{2}:?\\d{2})?");

    /** Sessions with a known time first, oldest first; then the undated ones by name. */
    public static final Comparator<Dated> ORDER = Comparator.<Dated, Instant>comparing(d -> d.at().orElse(Instant.MAX))
            .thenComparing(Dated::name);

    /** Something with a session time and a name to break ties. */
    public interface Dated {
        Optional<Instant> at();

        String name();
    }

    private SessionTime() {
    }

    public static Optional<Instant> of(String folderName, String started, String ended) {
        return first(started).or(() -> first(folderName)).or(() -> first(ended));
    }

    /**
     * A session's time as the window and the reports show it: {@code 2026-12-01 08:10:30Z} (UTC, to
     * the second). One format, whether the time came from the folder name or the session log.
     */
    public static String display(Instant at) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'")
                .withZone(java.time.ZoneOffset.UTC).format(at);
    }

    /** The first timestamp written in {@code text}, if it parses. */
    static Optional<Instant> first(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = STAMP.matcher(text);
        return m.find() ? Times.parse(m.group()) : Optional.empty();
    }
}
