package dev.falsify.checkers.api;

import dev.falsify.model.history.Op;

/**
 * The identity and interval of an op, as a counterexample cites it (the op's values are in its
 * model description).
 *
 * @param completeTs null for an op whose outcome is unknown (its interval is open)
 * @param sourceLine 1-based line in the history file, 0 when unknown
 */
public record OpRef(String opId, String processId, long invokeTs, Long completeTs, int sourceLine) {
    /** @param index the op's position in the history, naming an op without op_id */
    public static OpRef of(Op op, long index) {
        String id = op.opId() != null ? op.opId() : "#" + index;
        Long complete = op.timeoutMarker() ? null : op.completeTs();
        return new OpRef(id, op.processId(), op.invokeTs(), complete, op.sourceLine());
    }

    /** The process's id, or {@link Op#NO_PROCESS} when the history records none. */
    public String processName() {
        return processId != null ? processId : Op.NO_PROCESS;
    }

    /**
     * {@code [1306.905, 1616.310] ms} or {@code [1306.905 ms, …)}: the interval in milliseconds from
     * {@code originNs}, the start of the history, which is how a person reads it (raw monotonic
     * nanoseconds say nothing without the history's first timestamp).
     */
    public String interval(long originNs) {
        String from = ms(invokeTs, originNs);
        return completeTs == null ? "[" + from + " ms, …)" : "[" + from + ", " + ms(completeTs, originNs) + "] ms";
    }

    /** ms from {@code originNs} with µs precision: {@code 1306.905}. */
    public static String ms(long ns, long originNs) {
        return FixedDecimal.millis(ns - originNs);
    }

    /** {@code [invoke, complete]} or {@code [invoke, …)} for an open interval, in the history's nanoseconds. */
    public String interval() {
        return "[" + invokeTs + ", " + (completeTs == null ? "…)" : completeTs + "]");
    }
}
