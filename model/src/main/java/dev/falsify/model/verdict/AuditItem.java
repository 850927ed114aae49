package dev.falsify.model.verdict;

import dev.falsify.model.vocabulary.AuditCheck;
import java.util.Optional;

/**
 * One green-but-broken check or weak-oracle audit item. Never ticked by default: an item nobody had
 * evidence for stays {@link Status#NOT_EVALUATED}.
 *
 * <p>Falsify's own evidence builders name the item by constant ({@link #AuditItem(AuditCheck, Status, String)});
 * an item read from a file (a findings file written before, by hand or by an agent) is matched to its constant
 * once, when it is made ({@link #AuditItem(String, Status, String)}, {@link AuditCheck#read}), and keeps its
 * wording. An item that names no checklist item keeps its text and has no {@link #item}.
 *
 * @param check    what is checked, as written ({@code oracle ran on every intended cycle})
 * @param status   the outcome
 * @param evidence what the outcome rests on ({@code checker consumed 4 812 of 4 812 ops}); empty when not evaluated
 * @param item     the checklist item, or null when the text names none
 */
public record AuditItem(String check, Status status, String evidence, AuditCheck item) {

    public enum Status {
        PASSED, FAILED, NOT_EVALUATED, NOT_APPLICABLE
    }

    public AuditItem {
        if (check == null || check.isBlank()) check = item == null ? "" : item.text();
        status = status == null ? Status.NOT_EVALUATED : status;
        evidence = evidence == null ? "" : evidence;
        if (item == null) item = AuditCheck.read(check).orElse(null);
    }

    /** An item of the spec's checklists, in its words. */
    public AuditItem(AuditCheck item, Status status, String evidence) {
        this(item.text(), status, evidence, item);
    }

    /** An item as written, matched to the checklist item its words name. */
    public AuditItem(String check, Status status, String evidence) {
        this(check, status, evidence, null);
    }

    public static AuditItem notEvaluated(AuditCheck item) {
        return new AuditItem(item, Status.NOT_EVALUATED, "");
    }

    public static AuditItem notEvaluated(String check) {
        return new AuditItem(check, Status.NOT_EVALUATED, "");
    }

    /** The checklist item this is, when its text names one. */
    public Optional<AuditCheck> checklistItem() {
        return Optional.ofNullable(item);
    }

    /** Ticked (passed or not applicable). */
    public boolean ticked() {
        return status == Status.PASSED || status == Status.NOT_APPLICABLE;
    }

    /** The evidence, or {@code not evaluated}. */
    public String evidenceOrNotEvaluated() {
        return status == Status.NOT_EVALUATED || evidence.isBlank() && status != Status.NOT_APPLICABLE
                ? (status == Status.NOT_EVALUATED ? "not evaluated" : "no evidence recorded")
                : evidence.isBlank() ? "n/a" : evidence;
    }
}
