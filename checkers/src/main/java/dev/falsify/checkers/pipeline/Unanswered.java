package dev.falsify.checkers.pipeline;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.ExecutionEvidence;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.OpStream;
import dev.falsify.checkers.history.ReadingStopped;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.util.Iterator;
import java.util.List;

/**
 * The answers of checks that stopped before they could answer — the budget ran out while the
 * history was read, the check ran out of heap or stack: UNKNOWN, with the reason, and never
 * evidence of anything (a check that gives up is never a violation, and never a pass).
 */
final class Unanswered {
    private Unanswered() {
    }

    /** The budget ran out before the history's format was known (detecting it reads the file too). */
    static CheckedHistory beforeTheFormatWasKnown(String source, HistoryFormat format, HistoryCheck.Request request) {
        CheckResult r = new CheckResult(request.checker() != null ? request.checker() : "none", request.model(), Validity.UNKNOWN,
                new ExecutionEvidence(0, 0, 0, 0, 0), null, List.of(), "unknown: " + whileReading(request, 0), List.of());
        return new CheckedHistory(source, format, r);
    }

    /** The budget ran out while the history was read, after {@code read} ops. */
    static CheckedHistory whileReading(OpStream opened, HistoryCheck.Request request, CheckerChoice choice, long read, long start) {
        return answer(opened, request, choice, read, start, whileReading(request, read));
    }

    /** The check ran out of heap or stack. */
    static CheckedHistory failed(OpStream opened, HistoryCheck.Request request, CheckerChoice choice, long read, long start,
                                 VirtualMachineError e) {
        return answer(opened, request, choice, read, start, e instanceof OutOfMemoryError
                ? "the check ran out of memory (" + e.getMessage() + "); give the JVM a bigger heap (-Xmx) or check a shorter history"
                : "the check ran out of stack (values or a search nested too deep)");
    }

    /** The checker the ops read before the budget ran out would have chosen, or null when they choose none. */
    static CheckerChoice chooseFrom(List<Op> sample, HistoryCheck.Request request, OpStream opened) {
        try {
            return CheckerChoice.choose(request.checker(), request.model(), opened.format(), sample, opened.source());
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String whileReading(HistoryCheck.Request request, long read) {
        CheckBudget b = request.budget();
        String why = b.cancelled().get() ? "cancelled" : "time budget of " + b.timeout() + " exhausted";
        return why + " while reading the history (" + read + (read == 1 ? " op" : " ops") + " read, the rest not)";
    }

    private static CheckedHistory answer(OpStream opened, HistoryCheck.Request request, CheckerChoice choice, long read, long start,
                                         String why) {
        String checker = choice != null ? choice.checker() : request.checker() != null ? request.checker() : "none";
        String model = choice != null ? choice.model() : request.model();
        CheckResult r = new CheckResult(checker, model, Validity.UNKNOWN,
                new ExecutionEvidence(0, read, 0, 0, (System.nanoTime() - start) / 1e6), null, List.of(),
                "unknown: " + why, opened.notes());
        return new CheckedHistory(opened.source(), opened.format(), r);
    }

    /**
     * The ops of a source, stopping the check ({@link ReadingStopped}) once its budget is exhausted:
     * reading counts against {@code --timeout} as checking does. Polled every 256 ops (a file's
     * reader also asks between chunks), so reading stops within a few hundred records of the deadline.
     */
    static final class Deadlined implements Iterator<Op> {
        private final Iterator<Op> in;
        private final CheckBudget budget;
        private long read;

        Deadlined(Iterator<Op> in, CheckBudget budget) {
            this.in = in;
            this.budget = budget;
        }

        /** Ops handed out so far. */
        long read() {
            return read;
        }

        @Override
        public boolean hasNext() {
            return in.hasNext();
        }

        @Override
        public Op next() {
            if ((++read & 255) == 0 && budget.exhausted()) throw new ReadingStopped();
            return in.next();
        }
    }
}
