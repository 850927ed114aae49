package dev.falsify.model.plan.run;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as plans write them: {@code 200ms}, {@code 20s}, {@code 5m}, {@code 1h}, {@code 1m30s}, bare seconds. */
public final class Durations {
    private Durations() {
    }

    /** Bare seconds; compiled once (String.matches compiles on every call). */
    private static final Pattern BARE_SECONDS = Pattern.compile("\\d+(\\.\\d+)?");

    /** Longest unit spellings first, so that {@code 90sec} and {@code 2 minutes} read whole. */
    private static final Pattern PART = Pattern.compile(
            "(?<!\\d)(\\d++(?:\\.\\d++)?)\\s*(milliseconds?|millis|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|us|ns)(?![a-z])");

    /** The duration, or null when the text is not one. */
    public static Duration parse(String text) {
        if (text == null) return null;
        String t = text.strip().toLowerCase();
        if (t.isEmpty()) return null;
        if (BARE_SECONDS.matcher(t).matches()) return Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
        Matcher m = PART.matcher(t);
        int pos = 0;
        double nanos = 0;
        while (m.find()) {
            if (m.start() != pos && !t.substring(pos, m.start()).isBlank()) return null;
            double v = Double.parseDouble(m.group(1));
            String unit = m.group(2);
            nanos += switch (unit) {
                case "ns" -> v;
                case "us" -> v * 1e3;
                case "ms", "millis", "millisecond", "milliseconds", "msec", "msecs" -> v * 1e6;
                case "s", "sec", "secs", "second", "seconds" -> v * 1e9;
                case "m", "min", "mins", "minute", "minutes" -> v * 60e9;
                default -> v * 3600e9;
            };
            pos = m.end();
        }
        if (pos == 0 || pos != t.length()) return null;
        return Duration.ofNanos(Math.round(nanos));
    }

    /** Compact form for messages and JSON: {@code 20s}, {@code 1500ms}. */
    public static String format(Duration d) {
        if (d == null) return null;
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) return ms / 3_600_000 + "h";
        if (ms % 60_000 == 0 && ms > 0) return ms / 60_000 + "m";
        if (ms % 1000 == 0) return ms / 1000 + "s";
        return ms + "ms";
    }
}
