package dev.falsify.runner.proxy;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** Which way bytes travel through a proxied link. */
public enum Direction {
    /** client → upstream server (requests). */
    UPSTREAM,
    /** upstream server → client (responses). */
    DOWNSTREAM;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code upstream}, {@code downstream} or {@code both}; {@code null} or blank yields
     * {@code fallback}.
     */
    public static Set<Direction> parseSet(String text, Set<Direction> fallback) {
        if (text == null || text.isBlank()) return fallback;
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            // exactly RunVocabulary.DIRECTION_VALUES: what lint accepts is what the proxy reads
            case "upstream" -> EnumSet.of(UPSTREAM);
            case "downstream" -> EnumSet.of(DOWNSTREAM);
            case "both" -> EnumSet.allOf(Direction.class);
            default -> throw new IllegalArgumentException(
                    "direction must be upstream, downstream or both, not '" + text + "'");
        };
    }
}
