package dev.falsify.checkers.api;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * A number with a fixed count of decimals, exactly as {@code String.format(Locale.ROOT, "%.Nf", v)}
 * prints it (half-up rounding of the shortest decimal of {@code v}, a minus sign for any negative
 * value, even one that rounds to zero), without {@link java.util.Formatter}: a cold formatter parses
 * its pattern with a regex and costs more than the rest of a short history's report, and
 * {@code falsify check} prints a time on every line it writes.
 */
public final class FixedDecimal {
    private FixedDecimal() {
    }

    /**
     * {@code nanos} in milliseconds with three decimals, as {@code of(nanos / 1e6, 3)} prints it but
     * by integer arithmetic: below 10^15 ns the double's shortest decimal is the exact quotient, so
     * rounding half-up to whole microseconds is the same (and a cold {@code Double.toString} is
     * most of the cost of printing a time).
     */
    public static String millis(long nanos) {
        if (nanos <= -1_000_000_000_000_000L || nanos >= 1_000_000_000_000_000L) return of(nanos / 1e6, 3);
        long abs = Math.abs(nanos);
        long micros = abs / 1000 + (abs % 1000 >= 500 ? 1 : 0);
        String frac = Long.toString(micros % 1000);
        return (nanos < 0 ? "-" : "") + micros / 1000 + "." + "000".substring(frac.length()) + frac;
    }

    /** {@code value} with {@code places} decimals ({@code 1306.905} for 1306.9049999 and 3). */
    public static String of(double value, int places) {
        if (!Double.isFinite(value)) return String.format(Locale.ROOT, "%." + places + "f", value);
        String s = new BigDecimal(Double.toString(value)).setScale(places, RoundingMode.HALF_UP).toPlainString();
        boolean negative = value < 0 || (value == 0 && 1 / value < 0);
        return negative && s.charAt(0) != '-' ? "-" + s : s;
    }
}
