package dev.falsify.checkers.api;

import java.util.List;

/** A pure function from a history (plus dumps/metrics where the oracle needs them) to a result. */
public interface Checker {
    /** Name as written in plans and the checker picker, e.g. {@code linearizability}. */
    String name();

    /** Models this checker accepts, for {@code falsify check --list}. */
    List<String> models();

    /** Fields (beyond the core ones) or side inputs the checker needs, for {@code --list}. */
    List<String> needs();

    CheckResult check(CheckInput input, CheckBudget budget);

    /**
     * Whether the verdict is about the operation history. Checkers that judge only side inputs
     * (a final-state dump, replica dumps, group metrics) return false: an empty history says
     * nothing against their verdict, so it is not reported as a weakness for them.
     */
    default boolean judgesHistory() {
        return true;
    }
}
