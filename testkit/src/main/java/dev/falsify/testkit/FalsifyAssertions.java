package dev.falsify.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckResultText;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.lin.LinearizabilityChecker;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Falsify's checkers as JUnit assertions. Each runs the one check pipeline ({@link HistoryCheck}, the
 * same as {@code falsify check}) on the recorded history and fails with a {@link FalsifyAssertionError}
 * whose message carries the counterexample — and fails, too, on anything that is not a trustworthy
 * pass: an UNKNOWN answer (budget exhausted) or a history too weak for the checker (empty, nothing
 * completed, fields missing). No silent PASS.
 */
public final class FalsifyAssertions {
    /** Time budget of one check unless given. */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(60);

    private FalsifyAssertions() {
    }

    /**
     * The history is linearizable for {@code model} ({@code register}, {@code cas-register},
     * {@code kv}, {@code counter}, {@code queue}, … as {@code falsify check --model} names them).
     *
     * @return the checker's result (execution evidence: ops, partitions, states explored)
     */
    public static CheckResult assertLinearizable(HistoryRecorder history, String model) {
        return assertLinearizable(history.ops(), model, DEFAULT_BUDGET);
    }

    public static CheckResult assertLinearizable(List<Op> ops, String model, Duration budget) {
        return check(ops, HistoryCheck.Request.of(LinearizabilityChecker.NAME, model, CheckBudget.of(budget)));
    }

    /**
     * The checker named as {@code falsify check --list} names it ({@code list-append},
     * {@code rw-register}, {@code session}, {@code exactly-once}, …) finds no anomaly.
     */
    public static CheckResult assertNoAnomalies(HistoryRecorder history, String checker) {
        return assertNoAnomalies(history.ops(), checker, Map.of(), null, DEFAULT_BUDGET);
    }

    /**
     * With checker options ({@code falsify check --option k=v}) and a final-state dump for the
     * oracles that need one ({@code no-lost-ack}, {@code final-state-invariant}); either may be empty/null.
     */
    public static CheckResult assertNoAnomalies(List<Op> ops, String checker, Map<String, String> options,
                                                Object finalState, Duration budget) {
        JsonNode state = finalState == null ? null : HistoryRecorder.json(finalState);
        return check(ops, new HistoryCheck.Request(checker, null, null, options, state, Map.of(), null,
                CheckBudget.of(budget)));
    }

    /** Every plan fired at least once; else a {@link FaultsNotLandedError} naming the plans that did not. */
    public static void assertFaultsLanded(FaultPlan... plans) {
        List<String> silent = new ArrayList<>();
        for (FaultPlan p : plans) {
            if (p.fired() == 0) silent.add(p.name() + " (" + p.calls() + (p.calls() == 1 ? " call" : " calls")
                    + " reached it, none faulted)");
        }
        if (!silent.isEmpty()) {
            String detail = String.join("\n", silent);
            throw new FaultsNotLandedError("fault never landed: " + String.join("; ", silent)
                    + " — the test proves nothing about these faults", detail);
        }
    }

    private static CheckResult check(List<Op> ops, HistoryCheck.Request request) {
        String source = "recorded history";
        CheckResult r = HistoryCheck.standard().run(new History(source, HistoryFormat.JSONL, ops), request).result();
        List<String> lines = CheckResultText.lines(source, null, r);
        // the checker's summary (for linearizability: the longest prefix and where it ends) and the
        // lines that say more; the first line of `lines` ends with that summary, so the message holds it
        List<String> explanation = new java.util.ArrayList<>();
        if (r.summary() != null && !r.summary().isBlank()) explanation.add(r.summary());
        explanation.addAll(lines.subList(1, lines.size()));
        String counterexample = String.join("\n", explanation);
        TestEvidence.current().ifPresent(e -> e.check(new TestEvidence.Check(r, ops, counterexample)));
        String problem = r.validity() == Validity.INVALID ? "violation found"
                : r.validity() == Validity.UNKNOWN ? "no answer within the budget (not a pass)"
                : !r.weaknesses().isEmpty() ? "history too weak to trust the answer (not a pass)" : null;
        if (problem != null) {
            throw new FalsifyAssertionError(r.checker() + ": " + problem + "\n" + String.join("\n", lines),
                    counterexample, r);
        }
        return r;
    }
}
