package dev.falsify.model.verdict;

/**
 * One green-but-broken check or weak-oracle audit item. Never ticked by default: an item nobody had
 * evidence for stays {@link Status#NOT_EVALUATED}.
 *
 * @param check    what is checked ({@code oracle ran on every intended cycle})
 * @param status   the outcome
 * @param evidence what the outcome rests on ({@code checker consumed 4 812 of 4 812 ops}); empty when not evaluated
 */
public record AuditItem(String check, Status status, String evidence) {

    public enum Status {
        PASSED, FAILED, NOT_EVALUATED, NOT_APPLICABLE
    }

    public AuditItem {
        check = check == null ? "" : check;
        status = status == null ? Status.NOT_EVALUATED : status;
        evidence = evidence == null ? "" : evidence;
    }

    public static AuditItem notEvaluated(String check) {
        return new AuditItem(check, Status.NOT_EVALUATED, "");
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
