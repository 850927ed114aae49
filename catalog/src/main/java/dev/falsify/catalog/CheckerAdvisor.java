package dev.falsify.catalog;

import java.util.List;

/** Which checkers fit a scenario's model and one of its claim categories (the checker picker). */
@FunctionalInterface
public interface CheckerAdvisor {
    /** The checker names, best first; empty when the picker has nothing for this pair. */
    List<String> checkersFor(String model, String category);
}
