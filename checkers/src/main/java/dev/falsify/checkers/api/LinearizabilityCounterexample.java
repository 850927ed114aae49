package dev.falsify.checkers.api;

import java.util.List;

/**
 * Why a history is not linearizable (or, for an exhausted budget, how far the search got): for the
 * failing partition, the longest linearizable prefixes with the model state after each op, and the
 * ops that could not be placed next with their intervals and the reason.
 *
 * <p>Pure data: {@link CheckResultJson} writes it, {@link CheckResultText} renders it for people,
 * and the workbench draws history and counterexample views from it.
 *
 * @param exhausted true when this describes an unfinished search (validity unknown)
 */
public record LinearizabilityCounterexample(String model, List<PartitionFailure> partitions, boolean exhausted)
        implements Counterexample {

    public LinearizabilityCounterexample {
        partitions = List.copyOf(partitions);
    }

    /**
     * @param partition      label, e.g. {@code all} or {@code key 7}
     * @param ops            ops in the partition's search
     * @param statesExplored configurations explored in this partition
     */
    public record PartitionFailure(String partition, int ops, long statesExplored, List<Prefix> prefixes) {
        public PartitionFailure {
            prefixes = List.copyOf(prefixes);
        }
    }

    /**
     * @param steps          the prefix in linearization order, each with the state after it
     * @param initialState   the model state before the first step
     * @param couldNotPlace  the ops that were candidates to come next, each with the reason it cannot
     * @param mustPrecede    the op that completed before any candidate could be placed (null if none)
     */
    public record Prefix(String initialState, List<Step> steps, List<Blocked> couldNotPlace, Step mustPrecede) {
        public Prefix {
            steps = List.copyOf(steps);
            couldNotPlace = List.copyOf(couldNotPlace);
        }
    }

    /**
     * The sentence before the ops that could not come next, worded once for report.md, the command
     * line and the window's stepper: the op that completed (had to take effect by then), then the
     * candidates, which may include that op itself.
     *
     * @param when the op's times, as the caller shows times
     */
    public static String blockedHeading(Step mustPrecede, String when) {
        if (mustPrecede == null) {
            return "No op can take effect next:";
        }
        return "op " + mustPrecede.op().opId() + " (" + mustPrecede.description() + ", process "
                + mustPrecede.op().processName() + ", " + when + ") completed, but no op can take effect next:";
    }

    /** @param stateAfter model state after the op (null when not applicable) */
    public record Step(OpRef op, String description, String stateAfter) {
    }

    public record Blocked(OpRef op, String description, String reason) {
    }
}
