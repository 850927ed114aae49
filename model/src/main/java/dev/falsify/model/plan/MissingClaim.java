package dev.falsify.model.plan;

/** A row of the §1c missing-claims table. */
public record MissingClaim(String id, String behavior, String evidence, String suggestedAction, TableRow row, Span span) {
}
