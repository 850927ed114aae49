package dev.falsify.model.history;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One operation of a history in the canonical 11-field schema of
 * {@code histories-and-checkers.md}. Invoke and complete time share the op's lifetime slot.
 *
 * <p>{@code input} and {@code output} are JSON values (never Java {@code null} for "absent":
 * readers use {@code NullNode} so a checker can tell "recorded as null" from a bug).
 * {@code completeTs} is {@code null} for an op whose response never arrived.
 * {@code sourceLine} is the 1-based line of the record in its file (0 when built in memory),
 * kept so weakness reports and counterexamples can point at the input.
 */
public record Op(
        String opId,
        String processId,
        long invokeTs,
        Long completeTs,
        String opType,
        String key,
        JsonNode input,
        JsonNode output,
        String error,
        boolean timeoutMarker,
        String nodeSeen,
        String faultEpoch,
        int sourceLine) {

    /**
     * What people call an op's process when the history records none (an EDN history without
     * {@code :process}, a JSON row without {@code process_id}): never the word "null".
     */
    public static final String NO_PROCESS = "(none)";

    /** The process's id, or {@link #NO_PROCESS}: a lane's name, a filter's item. */
    public String processName() {
        return processId != null ? processId : NO_PROCESS;
    }

    /** {@code process 3}, or {@code process (none)} when the history records no process. */
    public String processLabel() {
        return "process " + processName();
    }

    public Outcome outcome() {
        if (timeoutMarker) return Outcome.UNKNOWN;
        if (error != null) return Outcome.FAIL;
        return Outcome.OK;
    }

    /** Completion time, or {@link Long#MAX_VALUE} for an op that may take effect any time after invoke. */
    public long completeOrInfinity() {
        return completeTs == null || timeoutMarker ? Long.MAX_VALUE : completeTs;
    }
}
