package dev.falsify.model.session;

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
 */
public record VerdictRow(String armId, String budget, String written, String notes) {

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
        return new VerdictRow(first.armId, budget, combined, notes.toString());
    }

    /** The verdict spelled in the cell, if any of the ten is. */
    public Optional<Verdict> verdict() {
        String cell = written.replace("*", "").replace("`", "");
        return Verdict.parse(cell).or(() -> Verdict.findBare(cell));
    }
}
