package dev.falsify.app.ui.viewers;

import dev.falsify.app.ui.log.LogLines;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import java.util.function.IntFunction;
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
        } catch (DateTimeException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * How far back from a line an unstamped run is followed to its stamp. A probe reads lines from disk on the
     * FX thread, so it must be bounded: a log whose lines carry no stamps (or only one in thousands) is not
     * placed in time rather than read whole on every move of the instant.
     */
    static final int STAMP_SCAN = 512;

    /**
     * The line showing the instant: the last line stamped at or before {@code wallMicros} (a binary search
     * over the lines, which a log writes in time order; unstamped lines belong to the stamp before them, up to
     * {@link #STAMP_SCAN} lines back). -1 when no line before it has a timestamp.
     */
    public static int lineAt(LogLines lines, long wallMicros) {
        return lineAt(lines.count(), lines::line, wallMicros);
    }

    /** {@link #lineAt(LogLines, long)} over {@code count} lines read by {@code line}. */
    static int lineAt(int count, IntFunction<String> line, long wallMicros) {
        int lo = 0;
        int hi = count - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int stamped = mid;
            OptionalLong t = OptionalLong.empty();
            int floor = Math.max(lo, mid - STAMP_SCAN + 1);
            while (stamped >= floor && (t = lineTime(line.apply(stamped))).isEmpty()) stamped--;
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

    /**
     * The wall-clock time of source line {@code line} (epoch µs): its own stamp, else that of the nearest
     * stamped line before it (a continuation belongs to it), at most {@link #STAMP_SCAN} lines back.
     */
    public static OptionalLong stampOf(LogLines lines, int line) {
        if (line < 0 || line >= lines.count()) return OptionalLong.empty();
        for (int l = line; l >= 0 && l > line - STAMP_SCAN; l--) {
            OptionalLong t = lineTime(lines.line(l));
            if (t.isPresent()) return t;
        }
        return OptionalLong.empty();
    }
}
