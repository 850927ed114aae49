package dev.falsify.checkers.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link FixedDecimal} prints what {@code String.format("%.Nf")} prints, rounding ties and signs included. */
class FixedDecimalTest {
    private static String format(double v, int places) {
        return String.format(Locale.ROOT, "%." + places + "f", v);
    }

    @Test
    void agreesWithTheFormatterOnMillisecondsFromNanoseconds() {
        for (int places : new int[] {1, 3}) {
            // around every rounding tie of whole microseconds and of tenths of a millisecond
            for (long k = -500; k < 5_000; k++) {
                for (long ns : new long[] {k * 1000 + 500, k * 1000 + 499, k * 1000 + 501, k * 100_000 + 50_000, k * 7919}) {
                    double ms = ns / 1e6;
                    assertThat(FixedDecimal.of(ms, places)).as("%d ns, %d places", ns, places).isEqualTo(format(ms, places));
                }
            }
        }
    }

    @Test
    void millisAgreeWithTheFormatterUpToTenToTheFifteenNanoseconds() {
        Random random = new Random(15);
        for (int i = 0; i < 30_000; i++) {
            long base = (random.nextLong() >>> 1) % (i % 3 == 0 ? 1_000_000_000_000_000L : i % 3 == 1 ? 10_000_000_000_000L : 100_000_000L);
            long tie = base / 1000 * 1000 + 500;
            for (long ns : new long[] {tie, tie - 1, tie + 1, -tie, -tie + 1, base, -base}) {
                assertThat(FixedDecimal.millis(ns)).as("%d ns", ns).isEqualTo(format(ns / 1e6, 3));
            }
        }
        for (long ns : new long[] {0, 1, -1, 499, 500, -500, 999_999_999_999_999L, -999_999_999_999_999L,
                1_000_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertThat(FixedDecimal.millis(ns)).as("%d ns", ns).isEqualTo(format(ns / 1e6, 3));
        }
    }

    @Test
    void agreesWithTheFormatterOnAnyDouble() {
        Random random = new Random(13);
        for (int i = 0; i < 10_000; i++) {
            double v = i % 2 == 0 ? (random.nextLong() % 1_000_000_000_000_000L) / 1e6 : Double.longBitsToDouble(random.nextLong());
            for (int places : new int[] {0, 1, 3}) {
                assertThat(FixedDecimal.of(v, places)).as("%s, %d places", v, places).isEqualTo(format(v, places));
            }
        }
        for (double v : new double[] {0.0, -0.0, -0.0004, 0.0005, 0.05, 0.15, 0.25, 2.675, 1e-300, -1e-300, 1e20, 1e300,
                Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            for (int places : new int[] {0, 1, 3}) {
                assertThat(FixedDecimal.of(v, places)).as("%s, %d places", v, places).isEqualTo(format(v, places));
            }
        }
    }
}
