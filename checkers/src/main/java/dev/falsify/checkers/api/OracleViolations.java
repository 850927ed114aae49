package dev.falsify.checkers.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What a model-free oracle (no-lost-ack, exactly-once, session, fairness, …) found violated: one
 * item per violation, each with its explanation and the oracle's own fields (key, ops, session,
 * replicas, differences, …).
 */
public record OracleViolations(List<Violation> items) implements Counterexample {
    public OracleViolations {
        items = List.copyOf(items);
    }

    /** @param fields the oracle's fields for this violation (never holds {@code explanation}) */
    public record Violation(String explanation, ObjectNode fields) {
    }
}
