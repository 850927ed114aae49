package dev.falsify.model.session;

import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.verdict.VerdictRules;
import java.util.ArrayList;
import java.util.List;

import dev.falsify.model.verdict.Verdict;
import java.util.Optional;

/**
 * A row of the session log's verdict table: Scenario / arm | Budget tier met | Verdict | Notes.
 *
 * @param armId   {@code S5/api} or {@code S1}
 * @param budget  budget tier cell as written
 * @param written verdict cell as written
 * @param notes   notes cell
 * @param oracleEvidence  an "Oracle execution evidence" cell (the findings report's results table), or empty
 * @param landingEvidence a "Nemesis landing evidence" cell, or empty
 * @param greenButBroken  the arm's green-but-broken checklist where a report writes it beside its results table
 *                        ({@code ## Green-but-broken check} / {@code ### S2 — …}), or empty
 * @param weakOracleAudit the arm's weak-oracle audit from the same place, or empty
 */
public record VerdictRow(String armId, String budget, String written, String notes, String oracleEvidence,
                         String landingEvidence, List<AuditItem> greenButBroken, List<AuditItem> weakOracleAudit) {

    public VerdictRow {
        armId = armId == null ? "" : armId;
        budget = budget == null ? "" : budget;
        written = written == null ? "" : written;
        notes = notes == null ? "" : notes;
        oracleEvidence = oracleEvidence == null ? "" : oracleEvidence;
        landingEvidence = landingEvidence == null ? "" : landingEvidence;
        greenButBroken = greenButBroken == null ? List.of() : List.copyOf(greenButBroken);
        weakOracleAudit = weakOracleAudit == null ? List.of() : List.copyOf(weakOracleAudit);
    }

    /** A row without evidence columns (the session log's verdict table). */
    public VerdictRow(String armId, String budget, String written, String notes) {
        this(armId, budget, written, notes, "", "");
    }

    /** A row with evidence cells and no checklists. */
    public VerdictRow(String armId, String budget, String written, String notes, String oracleEvidence, String landingEvidence) {
        this(armId, budget, written, notes, oracleEvidence, landingEvidence, List.of(), List.of());
    }

    /** The same row with the checklists a report writes for its arm. */
    public VerdictRow withChecklists(List<AuditItem> gbb, List<AuditItem> audit) {
        return new VerdictRow(armId, budget, written, notes, oracleEvidence, landingEvidence, gbb, audit);
    }

    /**
     * Two rows for the same arm (one per seed, or a re-run): one row whose verdict aggregates both as arms
     * of a scenario do (any FAIL wins, a NOT-RUN or PARTIAL beside a PASS caps it at PARTIAL-surface), whose
     * budget is the lower one, and whose notes keep every row's verdict and notes as written.
     */
    public VerdictRow combine(VerdictRow other) {
        return combine(List.of(this, other));
    }

    /**
     * All rows of one arm combined at once, as {@link #combine(VerdictRow)} does for two. One pass: folding
     * pairwise re-copied the growing notes (and re-read a growing verdict cell) at each row, quadratic in the
     * rows of an arm; a 50,000-seed log took minutes.
     */
    public static VerdictRow combine(List<VerdictRow> rows) {
        if (rows.isEmpty()) throw new IllegalArgumentException("no rows to combine");
        VerdictRow first = rows.get(0);
        if (rows.size() == 1) return first;
        List<Verdict> verdicts = new ArrayList<>();
        StringBuilder unread = new StringBuilder();
        StringBuilder notes = new StringBuilder(first.notes.startsWith("rows: ") ? first.notes
                : "rows: " + first.written + (first.notes.isBlank() ? "" : " (" + first.notes + ")"));
        String budget = first.budget;
        for (int i = 0; i < rows.size(); i++) {
            VerdictRow r = rows.get(i);
            r.verdict().ifPresent(verdicts::add);
            unread.append(i == 0 ? "" : "; ").append(r.written);
            if (i == 0) continue;
            Optional<BudgetTier> mine = BudgetTier.find(budget);
            Optional<BudgetTier> theirs = BudgetTier.find(r.budget);
            String lower = mine.isPresent() && theirs.isPresent() && theirs.get().compareTo(mine.get()) < 0 ? r.budget : budget;
            budget = lower.isBlank() ? r.budget : lower;
            notes.append("; ").append(r.written).append(r.notes.isBlank() ? "" : " (" + r.notes + ")");
        }
        String combined = verdicts.isEmpty() ? unread.toString() : VerdictRules.aggregate(verdicts).label();
        return new VerdictRow(first.armId, budget, combined, notes.toString(), joined(rows, VerdictRow::oracleEvidence),
                joined(rows, VerdictRow::landingEvidence),
                rows.stream().map(VerdictRow::greenButBroken).filter(l -> !l.isEmpty()).findFirst().orElse(List.of()),
                rows.stream().map(VerdictRow::weakOracleAudit).filter(l -> !l.isEmpty()).findFirst().orElse(List.of()));
    }

    /** The distinct non-blank values of one evidence column over the rows, in order. */
    static String joined(List<VerdictRow> rows, java.util.function.Function<VerdictRow, String> column) {
        java.util.LinkedHashSet<String> values = new java.util.LinkedHashSet<>();
        for (VerdictRow r : rows) {
            String v = column.apply(r).strip();
            if (!v.isEmpty()) values.add(v);
        }
        return String.join("; ", values);
    }

    /** The verdict spelled in the cell, if any of the ten is. */
    public Optional<Verdict> verdict() {
        String cell = written.replace("*", "").replace("`", "");
        return Verdict.parse(cell).or(() -> Verdict.findBare(cell));
    }
}
