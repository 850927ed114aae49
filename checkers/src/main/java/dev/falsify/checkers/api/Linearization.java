package dev.falsify.checkers.api;

import java.util.List;

/**
 * A witness that a history is linearizable: for each partition, its ops in one order the model
 * accepts, each with the state after it. Only computed when asked for (the
 * {@code linearization=true} checker option), so a reviewer can step through why a surprising
 * history passed without slowing down every {@code falsify check}.
 *
 * @param model the model the order was found against
 */
public record Linearization(String model, List<Partition> partitions) {
    public Linearization {
        partitions = List.copyOf(partitions);
    }

    /**
     * @param partition    label, as in {@link LinearizabilityCounterexample.PartitionFailure#partition()}
     * @param initialState the model state before the first step
     * @param steps        the partition's ops in linearization order (fail ops and unknown reads,
     *                     which the search leaves out, are not among them)
     */
    public record Partition(String partition, String initialState, List<LinearizabilityCounterexample.Step> steps) {
        public Partition {
            steps = List.copyOf(steps);
        }
    }
}
