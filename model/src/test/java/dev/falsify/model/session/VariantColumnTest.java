package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Verdict tables keyed by scenario plus a column that names the variant (issue 14): the rows are arms
 * of the scenario, never one merged row; a seed or run column still combines rows of one arm.
 */
class VariantColumnTest {
    static List<VerdictRow> verdicts(String table) {
        return SessionLogFormat.parse("# Session log: x\n\n**Plan:** docs/testing-plans/x.md\n\n## Scenario verdicts\n\n" + table).verdicts();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Backend", "Arm", "Surface", "Variant", "Engine", "Driver"})
    void aNamedVariantColumnMakesArms(String header) {
        List<VerdictRow> rows = verdicts("| Scenario | " + header + " | Verdict | Notes |\n|---|---|---|---|\n"
                + "| S1 | in-memory | PASS-hardening | clean |\n| S1 | Postgres 16 | FAIL-reproducible | lost 3 acks |\n| S2 | — | PASS-smoke | |\n");
        assertThat(rows).extracting(VerdictRow::armId).containsExactly("S1/in-memory", "S1/postgres-16", "S2");
    }

    @Test
    void aColumnOfAnyNameThatTellsRepeatsApartMakesArms() {
        List<VerdictRow> rows = verdicts("| Scenario | Isolation level | Budget | Verdict |\n|---|---|---|---|\n"
                + "| S3 | read committed | hardening | PASS-hardening |\n| S3 | serializable | hardening | FAIL-nondeterministic |\n"
                + "| S4 | serializable | smoke | PASS-smoke |\n");
        assertThat(rows).extracting(VerdictRow::armId).containsExactly("S3/read-committed", "S3/serializable", "S4");
    }

    @ParameterizedTest
    @ValueSource(strings = {"| Scenario | Seed | Verdict |\n|---|---|---|\n| S1 | 1 | PASS-smoke |\n| S1 | 2 | FAIL-nondeterministic |\n",
            "| Scenario | Run | Verdict |\n|---|---|---|\n| S1 | first | PASS-smoke |\n| S1 | re-run | FAIL-nondeterministic |\n",
            "| Scenario | Attempt | Verdict |\n|---|---|---|\n| S1 | seed 7 | PASS-smoke |\n| S1 | seed 7 again | FAIL-nondeterministic |\n"})
    void seedAndRunColumnsAreRowsOfOneArm(String table) {
        assertThat(verdicts(table)).extracting(VerdictRow::armId).containsOnly("S1");
    }

    @Test
    void anIdThatNamesItsArmKeepsIt() {
        List<VerdictRow> rows = verdicts("| Scenario / arm | Backend | Verdict |\n|---|---|---|\n"
                + "| S5/api | postgres | PASS-smoke |\n| S5/export | postgres | PASS-smoke |\n");
        assertThat(rows).extracting(VerdictRow::armId).containsExactly("S5/api", "S5/export");
    }

    @Test
    void aResultsFileWithABackendColumnHasArmsToo() {
        List<VerdictRow> rows = SessionLogFormat.resultRows("# Results\n\n| Test | Backend | Outcome |\n|---|---|---|\n"
                + "| S1 | in-memory | PASS-hardening |\n| S1 | postgres | FAIL-reproducible |\n");
        assertThat(rows).extracting(VerdictRow::armId).containsExactly("S1/in-memory", "S1/postgres");
    }
}
