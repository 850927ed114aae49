package dev.falsify.checkers.api;

import dev.falsify.model.history.Op;
import java.util.Iterator;
import java.util.Map;

/**
 * A checker that consumes a history once, op by op, holding only what it needs of each op, so a
 * history of any size is checked without reading it whole (linearizability). The pipeline streams
 * a file into it instead of reading the file into memory first.
 */
public interface StreamingChecker extends Checker {
    /**
     * Time spent inside {@code ops.next()} (reading, parsing) is not part of the reported check time.
     *
     * @param model   the model to check against (never null: the pipeline infers one first)
     * @param options checker options
     */
    CheckResult check(Iterator<Op> ops, String model, Map<String, String> options, CheckBudget budget);
}
