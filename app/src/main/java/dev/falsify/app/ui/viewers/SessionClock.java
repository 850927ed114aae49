package dev.falsify.app.ui.viewers;

import dev.falsify.app.ui.log.LogLines;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The session clock and the viewers' time bases, mapped explicitly. The session clock is the runner's
 * monotonic clock (ns): message events carry it ({@code mono_ns}) and history ops are stamped on it
 * ({@code invoke_ts}). The history viewer counts ns from the history's first invocation. Log lines carry
 * wall-clock timestamps (when they carry any): they map through an {@link Anchor}, one moment read on both
 * clocks by the runner (the first line of {@code messages.jsonl}).
 */
public final class SessionClock {
    private SessionClock() {
    }

    /** One moment on both clocks: epoch µs and monotonic ns. */
    public record Anchor(long wallMicros, long monoNanos) {
        public long toMono(long wall) {
            return monoNanos + (wall - wallMicros) * 1000;
        }

        public long toWall(long mono) {
            return wallMicros + Math.floorDiv(mono - monoNanos, 1000);
        }
    }

    /** The history viewer's time (ns from the history's first invocation, at {@code originMono}) → session clock. */
    public static long fromHistory(long nsFromStart, long originMono) {
        return originMono + nsFromStart;
    }

    /** Session clock → the history viewer's time. */
    public static long toHistory(long mono, long originMono) {
        return mono - originMono;
    }

    /** {@code 2026-12-01T13:37:29.123456Z}, {@code 2026-12-01 13:37:29,123}, with or without zone (then UTC), at a line's start. */
    private static final Pattern STAMP = Pattern.compile(
            "^\\W{0,2}(\\d{4}-\\d{2}-\\d{2})[T ](\\d{2}:\\d{2}:\\d{2})(?:[.,](\\d{1,9}))?(Z|[+-]\\d{2}:?\\d{2})?");

    /** A log line's leading timestamp as epoch µs; empty for a line without one. */
    public static OptionalLong lineTime(String line) {
        if (line == null) return OptionalLong.empty();
        Matcher m = STAMP.matcher(line);
        if (!m.find()) return OptionalLong.empty();
        try {
            String frac = m.group(3) == null ? "" : m.group(3);
            long micros = frac.isEmpty() ? 0 : Long.parseLong((frac + "000000").substring(0, 6));
            String zone = m.group(4);
            ZoneOffset off = zone == null || zone.equals("Z") ? ZoneOffset.UTC
                    : ZoneOffset.of(zone.length() == 5 ? zone.substring(0, 3) + ":" + zone.substring(3) : zone);
            Instant t = LocalDateTime.parse(m.group(1) + "T" + m.group(2)).toInstant(off);
            return OptionalLong.of(t.getEpochSecond() * 1_000_000 + micros);
        } catch (java.time.DateTimeException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * The line showing the instant: the last line stamped at or before {@code wallMicros} (a binary search
     * over the lines, which a log writes in time order; unstamped lines belong to the stamp before them).
     * -1 when no line before it has a timestamp.
     */
    public static int lineAt(LogLines lines, long wallMicros) {
        int lo = 0;
        int hi = lines.count() - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int stamped = mid;
            OptionalLong t = OptionalLong.empty();
            while (stamped >= lo && (t = lineTime(lines.line(stamped))).isEmpty()) stamped--;
            if (t.isEmpty()) {
                lo = mid + 1;
            } else if (t.getAsLong() <= wallMicros) {
                best = stamped;
                lo = mid + 1;
            } else {
                hi = stamped - 1;
            }
        }
        return best;
    }
}
