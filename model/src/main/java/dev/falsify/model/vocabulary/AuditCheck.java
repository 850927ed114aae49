package dev.falsify.model.vocabulary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The items of the spec's two fixed checklists (sessions-and-verdicts.md): the green-but-broken checks
 * and the weak-oracle audit. Evidence builders name items by constant; the text is what findings files
 * and reports show.
 *
 * <p>Findings files written by earlier versions, by hand or by agents name items by text, sometimes
 * shortened ("oracle ran on every intended cycle"). {@link #read} matches such a text to its item once,
 * where the file is read; everything after compares constants.
 */
public enum AuditCheck {
    WORKLOAD_RATE(Checklist.GREEN_BUT_BROKEN, "workload produced the expected ops/s for the expected duration"),
    ORACLE_COVERAGE(Checklist.GREEN_BUT_BROKEN, "oracle ran on every intended cycle (op count consumed)"),
    FAULTS_INJECTED(Checklist.GREEN_BUT_BROKEN, "faults verifiably injected (injector side and victim side)"),
    FAULT_NOT_NOOP(Checklist.GREEN_BUT_BROKEN, "fault did not silently no-op"),
    CLOCK_SKEW(Checklist.GREEN_BUT_BROKEN, "clock skew did not mask a timing assertion (monotonic timestamps)"),
    RUN_DURATION(Checklist.GREEN_BUT_BROKEN, "run duration met the exit criterion"),
    NO_ERROR_SUPPRESSION(Checklist.GREEN_BUT_BROKEN, "no silent error suppression (SUT logs scanned for exceptions/panics)"),
    RECOVERY(Checklist.GREEN_BUT_BROKEN, "recovery completed (back to nominal, not degraded)"),
    FAIR_BASELINE(Checklist.GREEN_BUT_BROKEN, "baseline comparison is fair"),
    STATISTICS_REPLICATED(Checklist.GREEN_BUT_BROKEN, "statistical claims were replicated"),

    NOT_FINAL_STATE_ONLY(Checklist.WEAK_ORACLE, "oracle is not final state only"),
    NOT_LOGS_ONLY(Checklist.WEAK_ORACLE, "oracle is not logs only"),
    NOT_HEALTH_CHECKS_ONLY(Checklist.WEAK_ORACLE, "oracle is not health checks only"),
    FAILOVERS(Checklist.WEAK_ORACLE, "more than one failover if failover-based"),
    HIDDEN_RETRIES(Checklist.WEAK_ORACLE, "client-hidden retries were caught (or N/A)"),
    TIMESTAMPS_MONOTONIC(Checklist.WEAK_ORACLE, "timestamps monotonic"),
    ASYMMETRIC_VARIANT(Checklist.WEAK_ORACLE, "at least one asymmetric / mixed variant where applicable"),
    THREE_SEEDS(Checklist.WEAK_ORACLE, "at least three seeds for any statistical claim");

    /** The two checklists, each in the spec's order. */
    public enum Checklist {
        GREEN_BUT_BROKEN, WEAK_ORACLE;

        /** This checklist's items, in the spec's order. */
        public List<AuditCheck> items() {
            List<AuditCheck> out = new ArrayList<>();
            for (AuditCheck c : AuditCheck.values()) if (c.checklist == this) out.add(c);
            return out;
        }
    }

    private final Checklist checklist;
    private final String text;

    AuditCheck(Checklist checklist, String text) {
        this.checklist = checklist;
        this.text = text;
    }

    /** The checklist this item belongs to. */
    public Checklist checklist() {
        return checklist;
    }

    /** The item as the spec words it, as Falsify writes it. */
    public String text() {
        return text;
    }

    /**
     * The item a written text names: its own wording (case, punctuation, spacing and a plural 's' aside), else
     * the one item whose first words the text's first words are — three words, or more where three name several
     * items ("oracle is not logs only"); empty for a text that names no item or several.
     */
    public static Optional<AuditCheck> read(String written) {
        List<String> words = words(written);
        if (words.isEmpty()) return Optional.empty();
        for (AuditCheck c : values()) if (words(c.text).equals(words)) return Optional.of(c);
        for (int n = Math.min(3, words.size()); n <= words.size(); n++) {
            List<String> head = words.subList(0, n);
            AuditCheck only = null;
            int matches = 0;
            for (AuditCheck c : values()) {
                List<String> own = words(c.text);
                if (own.size() >= n && own.subList(0, n).equals(head)) {
                    only = c;
                    matches++;
                }
            }
            if (matches == 1) return Optional.of(only);
            if (matches == 0) return Optional.empty();
        }
        return Optional.empty();
    }

    /** The words of a text, lower case, without punctuation, each without a plural 's' ("faults" is "fault"). */
    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) return out;
        for (String w : text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ").strip().split("\\s+")) {
            if (w.isEmpty()) continue;
            out.add(w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w);
        }
        return out;
    }
}
