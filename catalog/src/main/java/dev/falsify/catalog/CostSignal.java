package dev.falsify.catalog;

/** How expensive a technique is to adopt: {@code low}, {@code medium} or {@code high}, and why. */
public record CostSignal(String level, String note) {
    public CostSignal {
        if (!java.util.Set.of("low", "medium", "high").contains(level)) {
            throw new IllegalArgumentException("cost level must be low, medium or high, not " + level);
        }
    }
}
