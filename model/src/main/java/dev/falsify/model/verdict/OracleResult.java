package dev.falsify.model.verdict;

import java.util.List;

/**
 * A checker's or oracle's result as the verdict needs it (the model module cannot see the checkers
 * module's {@code CheckResult}; the runner converts).
 *
 * @param checker     checker name ({@code linearizability}, {@code no-lost-ack}, or a surface check's name)
 * @param validity    the answer
 * @param opsConsumed operations the checker consumed
 * @param opsTotal    operations in the history it was given
 * @param weaknesses  history weaknesses the checker reported, one line each
 * @param summary     one line for people
 */
public record OracleResult(String checker, Validity validity, long opsConsumed, long opsTotal, List<String> weaknesses,
                           String summary) {

    /** Mirror of the checkers' validity. */
    public enum Validity {
        VALID, INVALID, UNKNOWN
    }

    public OracleResult {
        // a record read from a hand-edited evidence block may lack fields: never let that read as a pass
        checker = checker == null ? "" : checker;
        validity = validity == null ? Validity.UNKNOWN : validity;
        weaknesses = weaknesses == null ? List.of() : List.copyOf(weaknesses);
        summary = summary == null ? "" : summary;
    }

    /** The checker consumed fewer ops than the history held. */
    public boolean partialCoverage() {
        return opsConsumed < opsTotal;
    }
}
