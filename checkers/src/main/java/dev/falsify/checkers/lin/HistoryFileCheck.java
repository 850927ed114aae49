package dev.falsify.checkers.lin;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.ReadNote;
import dev.falsify.checkers.history.WeaknessDetector;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.OpStream;
import dev.falsify.model.history.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Checks one history file for linearizability, streaming it from disk: what {@code falsify check}
 * does per file. The model is the one given, else the format's own (porcupine-etcd → cas-register,
 * porcupine-kv → kv), else inferred from the op types of the first ops.
 */
public final class HistoryFileCheck {
    /** Ops looked at to infer a model when none is given. */
    static final int INFERENCE_SAMPLE = 1000;

    /**
     * @param model the model the file was checked against
     * @param notes what the reader tolerated or found missing; the weakening ones are also in the
     *              result's weaknesses
     */
    public record Outcome(Path file, HistoryFormat format, String model, CheckResult result, List<ReadNote> notes) {
        public Outcome {
            notes = List.copyOf(notes);
        }

        /**
         * The outcome of any checker on a history read whole: the reader's weakening notes, and an
         * empty history (for a checker that judges the history), join the result's weaknesses, so
         * neither can pass as plain "valid".
         */
        public static Outcome of(Path file, History history, String model, CheckResult result, boolean judgesHistory) {
            return new Outcome(file, history.format(), model,
                    withReadFindings(result, history.notes(), judgesHistory && history.ops().isEmpty()), history.notes());
        }
    }

    /** {@code r} with the reader's weakening notes and, for an empty history, {@code empty-history} added. */
    public static CheckResult withReadFindings(CheckResult r, List<ReadNote> notes, boolean empty) {
        List<HistoryWeakness> extra = new ArrayList<>(ReadNote.weaknesses(notes));
        boolean flagged = r.weaknesses().stream().anyMatch(w -> w.kind().equals(WeaknessDetector.EMPTY_HISTORY));
        if (empty && !flagged) extra.add(0, WeaknessDetector.emptyHistory());
        if (extra.isEmpty()) return r;
        List<HistoryWeakness> all = new ArrayList<>(r.weaknesses());
        all.addAll(extra);
        return new CheckResult(r.checker(), r.model(), r.validity(), r.evidence(), r.counterexample(), all, r.summary());
    }

    private HistoryFileCheck() {
    }

    /**
     * @param format  null to detect
     * @param model   null to take the format's model or infer it
     * @throws HistoryFormatException for bad input (malformed file, op that does not fit the model,
     *                                no model given and none inferable)
     */
    public static Outcome run(Path file, HistoryFormat format, String model, Map<String, String> options,
                              CheckBudget budget) throws IOException {
        try (OpStream ops = Histories.open(file, format)) {
            String chosen = model != null ? model : ops.format().defaultModel();
            Iterator<Op> source = ops;
            if (chosen == null) {
                List<Op> sample = new ArrayList<>();
                Set<String> types = new HashSet<>();
                boolean keyed = true;
                while (sample.size() < INFERENCE_SAMPLE && ops.hasNext()) {
                    Op op = ops.next();
                    sample.add(op);
                    types.add(op.opType());
                    keyed &= op.key() != null;
                }
                chosen = sample.isEmpty() ? "register" : Models.infer(types, keyed);
                if (chosen == null) {
                    java.util.TreeSet<String> named = new java.util.TreeSet<>();
                    for (String t : types) if (t != null) named.add(t); // ops may lack op_type altogether
                    throw new HistoryFormatException(file.toString(), Math.max(1, sample.get(0).sourceLine()), 1,
                            "op types of a linearizability model; pass --model (" + String.join(", ", Models.NAMES) + ")",
                            named.isEmpty() ? "ops without op_type" : "op types " + named);
                }
                source = concat(sample.iterator(), ops);
            }
            if (Models.canonicalName(chosen) == null) {
                throw new IllegalArgumentException("unknown model '" + chosen + "'; known: " + String.join(", ", Models.NAMES));
            }
            try {
                CheckResult r = new LinearizabilityChecker().check(source, chosen, options, budget);
                List<ReadNote> notes = ops.notes();
                return new Outcome(file, ops.format(), r.model(), withReadFindings(r, notes, r.evidence().opsTotal() == 0), notes);
            } catch (ModelException e) {
                throw new HistoryFormatException(file.toString(), Math.max(1, e.op().sourceLine()), 1,
                        "an operation of model " + Models.canonicalName(chosen) + " (" + e.getMessage() + ")");
            }
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
