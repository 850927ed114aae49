package dev.falsify.model.verdict;

import dev.falsify.model.vocabulary.Validity;
import java.util.List;

/**
 * A checker's or oracle's result as the verdict needs it (the model module cannot see the checkers
 * module's {@code CheckResult}; the runner converts).
 *
 * @param checker      checker name ({@code linearizability}, {@code no-lost-ack}, or a surface check's name)
 * @param validity     the answer
 * @param opsConsumed  items the checker consumed (ops; for a monitor, the message events it read — see {@code unit})
 * @param opsTotal     items in what it was given, counted the same way
 * @param weaknesses   history weaknesses the checker reported, one line each
 * @param summary      one line for people
 * @param opsCompleted client ops that completed successfully in the history of the run the oracle judged, or
 *                     null when not recorded (evidence written before this was recorded, or a caller with no
 *                     history): a PASS needs completed work, so 0 makes the verdict INCONCLUSIVE-oracle-too-weak
 * @param unit         what {@code opsConsumed}/{@code opsTotal} count; null means {@code ops}
 *                     ({@value #MESSAGE_EVENTS} for a message monitor)
 */
public record OracleResult(String checker, Validity validity, long opsConsumed, long opsTotal, List<String> weaknesses,
                           String summary, Long opsCompleted, String unit) {

    /** The unit of a monitor's counts: the message events it read, which are not client ops. */
    public static final String MESSAGE_EVENTS = "message events";

    public OracleResult {
        // a record read from a hand-edited evidence block may lack fields: never let that read as a pass
        checker = checker == null ? "" : checker;
        validity = validity == null ? Validity.UNKNOWN : validity;
        weaknesses = weaknesses == null ? List.of() : List.copyOf(weaknesses);
        summary = summary == null ? "" : summary;
        unit = unit == null || unit.isBlank() || unit.equals("ops") ? null : unit;
    }

    /** A result counted in ops, with no record of how many completed. */
    public OracleResult(String checker, Validity validity, long opsConsumed, long opsTotal, List<String> weaknesses,
                        String summary) {
        this(checker, validity, opsConsumed, opsTotal, weaknesses, summary, null, null);
    }

    /** The checker consumed fewer ops than the history held. */
    public boolean partialCoverage() {
        return opsConsumed < opsTotal;
    }

    /** What the counts count: {@code ops}, or {@value #MESSAGE_EVENTS}. */
    public String unitName() {
        return unit == null ? "ops" : unit;
    }

    /** {@code 214/214 message events}, {@code 1519/1519 ops}: the counts with what they count. */
    public String consumedText() {
        return opsConsumed + "/" + opsTotal + " " + unitName();
    }

    /** The oracle judged a run in which no client op completed: nothing was checked that a PASS could rest on. */
    public boolean judgedNoCompletedOp() {
        return opsCompleted != null && opsCompleted == 0;
    }
}
