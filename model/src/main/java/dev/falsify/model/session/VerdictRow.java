package dev.falsify.model.session;

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

    /** The verdict spelled in the cell, if any of the ten is. */
    public Optional<Verdict> verdict() {
        String cell = written.replace("*", "").replace("`", "");
        return Verdict.parse(cell).or(() -> Verdict.findBare(cell));
    }
}
