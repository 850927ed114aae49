package dev.falsify.runner.proxy;

import java.util.Locale;

/**
 * Which connections a fault window hits. Connections are numbered 1, 2, 3, … in the order the window
 * sees them (connections already open when the fault is injected, in accept order, then new accepts),
 * so the choice depends only on that order and the seed: a seed reproduces the same selection.
 */
public sealed interface ConnectionSelector {

    /** @param ordinal 1-based position of the connection in the window's order */
    boolean selects(long ordinal, long seed, String windowId);

    /** The text form used in run blocks: {@code all}, {@code first:3}, {@code nth:2}, {@code fraction:0.3}. */
    String text();

    record All() implements ConnectionSelector {
        public boolean selects(long ordinal, long seed, String windowId) {
            return true;
        }

        public String text() {
            return "all";
        }
    }

    /** The first k connections: a dependency that fails k times and then recovers. */
    record First(long k) implements ConnectionSelector {
        public First {
            if (k < 1) throw new IllegalArgumentException("first:k needs k >= 1, not " + k);
        }

        public boolean selects(long ordinal, long seed, String windowId) {
            return ordinal <= k;
        }

        public String text() {
            return "first:" + k;
        }
    }

    /** Only the n-th connection. */
    record Nth(long n) implements ConnectionSelector {
        public Nth {
            if (n < 1) throw new IllegalArgumentException("nth:n needs n >= 1, not " + n);
        }

        public boolean selects(long ordinal, long seed, String windowId) {
            return ordinal == n;
        }

        public String text() {
            return "nth:" + n;
        }
    }

    /** Each connection independently with probability p, drawn from (seed, window, ordinal): no shared RNG state. */
    record Fraction(double p) implements ConnectionSelector {
        public Fraction {
            if (!(p >= 0.0 && p <= 1.0)) throw new IllegalArgumentException("fraction:p needs 0 <= p <= 1, not " + p);
        }

        public boolean selects(long ordinal, long seed, String windowId) {
            long h = mix(seed ^ mix(windowId.hashCode() * 0x9E3779B97F4A7C15L + ordinal));
            double u = (h >>> 11) * 0x1.0p-53;
            return u < p;
        }

        public String text() {
            return "fraction:" + p;
        }

        /** SplitMix64 finaliser: a well-mixed 64-bit hash. */
        static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    static ConnectionSelector parse(String text) {
        if (text == null || text.isBlank()) return new All();
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("all")) return new All();
        int colon = t.indexOf(':');
        if (colon < 0) throw new IllegalArgumentException(
                "connections must be all, first:K, nth:N or fraction:P, not '" + text + "'");
        String kind = t.substring(0, colon).trim();
        String arg = t.substring(colon + 1).trim();
        try {
            return switch (kind) {
                case "first" -> new First(Long.parseLong(arg));
                case "nth" -> new Nth(Long.parseLong(arg));
                case "fraction" -> new Fraction(Double.parseDouble(arg));
                default -> throw new IllegalArgumentException(
                        "connections must be all, first:K, nth:N or fraction:P, not '" + text + "'");
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("connections '" + text + "': '" + arg + "' is not a number");
        }
    }
}
