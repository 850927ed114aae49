package dev.falsify.checkers.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import java.util.List;
import java.util.Map;

/**
 * Everything a checker may read. Checkers never touch files: the caller reads the history and any
 * dumps and hands them over here.
 *
 * @param history       the operations, in file order
 * @param model         model name (register, cas-register, kv, queue, ...); may be null for model-free oracles
 * @param options       checker options (reorder window, idempotency key path, invariant, thresholds, ...)
 * @param finalState    final-state dump for no-lost-ack / final-state-invariant, or null
 * @param replicaStates per-replica dumps for replica-reconciliation (replica name → dump), possibly empty
 * @param groupMetrics  per-group metrics for fairness, or null
 */
public record CheckInput(List<Op> history, String model, Map<String, String> options, JsonNode finalState,
                         Map<String, JsonNode> replicaStates, JsonNode groupMetrics) {
    public CheckInput {
        history = List.copyOf(history);
        options = Map.copyOf(options);
        replicaStates = Map.copyOf(replicaStates);
    }

    public static CheckInput of(List<Op> history, String model) {
        return new CheckInput(history, model, Map.of(), null, Map.of(), null);
    }

    public String option(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }
}
