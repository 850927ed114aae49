package dev.falsify.catalog.walk;

/**
 * One row of a plan's pitfall walk. {@code pitfallId} is the catalog id, or null for a row the author
 * added for a pitfall the catalog does not have ({@code label} then holds its text). {@code hypothesis}
 * is the hypothesis id(s) it produced ("H3", "H3, H5") or empty.
 */
public record PitfallWalkRow(String pitfallId, String label, Applies applies, String hypothesis, String notes) {
    public PitfallWalkRow {
        label = label == null ? "" : label.strip();
        applies = applies == null ? Applies.UNANSWERED : applies;
        hypothesis = hypothesis == null ? "" : hypothesis.strip();
        notes = notes == null ? "" : notes.strip();
    }

    public PitfallWalkRow withApplies(Applies a) {
        return new PitfallWalkRow(pitfallId, label, a, hypothesis, notes);
    }

    public PitfallWalkRow withHypothesis(String h) {
        return new PitfallWalkRow(pitfallId, label, applies, h, notes);
    }

    public PitfallWalkRow withNotes(String n) {
        return new PitfallWalkRow(pitfallId, label, applies, hypothesis, n);
    }
}
