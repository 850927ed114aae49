package dev.falsify.model.verdict;

import java.util.Locale;
import java.util.Optional;

/** The budget a run met, in increasing order. {@code NONE} means not even the smoke budget was met. */
public enum BudgetTier {
    NONE, SMOKE, HARDENING, RELEASE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(BudgetTier other) {
        return compareTo(other) >= 0;
    }

    /** Reads {@code smoke}, {@code Hardening}, {@code release (3 seeds)}, {@code none}, {@code —}. */
    public static Optional<BudgetTier> find(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.toLowerCase(Locale.ROOT);
        if (t.contains("release")) {
            return Optional.of(RELEASE);
        }
        if (t.contains("hardening")) {
            return Optional.of(HARDENING);
        }
        if (t.contains("smoke")) {
            return Optional.of(SMOKE);
        }
        if (t.contains("none") || t.strip().equals("-") || t.strip().equals("\u2014") || t.contains("not met")) {
            return Optional.of(NONE);
        }
        return Optional.empty();
    }
}
