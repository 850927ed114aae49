package dev.falsify.model.session;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Times as people and agents write them in session folders: {@code 2026-12-03T10:00:00Z},
 * {@code 2026-12-03 12:00:00+02:00}, {@code 2026-12-03T11:00Z}, {@code 2026-12-03 11:00 UTC},
 * {@code 2026-12-03T11:40:00.250Z}, the compact folder form {@code 2026-12-03T101500Z}, or a bare date.
 * A time without a zone is UTC (the spec's session times are UTC).
 */
final class Times {
    private static final DateTimeFormatter COMPACT = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss");

    private Times() {
    }

    static Optional<Instant> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String s = text.replace("`", "").replace("*", "").strip().replaceFirst("(?i)(?<!\\s)\\s*+\\(?UTC\\)?$", "Z")
                .replaceFirst("^(\\d{4}-\\d{2}-\\d{2})[ _](\\d)", "$1T$2");
        if (s.matches("\\d{4}-\\d{2}-\\d{2}T\\d{4,6}Z")) {
            String digits = s.substring(11, s.length() - 1);
            String compact = s.substring(0, 10).replace("-", "") + "T" + (digits + "00").substring(0, 6);
            return attempt(() -> LocalDateTime.parse(compact, COMPACT).toInstant(ZoneOffset.UTC));
        }
        String t = s.replaceFirst("T(\\d{2}:\\d{2})(Z|[+-]\\d{2}:?\\d{2})$", "T$1:00$2")
                .replaceFirst("([+-]\\d{2})(\\d{2})$", "$1:$2");
        Optional<Instant> i = attempt(() -> OffsetDateTime.parse(t).toInstant());
        if (i.isEmpty()) {
            i = attempt(() -> LocalDateTime.parse(t.replaceFirst("T(\\d{2}:\\d{2})$", "T$1:00")).toInstant(ZoneOffset.UTC));
        }
        if (i.isEmpty()) {
            i = attempt(() -> LocalDate.parse(t).atStartOfDay().toInstant(ZoneOffset.UTC));
        }
        return i;
    }

    private interface Parse {
        Instant get();
    }

    private static Optional<Instant> attempt(Parse p) {
        try {
            return Optional.of(p.get());
        } catch (DateTimeParseException | ArithmeticException e) {
            return Optional.empty();
        }
    }
}
