package dev.falsify.checkers.api;

import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;
import java.util.Map;

/** A pure function from a history (plus dumps/metrics where the oracle needs them) to a result. */
public interface Checker {
    /** Name as written in plans and the checker picker, e.g. {@code linearizability}. */
    String name();

    /** Models this checker accepts ({@code falsify check --list}), in the vocabulary's names; every model: any. */
    List<HistoryModel> models();

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

    /**
     * Why this check, with these options, needs each op's invocation time, or null when it does not.
     * A history written as completions only (as Elle's README and tests write them) does not record
     * when ops were invoked, so the answer of a check that needs it is too weak to trust.
     */
    default String invocationTimesNeeded(Map<String, String> options) {
        return null;
    }
}
