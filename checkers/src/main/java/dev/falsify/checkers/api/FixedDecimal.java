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

    /** {@code value} with {@code places} decimals ({@code 1306.905} for 1306.9049999 and 3). */
    public static String of(double value, int places) {
        if (!Double.isFinite(value)) return String.format(Locale.ROOT, "%." + places + "f", value);
        String s = new BigDecimal(Double.toString(value)).setScale(places, RoundingMode.HALF_UP).toPlainString();
        boolean negative = value < 0 || (value == 0 && 1 / value < 0);
        return negative && s.charAt(0) != '-' ? "-" + s : s;
    }
}
