package dev.falsify.model.verdict;

import java.time.Instant;
import java.util.Objects;

/**
 * A reviewer's override, stored beside the computed verdict (never replacing it).
 *
 * @param armId    {@code S5/api} or {@code S1}
 * @param verdict  overriding verdict, or null to keep the computed one and only label the finding
 * @param blame    blame, or null
 * @param bugType  TaxDC classification, or null
 * @param severity severity, or null
 * @param author   who overrode
 * @param time     when
 * @param reason   why (required: an override without a reason is not accepted)
 */
public record VerdictOverride(String armId, Verdict verdict, Blame blame, BugType bugType, FindingSeverity severity,
                              String author, Instant time, String reason) {
    public VerdictOverride {
        Objects.requireNonNull(armId, "armId");
        Objects.requireNonNull(author, "author");
        Objects.requireNonNull(time, "time");
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("an override needs a reason");
        }
    }
}
