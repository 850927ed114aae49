package dev.falsify.checkers.txn;

import dev.falsify.checkers.api.CheckBudget;

/** The check's time budget and cancel flag, polled from long loops. */
final class Deadline {
    /** Thrown when the budget is exhausted or the check was cancelled; carries no partial state. */
    static final class Exhausted extends RuntimeException {
        Exhausted(String why) {
            super(why, null, false, false);
        }
    }

    private final long deadlineNanos;
    private final CheckBudget budget;

    Deadline(CheckBudget budget, long startNanos) {
        this.budget = budget;
        this.deadlineNanos = budget.deadlineFrom(startNanos);
    }

    static Deadline none() {
        return new Deadline(CheckBudget.unlimited(), System.nanoTime());
    }

    void check() {
        if (budget.cancelled().get()) throw new Exhausted("cancelled");
        if (System.nanoTime() - deadlineNanos > 0) throw new Exhausted("time budget of " + budget.timeout() + " exhausted");
    }
}
