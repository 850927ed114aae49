package dev.falsify.model.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The spec's fixed lists of green-but-broken checks and weak-oracle audit items. Evidence records may
 * carry any subset; {@link #complete} fills the rest as "not evaluated" so a report always shows
 * every item.
 */
public final class AuditChecklist {
    private AuditChecklist() {
    }

    public static final List<String> GREEN_BUT_BROKEN = List.of(
            "workload produced the expected ops/s for the expected duration",
            "oracle ran on every intended cycle (op count consumed)",
            "faults verifiably injected (injector side and victim side)",
            "fault did not silently no-op",
            "clock skew did not mask a timing assertion (monotonic timestamps)",
            "run duration met the exit criterion",
            "no silent error suppression (SUT logs scanned for exceptions/panics)",
            "recovery completed (back to nominal, not degraded)",
            "baseline comparison is fair",
            "statistical claims were replicated");

    public static final List<String> WEAK_ORACLE = List.of(
            "oracle is not final state only",
            "oracle is not logs only",
            "oracle is not health checks only",
            "more than one failover if failover-based",
            "client-hidden retries were caught (or N/A)",
            "timestamps monotonic",
            "at least one asymmetric / mixed variant where applicable",
            "at least three seeds for any statistical claim");

    /**
     * Every item of {@code checklist} in the spec's order, each taken from {@code given} when an item
     * there names it (matched by the first three words, case-insensitively, so "oracle ran on every
     * cycle" matches the spec's longer wording) and "not evaluated" otherwise; then any further items
     * of {@code given} that the checklist does not name.
     */
    public static List<AuditItem> complete(List<AuditItem> given, List<String> checklist) {
        List<AuditItem> out = new ArrayList<>();
        List<AuditItem> rest = new ArrayList<>(given);
        for (String item : checklist) {
            AuditItem match = rest.stream().filter(g -> key(g.check()).equals(key(item))).findFirst().orElse(null);
            if (match == null) {
                out.add(AuditItem.notEvaluated(item));
            } else {
                out.add(match);
                rest.remove(match);
            }
        }
        out.addAll(rest);
        return out;
    }

    static String key(String check) {
        String[] words = check.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ").strip().split("\\s+");
        return String.join(" ", List.of(words).subList(0, Math.min(3, words.length)));
    }
}
