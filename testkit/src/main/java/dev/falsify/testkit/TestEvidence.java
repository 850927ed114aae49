package dev.falsify.testkit;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one scenario test did, collected while it runs: the fault plans it made and every check the
 * assertions ran. {@link FalsifyExtension} opens one per test method (bound to the test's thread and
 * the threads it starts); without the extension there is none and nothing is collected, so the
 * assertions work in plain JUnit.
 */
final class TestEvidence {
    private static final InheritableThreadLocal<TestEvidence> CURRENT = new InheritableThreadLocal<>();

    /** A check an assertion ran, with the history it ran on (kept for the session's artifacts). */
    record Check(CheckResult result, List<Op> ops, String counterexample) {
    }

    private final List<FaultPlan> plans = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();

    static Optional<TestEvidence> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    static TestEvidence open() {
        TestEvidence e = new TestEvidence();
        CURRENT.set(e);
        return e;
    }

    static void close() {
        CURRENT.remove();
    }

    synchronized void plan(FaultPlan plan) {
        plans.add(plan);
    }

    synchronized void check(Check check) {
        checks.add(check);
    }

    synchronized List<FaultPlan> plans() {
        return List.copyOf(plans);
    }

    synchronized List<Check> checks() {
        return List.copyOf(checks);
    }
}
