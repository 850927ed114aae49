package dev.falsify.testkit;

import dev.falsify.checkers.api.CheckResult;
import java.util.Optional;

/**
 * A Falsify assertion failed. An {@link AssertionError}, so IDEs and build tools report a test
 * failure (not an error); it carries the checker's counterexample as text and the whole result.
 */
public class FalsifyAssertionError extends AssertionError {
    private final String counterexample;
    private final transient CheckResult result;

    public FalsifyAssertionError(String message, String counterexample, CheckResult result) {
        super(message);
        this.counterexample = counterexample == null ? "" : counterexample;
        this.result = result;
    }

    /**
     * The counterexample in the lines {@code falsify check} prints: the longest linearizable prefix
     * and the ops that could not be placed, or each anomaly's cycle explained edge by edge.
     */
    public String counterexample() {
        return counterexample;
    }

    /** The checker's result; empty for {@link FaultsNotLandedError}. */
    public Optional<CheckResult> result() {
        return Optional.ofNullable(result);
    }
}
