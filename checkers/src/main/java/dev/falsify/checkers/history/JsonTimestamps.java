package dev.falsify.checkers.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * Turns the timestamp forms recorders actually write into the canonical integer. The spec asks for
 * integer nanoseconds, but only the order of timestamps within one history matters, so other forms
 * are read rather than rejected: integers as they are (ns, µs or ms alike), numbers written as
 * strings, ISO-8601 instants (as epoch nanoseconds) and fractional numbers such as Python's
 * {@code time.time()} seconds. The first timestamp of the file fixes a power-of-ten scale that makes
 * fractional readings integers while staying far from overflow; every later timestamp gets the
 * same scale, so the order is kept. A reading still fractional after scaling is rounded outward
 * (invoke down, complete up): that only widens the op's interval, which can hide, but never invent,
 * a real-time order.
 */
final class JsonTimestamps {
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final BigDecimal LIMIT = BigDecimal.valueOf(1_000_000_000_000_000_000L);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);

    /** Why a value is not a timestamp: what was expected instead. */
    static final class NotATimestamp extends Exception {
        NotATimestamp(String expected) {
            super(expected, null, false, false);
        }
    }

    private final ReadNotes notes;
    private BigDecimal scale;

    JsonTimestamps(ReadNotes notes) {
        this.notes = notes;
    }

    /**
     * @param v          the JSON value (not null)
     * @param roundUp    true for a completion (rounded up when fractional), false for an invoke
     * @param line       for notes
     */
    long read(JsonNode v, boolean roundUp, int line) throws NotATimestamp {
        BigDecimal raw = raw(v, line);
        if (scale == null) scale = scaleFor(raw, line);
        BigDecimal scaled = scale.signum() == 0 || scale.compareTo(BigDecimal.ONE) == 0 ? raw : raw.multiply(scale);
        if (scaled.stripTrailingZeros().scale() > 0) {
            notes.add(line, "fractional-timestamps-rounded",
                    "fractional timestamps rounded outward to integers (invoke down, complete up): intervals only widen", false);
            scaled = scaled.setScale(0, roundUp ? RoundingMode.CEILING : RoundingMode.FLOOR);
        }
        if (scaled.compareTo(LONG_MAX) > 0 || scaled.compareTo(LONG_MIN) < 0) {
            throw new NotATimestamp("a timestamp within the 64-bit integer range");
        }
        return scaled.longValue();
    }

    private BigDecimal raw(JsonNode v, int line) throws NotATimestamp {
        if (v.isIntegralNumber()) return v.canConvertToLong() ? BigDecimal.valueOf(v.longValue()) : new BigDecimal(v.bigIntegerValue());
        if (v.isNumber()) {
            if (!Double.isFinite(v.doubleValue())) throw new NotATimestamp("a finite number");
            return v.decimalValue();
        }
        if (v.isTextual()) {
            String t = v.textValue().strip();
            if (NUMBER.matcher(t).matches()) {
                notes.add(line, "timestamps-as-text", "timestamps written as strings of digits were read as numbers", false);
                return new BigDecimal(t);
            }
            Instant instant = instant(t);
            if (instant != null) {
                notes.add(line, "iso-timestamps", "ISO-8601 timestamps were read as epoch nanoseconds", false);
                return BigDecimal.valueOf(instant.getEpochSecond()).multiply(BigDecimal.valueOf(1_000_000_000L))
                        .add(BigDecimal.valueOf(instant.getNano()));
            }
        }
        throw new NotATimestamp("an integer timestamp (ns), a number or an ISO-8601 instant");
    }

    private static Instant instant(String t) {
        try {
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException notOffset) {
            try {
                return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC); // no zone: all of one file alike
            } catch (DateTimeParseException notLocal) {
                return null;
            }
        }
    }

    private BigDecimal scaleFor(BigDecimal first, int line) {
        if (first.stripTrailingZeros().scale() <= 0) return BigDecimal.ONE;
        BigDecimal s = BigDecimal.ONE.movePointRight(9);
        BigDecimal magnitude = first.abs();
        while (s.compareTo(BigDecimal.ONE) > 0 && magnitude.multiply(s).compareTo(LIMIT) > 0) s = s.movePointLeft(1);
        if (s.compareTo(BigDecimal.ONE) > 0) {
            notes.add(line, "fractional-timestamps", "fractional timestamps were multiplied by " + s.stripTrailingZeros().toPlainString()
                    + " to make them integers (only their order matters)", false);
        }
        return s;
    }
}
