package dev.falsify.model.report;

import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import java.util.List;
import java.util.Optional;

/**
 * One arm's row of a session's results, as the findings report states it.
 *
 * @param armId           {@code S5/api} or {@code S1}
 * @param name            the scenario's name from the plan, or empty
 * @param verdictCell     the verdict that counts, with an override shown beside the computed verdict
 * @param oracle          the checkers that ran (or the plan declares), or a dash
 * @param oracleEvidence  what the oracle consumed and found, "not recorded" or "did not run"
 * @param landingEvidence the fault's landing readings, "no fault planned", "not recorded" or "did not run"
 * @param finding         the arm's findings file, relative to the session folder
 * @param artifacts       files under artifacts/ and metrics/ named after the arm, relative to the session folder
 * @param blame           blame (a reviewer's override, else the findings file's), if any
 * @param bugType         TaxDC classification (override, else findings file), if any
 * @param downgrade       why the verdict that counts differs from the written one, if it does
 */
public record ResultRow(String armId, String name, String verdictCell, String oracle, String oracleEvidence,
                        String landingEvidence, Optional<String> finding, List<String> artifacts, Optional<Blame> blame,
                        Optional<BugType> bugType, Optional<String> downgrade) {
    public ResultRow {
        artifacts = List.copyOf(artifacts);
    }
}
