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
