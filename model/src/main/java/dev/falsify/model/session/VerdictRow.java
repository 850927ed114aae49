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
        List<Verdict> both = new ArrayList<>();
        verdict().ifPresent(both::add);
        other.verdict().ifPresent(both::add);
        String combined = both.isEmpty() ? written + "; " + other.written()
                : VerdictRules.aggregate(both).label();
        String lower = BudgetTier.find(budget).isPresent() && BudgetTier.find(other.budget).isPresent()
                && BudgetTier.find(other.budget).get().compareTo(BudgetTier.find(budget).get()) < 0 ? other.budget : budget;
        return new VerdictRow(armId, lower.isBlank() ? other.budget : lower, combined,
                (notes.startsWith("rows: ") ? notes : "rows: " + written + (notes.isBlank() ? "" : " (" + notes + ")"))
                        + "; " + other.written + (other.notes.isBlank() ? "" : " (" + other.notes + ")"));
    }

    /** The verdict spelled in the cell, if any of the ten is. */
    public Optional<Verdict> verdict() {
        String cell = written.replace("*", "").replace("`", "");
        return Verdict.parse(cell).or(() -> Verdict.findBare(cell));
    }
}
