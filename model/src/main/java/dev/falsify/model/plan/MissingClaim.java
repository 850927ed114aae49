package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/** A row of the §1c missing-claims table. */
public record MissingClaim(String id, String behavior, String evidence, String suggestedAction, TableRow row, Span span) {
}
