package dev.falsify.runner.store;

/**
 * One arm of a stored session, with the computed and the overriding verdict side by side.
 *
 * @param armId           {@code S5/api} or {@code S1}
 * @param budget          budget tier as written
 * @param writtenVerdict  verdict written in the folder, or null
 * @param computedVerdict verdict computed from the evidence block, or null
 * @param computedReason  decision-tree reason, or null
 * @param overrideVerdict the latest override's verdict, or null
 * @param overrideAuthor  who overrode, or null
 * @param overrideReason  why, or null
 * @param effective       the verdict that counts
 */
public record StoredArm(String armId, String budget, String writtenVerdict, String computedVerdict, String computedReason,
                        String overrideVerdict, String overrideAuthor, String overrideReason, String effective) {
}
