package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/**
 * One entry of §1's "Files touched" list of a change-scoped plan ({@code - `relay/ack.go` (+33 −2)}).
 * Counts are null when the plan does not give them.
 */
public record FileTouched(String path, Integer added, Integer removed, Span span) {
}
