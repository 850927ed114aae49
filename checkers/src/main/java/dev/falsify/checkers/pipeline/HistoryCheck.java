package dev.falsify.checkers.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.ReadNote;
import dev.falsify.checkers.api.StreamingChecker;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.history.OpStream;
import dev.falsify.checkers.history.ReadingStopped;
import dev.falsify.checkers.history.WeaknessDetector;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.checkers.lin.Models;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.HistoryModel;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The one way a history is checked, by {@code falsify check}, {@code falsify bench check} and the
 * runner: open the source once, take one sample of its head, choose checker and model in one place
 * ({@link CheckerChoice}), stream the ops into the checker (or read them whole for checkers that
 * need the whole history), and attach what the reader noticed, so the same history gets the same
 * answer and the same weaknesses wherever it is checked.
 *
 * <p>Properties every result has, whatever the format:
 * <ul>
 *   <li>the reader's weakening notes (skipped or truncated records) are weaknesses;</li>
 *   <li>an empty history is weak ({@code empty-history}) for a checker that judges the history;</li>
 *   <li>a history in which no op completed (only invocations, every outcome unknown) is weak
 *       ({@code no-completed-op}): any op may or may not have happened, so "valid" says nothing;</li>
 *   <li>a history in which ops completed but none succeeded (every one failed, or failed or timed
 *       out) is weak ({@code no-successful-op}): failed ops did not happen, so the checker judged
 *       nothing ("valid, 0 partitions" is no evidence);</li>
 *   <li>ops read from completions alone (no invoke recorded) make the answer of a check that needs
 *       invocation times too weak ({@code no-invocation-times});</li>
 *   <li>a register violation that exists only from the assumed initial value is not reported: every
 *       violation found without --initial is checked again from an unknown initial value, and only
 *       one found then too stands; otherwise the answer is too weak naming --initial
 *       ({@link #withInitialValue}).</li>
 * </ul>
 */
public final class HistoryCheck {
    /** Kind of the weakness of a history in which no operation completed. */
    public static final String NO_COMPLETED_OP = "no-completed-op";
    /**
     * Kind of the weakness of a history in which ops completed, but none successfully (every one
     * failed, or failed and timed out): failed ops did not take effect, so nothing is left to judge.
     */
    public static final String NO_SUCCESSFUL_OP = "no-successful-op";

    /**
     * What to check and with what.
     *
     * @param checker       checker name, or null to choose one
     * @param model         model, or null for the format's or an inferred one
     * @param format        history format, or null to detect it
     * @param options       checker options (initial value, reorder window, invariant, …)
     * @param finalState    final-state dump, or null
     * @param replicaStates per-replica dumps
     * @param groupMetrics  per-group metrics, or null
     * @param budget        time budget and cancel flag of one check
     */
    public record Request(String checker, String model, HistoryFormat format, Map<String, String> options,
                          JsonNode finalState, Map<String, JsonNode> replicaStates, JsonNode groupMetrics,
                          CheckBudget budget) {
        public Request {
            options = Map.copyOf(options);
            replicaStates = Map.copyOf(replicaStates);
        }

        public static Request of(String checker, String model, CheckBudget budget) {
            return new Request(checker, model, null, Map.of(), null, Map.of(), null, budget);
        }

        public Request withChecker(String name) {
            return new Request(name, model, format, options, finalState, replicaStates, groupMetrics, budget);
        }

        /** This request with another budget. */
        public Request withBudget(CheckBudget budget) {
            return new Request(checker, model, format, options, finalState, replicaStates, groupMetrics, budget);
        }
    }

    private final CheckerRegistry registry;

    public HistoryCheck(CheckerRegistry registry) {
        this.registry = registry;
    }

    /** With the built-in checkers. */
    public static HistoryCheck standard() {
        return new HistoryCheck(CheckerRegistry.standard());
    }

    /**
     * Checks a history file, reading it once.
     *
     * @throws HistoryFormatException   for bad input (malformed file, an op that does not fit the
     *                                  model, no model given and none inferable), naming file:line:column
     * @throws IllegalArgumentException for an unknown checker or model, or a malformed option
     */
    public CheckedHistory run(Path file, Request asked) throws IOException {
        // the clock starts before the file is opened: detecting its format reads it too
        Request request = asked.withBudget(asked.budget().startingAt(System.nanoTime()));
        OpStream ops;
        try {
            ops = Histories.open(file, request.format(), request.budget());
        } catch (ReadingStopped e) {
            // (its format not known yet: named as its extension suggests)
            return Unanswered.beforeTheFormatWasKnown(file.toString(), request.format() != null ? request.format()
                    : dev.falsify.checkers.history.FormatDetector.byExtension(file.toString()), request);
        }
        try (ops) {
            return run(ops, request, new Reopen(file, request.format(), request.budget()));
        }
    }

    /**
     * Opens a history file again. A class rather than a lambda: the lambda's bootstrap ran at every
     * cold `falsify check`, though the file is reopened only for some invalid register histories.
     */
    private record Reopen(Path file, HistoryFormat format, CheckBudget budget) implements java.util.function.Supplier<OpStream> {
        @Override
        public OpStream get() {
            try {
                return Histories.open(file, format, budget);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** Checks history text (pasted into the workbench, generated by a test), read once like a file. */
    public CheckedHistory run(Reader text, String source, Request request) {
        try (OpStream ops = Histories.open(text, source, request.format())) {
            return run(ops, request, null);
        }
    }

    /** Checks a history already in memory (the runner's, annotated with fault epochs), with its reader's notes. */
    public CheckedHistory run(History history, Request request) {
        return run(new InMemory(history), request, () -> new InMemory(history));
    }

    /**
     * @param reopen opens the source again from its start, for a second look at a register history
     *               whose initial value matters (null: the ops are kept in memory instead)
     */
    private CheckedHistory run(OpStream opened, Request asked, java.util.function.Supplier<OpStream> reopen) {
        long start = System.nanoTime();
        // one deadline for reading and checking: --timeout bounds the whole answer
        Request request = asked.withBudget(asked.budget().startingAt(start));
        Unanswered.Deadlined ops = new Unanswered.Deadlined(opened, request.budget());
        CheckerChoice choice = null;
        Counting all = null;
        List<Op> sample = new ArrayList<>();
        try {
            while (sample.size() < CheckerChoice.SAMPLE && ops.hasNext()) sample.add(ops.next());
            choice = CheckerChoice.choose(request.checker(), request.model(), opened.format(), sample, opened.source());
            Checker checker = registry.get(choice.checker());
            // a register's initial value is assumed (nil) unless given: watch what the history says about it
            InitialValueEvidence initial = checker instanceof StreamingChecker && assumesInitialValue(choice, request)
                    ? new InitialValueEvidence() : null;
            List<Op> kept = initial != null && reopen == null ? new ArrayList<>() : null;
            all = new Counting(concat(sample.iterator(), ops), initial, kept);
            CheckResult r = check(checker, all, choice, request.options(), request, opened.source());
            List<ReadNote> notes = new ArrayList<>(opened.notes());
            if (initial != null && r.validity() == Validity.INVALID) {
                r = withInitialValue(r, initial.conclusion(), notes, new Recheck(checker, choice, request, opened.source(), kept,
                        reopen), request.options());
            }
            r = withoutInvocations(r, notes, checker.invocationTimesNeeded(request.options()));
            CheckResult found = withReadFindings(r, notes, checker.judgesHistory(), all.count, all.completed, all.succeeded);
            return new CheckedHistory(opened.source(), opened.format(),
                    found.withHistoryStart(all.count == 0 ? null : all.firstInvoke));
        } catch (ReadingStopped e) {
            return Unanswered.whileReading(opened, request, choice != null ? choice : Unanswered.chooseFrom(sample, request, opened),
                    ops.read(), start);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // the search's own structures are bounded by the memory budget; this is what is left
            // (a model's huge states, a checker without a budget): no answer, and never a violation
            return Unanswered.failed(opened, request, choice, ops.read(), start, e);
        }
    }

    /**
     * The same history checked again with other options, from the ops kept in memory or from the
     * source reopened. A class, not a lambda: the files of a folder are checked on two threads, and
     * two threads linking one lambda at once have one of them spin its class at run time instead of
     * mapping it from the class-data-sharing archive.
     */
    private final class Recheck implements java.util.function.Function<Map<String, String>, CheckResult> {
        private final Checker checker;
        private final CheckerChoice choice;
        private final Request request;
        private final String source;
        private final List<Op> kept;
        private final java.util.function.Supplier<OpStream> reopen;

        Recheck(Checker checker, CheckerChoice choice, Request request, String source, List<Op> kept,
                java.util.function.Supplier<OpStream> reopen) {
            this.checker = checker;
            this.choice = choice;
            this.request = request;
            this.source = source;
            this.kept = kept;
            this.reopen = reopen;
        }

        @Override
        public CheckResult apply(Map<String, String> options) {
            if (kept != null) return check(checker, kept.iterator(), choice, options, request, source);
            try (OpStream again = reopen.get()) {
                return check(checker, new Unanswered.Deadlined(again, request.budget()), choice, options, request, source);
            }
        }
    }

    private CheckResult check(Checker checker, Iterator<Op> all, CheckerChoice choice, Map<String, String> options,
                              Request request, String source) {
        try {
            if (checker instanceof StreamingChecker s) return s.check(all, choice.model(), options, request.budget());
            List<Op> history = new ArrayList<>();
            while (all.hasNext()) history.add(all.next());
            return checker.check(new CheckInput(history, choice.model(), options, request.finalState(),
                    request.replicaStates(), request.groupMetrics()), request.budget());
        } catch (ModelException e) {
            throw new HistoryFormatException(source, Math.max(1, e.op().sourceLine()), 1,
                    "an operation of model " + Models.canonicalName(choice.model()) + " (" + e.getMessage() + ")");
        }
    }

    /** Option naming the registers' initial value ({@code --initial}). */
    static final String OPT_INITIAL = "initial";
    /** Kind of the note saying the initial value was inferred from the history. */
    public static final String INITIAL_VALUE_INFERRED = "initial-value-inferred";
    /** Kind of the weakness of a register history whose violation needs the assumed initial value. */
    public static final String INITIAL_VALUE_ASSUMED = "initial-value-assumed";

    /** A register model checked with an assumed initial value (no {@code initial} option). */
    private static boolean assumesInitialValue(CheckerChoice choice, Request request) {
        String m = choice.model() == null ? null : Models.canonicalName(choice.model());
        return (HistoryModel.REGISTER.id().equals(m) || HistoryModel.CAS_REGISTER.id().equals(m))
                && !request.options().containsKey(OPT_INITIAL);
    }

    /**
     * A violation found from the assumed initial value nil, looked at again: never reported when it
     * exists only because of that assumption. When early reads returned one value nothing could have
     * written, that value was the initial one: the history is checked from it and the note says so.
     * Whatever the first look assumed, a violation is then checked again from an unknown initial value
     * (the first read fixes it): a violation found then is real whatever the initial value (the
     * answer stands); none found (or no answer) means it depends on a value the history does not
     * record — too weak, naming --initial, never a violation.
     */
    static CheckResult withInitialValue(CheckResult r, InitialValueEvidence.Conclusion verdict, List<ReadNote> notes,
                                        java.util.function.Function<Map<String, String>, CheckResult> recheck,
                                        Map<String, String> options) {
        CheckResult first = r;
        String assumed = "nil";
        int line = 0;
        if (verdict instanceof InitialValueEvidence.Inferred inferred) {
            Map<String, String> with = new java.util.HashMap<>(options);
            with.put(OPT_INITIAL, inferred.json());
            CheckResult again = recheck.apply(with);
            notes.add(new ReadNote(inferred.line(), INITIAL_VALUE_INFERRED, "the registers' initial value was taken to be "
                    + inferred.json() + ", not nil: this read returned it before any write completed, and no op invoked before"
                    + " it completed wrote it (pass --initial to say otherwise)", false));
            first = new CheckResult(again.checker(), again.model(), again.validity(), again.evidence(),
                    again.counterexample(), again.weaknesses(), again.summary() + " (initial value " + inferred.json()
                    + ", inferred from line " + inferred.line() + ")", again.notes(), again.linearization(), null);
            if (first.validity() != Validity.INVALID) return first;
            assumed = inferred.json();
            line = inferred.line();
        } else if (verdict instanceof InitialValueEvidence.Undecided undecided) {
            line = undecided.line();
        }
        Map<String, String> with = new java.util.HashMap<>(options);
        with.put(OPT_INITIAL, "unknown");
        CheckResult unknown = recheck.apply(with);
        if (unknown.validity() == Validity.INVALID) {
            return new CheckResult(first.checker(), first.model(), first.validity(), first.evidence(), first.counterexample(),
                    first.weaknesses(), first.summary() + " (from any initial value)", first.notes());
        }
        List<HistoryWeakness> weak = new ArrayList<>(first.weaknesses());
        String why = unknown.validity() == Validity.VALID ? "but is from another one" : "and from an unknown one the check"
                + " could not finish (" + unknown.summary() + ")";
        weak.add(new HistoryWeakness(INITIAL_VALUE_ASSUMED, "the history is not linearizable from the assumed initial"
                + " value " + assumed + ", " + why + ", and it does not record which initial value the registers had"
                + (line > 0 ? " (line " + line + " read a value before any write completed)" : "") + ": pass --initial VALUE"
                + " (e.g. --initial 0), or --initial unknown to let the first read fix it", List.of()));
        return new CheckResult(first.checker(), first.model(), Validity.UNKNOWN, first.evidence(), null, weak,
                "history too weak for " + first.checker() + ": the violation exists only from the assumed initial value "
                        + assumed + "; pass --initial", first.notes());
    }

    /** Kind of the weakness of a completions-only history for a check that needs invocation times. */
    public static final String NO_INVOCATION_TIMES = "no-invocation-times";

    /**
     * {@code r} made too weak when some ops were read from completions alone (no invoke recorded) and
     * the check needs invocation times ({@code reason}): their intervals were invented (a point at the
     * completion), so neither a violation nor a pass found on them is evidence. Left as it is otherwise.
     */
    static CheckResult withoutInvocations(CheckResult r, List<ReadNote> notes, String reason) {
        if (reason == null) return r;
        ReadNote missing = null;
        // a loop, not a stream: this runs for every file, and a stream's lambda is spun at run time
        for (ReadNote n : notes) {
            if (n.kind().equals(ReadNote.NO_INVOCATION)) {
                missing = n;
                break;
            }
        }
        if (missing == null) return r;
        List<HistoryWeakness> weak = new ArrayList<>(r.weaknesses());
        String detail = "ops were recorded as completions only, without an :invoke (first at line " + missing.line()
                + "), and " + reason + "; record the invocations (Jepsen writes :invoke events) or use a check"
                + " that needs none (list-append, rw-register without real-time edges)";
        weak.add(new HistoryWeakness(NO_INVOCATION_TIMES, detail, List.of()));
        String was = r.validity() == Validity.INVALID ? " (a violation was found, but on invented invocation times)" : "";
        return new CheckResult(r.checker(), r.model(), r.validity() == Validity.VALID || r.validity() == Validity.INVALID
                ? Validity.UNKNOWN : r.validity(), r.evidence(), null, weak,
                "history too weak for " + r.checker() + ": invocation times not recorded" + was, r.notes());
    }

    /**
     * {@code r} with the reader's notes, their weakening ones as weaknesses, and the weaknesses of a
     * history with no op, or with no completed op, for a checker that judges the history.
     */
    static CheckResult withReadFindings(CheckResult r, List<ReadNote> notes, boolean judgesHistory, long ops,
                                        long completed, long succeeded) {
        List<HistoryWeakness> all = new ArrayList<>(r.weaknesses());
        List<HistoryWeakness> extra = new ArrayList<>(ReadNote.weaknesses(notes));
        if (judgesHistory && ops == 0 && !r.hasWeakness(WeaknessDetector.EMPTY_HISTORY)) {
            extra.add(0, WeaknessDetector.emptyHistory());
        }
        if (judgesHistory && ops > 0 && completed == 0 && !r.hasWeakness(NO_COMPLETED_OP)) {
            extra.add(new HistoryWeakness(NO_COMPLETED_OP, "no operation completed (" + ops + (ops == 1 ? " op" : " ops")
                    + ", every outcome unknown): any of them may or may not have taken effect, so no answer is"
                    + " evidence of anything", List.of()));
        }
        if (judgesHistory && completed > 0 && succeeded == 0 && !r.hasWeakness(NO_SUCCESSFUL_OP)) {
            extra.add(new HistoryWeakness(NO_SUCCESSFUL_OP, "no operation succeeded (" + ops + (ops == 1 ? " op" : " ops")
                    + ": " + completed + " failed" + (ops > completed ? ", " + (ops - completed) + " with unknown outcome" : "")
                    + "): a failed op did not take effect, so the checker had nothing to judge (if these ops did succeed,"
                    + " the recorder marks success in a way read as an error: see which \"error\" values read as none in"
                    + " docs/checkers.md)", List.of()));
        }
        all.addAll(extra);
        return r.with(all, notes);
    }

    /**
     * Counts the ops that pass, those whose outcome is known (ok or fail) and those that succeeded
     * (completed without an error); shows each to the initial-value evidence and keeps it for a
     * second look, when asked (null: not).
     */
    private static final class Counting implements Iterator<Op> {
        private final Iterator<Op> in;
        private final InitialValueEvidence initial;
        private final List<Op> kept;
        long count;
        long completed;
        long succeeded;
        /** The earliest invocation: times in the result are rendered as ms from it. */
        long firstInvoke = Long.MAX_VALUE;

        Counting(Iterator<Op> in, InitialValueEvidence initial, List<Op> kept) {
            this.in = in;
            this.initial = initial;
            this.kept = kept;
        }

        @Override
        public boolean hasNext() {
            return in.hasNext();
        }

        @Override
        public Op next() {
            Op op = in.next();
            count++;
            if (initial != null) initial.accept(op);
            if (kept != null) kept.add(op);
            firstInvoke = Math.min(firstInvoke, op.invokeTs());
            if (!op.timeoutMarker() && op.completeTs() != null) {
                completed++;
                if (op.error() == null) succeeded++;
            }
            return op;
        }
    }

    /** A history in memory as an op stream, so both entry points share one path. */
    private static final class InMemory implements OpStream {
        private final History history;
        private final Iterator<Op> ops;

        InMemory(History history) {
            this.history = history;
            this.ops = history.ops().iterator();
        }

        @Override
        public HistoryFormat format() {
            return history.format();
        }

        @Override
        public String source() {
            return history.source();
        }

        @Override
        public List<ReadNote> notes() {
            return history.notes();
        }

        @Override
        public boolean hasNext() {
            return ops.hasNext();
        }

        @Override
        public Op next() {
            return ops.next();
        }

        @Override
        public void close() {
        }
    }

    private static <T> Iterator<T> concat(Iterator<T> first, Iterator<T> second) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return first.hasNext() || second.hasNext();
            }

            @Override
            public T next() {
                if (first.hasNext()) return first.next();
                if (second.hasNext()) return second.next();
                throw new NoSuchElementException();
            }
        };
    }
}
