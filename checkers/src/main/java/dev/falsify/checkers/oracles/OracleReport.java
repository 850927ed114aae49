package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.ExecutionEvidence;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.OracleViolations;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects an oracle's violations and weaknesses and turns them into a {@link CheckResult}:
 * INVALID when anything was violated, else UNKNOWN when the input was weak, else VALID.
 */
final class OracleReport {
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int MAX_IDS = 20;

    private final String checker;
    private final String model;
    private long opsTotal;
    private final long start = System.nanoTime();
    /** Time not spent checking (reading the ops of a streamed history), left out of the evidence. */
    private long excludedNanos;
    private final List<OracleViolations.Violation> items = new ArrayList<>();
    private final List<HistoryWeakness> weaknesses = new ArrayList<>();
    private long consumed;
    private int partitions = 1;

    OracleReport(String checker, CheckInput input) {
        this(checker, input.model());
        this.opsTotal = input.history().size();
    }

    /** For a streamed history: its size is given once read ({@link #opsTotal}). */
    OracleReport(String checker, String model) {
        this.checker = checker;
        this.model = model;
    }

    void opsTotal(long n) {
        opsTotal = n;
    }

    void excluded(long nanos) {
        excludedNanos += nanos;
    }

    void consumed(long ops) {
        consumed = ops;
    }

    void partitions(int n) {
        partitions = Math.max(1, n);
    }

    /** Records a violation; the oracle adds its own fields to the object returned. */
    ObjectNode violation(String line) {
        ObjectNode fields = JSON.objectNode();
        items.add(new OracleViolations.Violation(line, fields));
        return fields;
    }

    int violations() {
        return items.size();
    }

    void weak(String kind, String detail, List<String> ids) {
        String d = ids.size() > MAX_IDS ? detail + " (" + ids.size() + " ops)" : detail;
        weaknesses.add(new HistoryWeakness(kind, d, List.copyOf(ids.subList(0, Math.min(ids.size(), MAX_IDS)))));
    }

    boolean isWeak() {
        return !weaknesses.isEmpty();
    }

    static String id(Op op) {
        return op.sourceLine() > 0 ? op.opId() + "@line" + op.sourceLine() : String.valueOf(op.opId());
    }

    /** The result; {@code passed} is the summary when nothing was violated and nothing was weak. */
    CheckResult finish(String passed, String failedWhat) {
        return finish(passed, failedWhat, null);
    }

    /**
     * The result, with {@code counts} (what the oracle counted: elements, reads, …) said whatever the
     * answer: after the violations' count and first explanation, or after the weakness.
     */
    CheckResult finish(String passed, String failedWhat, String counts) {
        CheckResult r = finishPlain(passed, failedWhat);
        if (counts == null || r.validity() == Validity.VALID) return r;
        return new CheckResult(r.checker(), r.model(), r.validity(), r.evidence(), r.counterexample(), r.weaknesses(),
                r.summary() + " (" + counts + ")");
    }

    private CheckResult finishPlain(String passed, String failedWhat) {
        double ms = (System.nanoTime() - start - excludedNanos) / 1e6;
        ExecutionEvidence ev = new ExecutionEvidence(consumed, opsTotal, partitions, 0, ms);
        if (!items.isEmpty()) {
            return new CheckResult(checker, model, Validity.INVALID, ev, new OracleViolations(items),
                    weaknesses, items.size() + " " + failedWhat + ": " + items.get(0).explanation());
        }
        if (!weaknesses.isEmpty()) {
            return new CheckResult(checker, model, Validity.UNKNOWN, ev, null, weaknesses,
                    "input too weak for " + checker + ": " + weaknesses.get(0).detail());
        }
        return new CheckResult(checker, model, Validity.VALID, ev, null, weaknesses, passed);
    }
}
