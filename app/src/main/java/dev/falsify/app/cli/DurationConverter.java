package dev.falsify.app.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import picocli.CommandLine;

/** Parses {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}, ISO {@code PT10S}, or a plain number of seconds. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (v.startsWith("pt") || v.startsWith("p")) return Duration.parse(value.trim().toUpperCase(Locale.ROOT));
            if (v.endsWith("ms")) return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2).trim()));
            if (v.endsWith("s")) return Duration.ofMillis(Math.round(Double.parseDouble(v.substring(0, v.length() - 1).trim()) * 1000));
            if (v.endsWith("m")) return Duration.ofMillis(Math.round(Double.parseDouble(v.substring(0, v.length() - 1).trim()) * 60_000));
            if (v.endsWith("h")) return Duration.ofMillis(Math.round(Double.parseDouble(v.substring(0, v.length() - 1).trim()) * 3_600_000));
            return Duration.ofMillis(Math.round(Double.parseDouble(v) * 1000));
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new CommandLine.TypeConversionException("expected a duration such as 500ms, 10s, 2m or 1h, found '" + value + "'");
        }
    }
}
