package dev.falsify.model.verdict;

/**
 * The computed verdict of an arm with the branch of the decision tree that produced it.
 *
 * @param verdict the verdict
 * @param release for {@code PASS-hardening}: the release budget was met too (shown as "release")
 * @param reason  one sentence citing the evidence behind the branch
 */
public record Decision(Verdict verdict, boolean release, String reason) {

    /** {@code PASS-hardening (release)} or the bare label. */
    public String display() {
        return release ? verdict.label() + " (release)" : verdict.label();
    }
}
