package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.Verdict;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A hand-written PASS checked against the folder's record, one branch of the tree per case. */
class ClaimCheckTest {
    static final String FULL_AUDIT = """
            ## Weak-oracle audit
            - [x] oracle is not final state only — per-op history
            - [x] oracle is not logs only — checker
            - [x] oracle is not health checks only — checker
            - [x] more than one failover if failover-based — n/a
            - [x] client-hidden retries were caught (or N/A) — retries off
            - [x] timestamps monotonic — one host
            - [x] at least one asymmetric / mixed variant where applicable — n/a
            - [x] at least three seeds for any statistical claim — n/a
            """;
    static final List<TimelineEvent> LANDED_AND_CHECKED = List.of(
            new TimelineEvent("10:00", "S1", "landing evidence", "drops 0 -> 120"),
            new TimelineEvent("10:05", "S1", "oracle result", "linearizability valid on 900 ops"));

    static Optional<Decision> vet(Verdict claim, String budget, String findings, List<TimelineEvent> timeline) {
        Optional<FindingFile> f = findings == null ? Optional.empty()
                : Optional.of(FindingsFormat.parse("S1.md", "# S1\n\n" + findings));
        return ClaimCheck.vet(new ClaimCheck.WrittenVerdict("S1", claim, claim.label(), budget, ""), f, timeline);
    }

    @Test
    void aSupportedHardeningClaimStands() {
        assertThat(vet(Verdict.PASS_HARDENING, "hardening", FULL_AUDIT, LANDED_AND_CHECKED))
                .map(Decision::verdict).contains(Verdict.PASS_HARDENING);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "No linearizability violation was found in 900 ops.;PASS_HARDENING",
            "Violations: none;PASS_HARDENING",
            "checked 0 violations across three seeds;PASS_HARDENING",
            "seed 2: INVALID at op 40;FAIL_NONDETERMINISTIC",
            "seed 2 violated the register model;FAIL_NONDETERMINISTIC",
            "seed 2 re-run: INVALID again at op 41;FAIL_REPRODUCIBLE",
            "INVALID at op 40, the re-run did not reproduce it;FAIL_NONDETERMINISTIC"})
    void proseAboutViolationsIsReadWithItsNegation(String prose, Verdict expected) {
        assertThat(vet(Verdict.PASS_HARDENING, "hardening", prose + "\n\n" + FULL_AUDIT, LANDED_AND_CHECKED))
                .map(Decision::verdict).contains(expected);
    }

    @Test
    void branchesInTheTreesOrder() {
        // no landing reading for the fault a PASS-hardening implies
        assertThat(vet(Verdict.PASS_HARDENING, "hardening", FULL_AUDIT, LANDED_AND_CHECKED.subList(1, 2)))
                .map(Decision::verdict).contains(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        // a landing row that says it stayed at 0 is not a proof
        assertThat(vet(Verdict.PASS_HARDENING, "hardening", FULL_AUDIT, List.of(
                new TimelineEvent("", "S1", "landing evidence", "DROP counter stayed at 0"), LANDED_AND_CHECKED.get(1))))
                .map(Decision::verdict).contains(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        // a PASS-smoke whose timeline shows a fault injected needs the landing too
        assertThat(vet(Verdict.PASS_SMOKE, "smoke", null, List.of(new TimelineEvent("", "S1", "fault injected", "kill n2"),
                LANDED_AND_CHECKED.get(1)))).map(Decision::verdict).contains(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        // nothing says an oracle ran
        assertThat(vet(Verdict.PASS_SMOKE, "smoke", "All green, trust me.", List.of()))
                .map(Decision::verdict).contains(Verdict.PARTIAL_SURFACE);
        // a failed weak-oracle item
        assertThat(vet(Verdict.PASS_HARDENING, "hardening", FULL_AUDIT.replace("- [x] timestamps monotonic — one host",
                "- [ ] timestamps monotonic — FAILED: two hosts"), LANDED_AND_CHECKED))
                .map(Decision::verdict).contains(Verdict.PARTIAL_MODEL);
        // smoke budget only
        assertThat(vet(Verdict.PASS_HARDENING, "smoke", FULL_AUDIT, LANDED_AND_CHECKED))
                .map(Decision::verdict).contains(Verdict.PASS_SMOKE);
        // the weak-oracle audit left out
        assertThat(vet(Verdict.PASS_HARDENING, "hardening", "", LANDED_AND_CHECKED))
                .map(Decision::reason).hasValueSatisfying(r -> assertThat(r).contains("no weak-oracle audit"));
        // release budget annotates
        assertThat(vet(Verdict.PASS_HARDENING, "release (20 seeds)", FULL_AUDIT, LANDED_AND_CHECKED))
                .map(Decision::display).contains("PASS-hardening (release)");
    }

    @Test
    void verdictsOtherThanPassAreKeptAsWritten() {
        assertThat(vet(Verdict.INCONCLUSIVE_ENV, "", null, List.of())).isEmpty();
        assertThat(vet(Verdict.FAIL_REPRODUCIBLE, "", null, List.of())).isEmpty();
    }

    /**
     * The literal tests run before the two regexes never reject a line a regex matches: every line built
     * from fragments that hit or nearly hit each branch (cases, word edges, digits and '/', non-ASCII
     * letters whose lower case is ASCII).
     */
    @Test
    void theLiteralPreTestsNeverHideAMatch() {
        String[] parts = {"INVALID", "invalid", "Invalid", "VIOLATION", "violated", "Violat", "violates", "\u212Aviolat",
                "ORACLE", "oracle", "Checker", "checked", "Linearizable", "consumed", "No Anomaly", "no anomal", "VALID",
                "valid", "OPS", "ops", "12 / 40", "3/4", "1 2/ 5", "/", "x", "_", "-", " ", "é", "\u0130", "seed 7", "0"};
        java.util.Random random = new java.util.Random(12);
        int matched = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder line = new StringBuilder();
            for (int k = random.nextInt(5); k >= 0; k--) line.append(parts[random.nextInt(parts.length)]);
            String l = line.toString();
            if (ClaimCheck.VIOLATION.matcher(l).find()) {
                matched++;
                assertThat(ClaimCheck.mayViolate(l)).as(l).isTrue();
            }
            if (ClaimCheck.ORACLE.matcher(l).find()) {
                matched++;
                assertThat(ClaimCheck.mayNameOracle(l)).as(l).isTrue();
            }
        }
        assertThat(matched).isGreaterThan(5_000);
        assertThat(ClaimCheck.mayViolate("rows: PASS-smoke (seed 1); PASS-smoke (seed 2)")).isFalse();
        assertThat(ClaimCheck.mayNameOracle("rows: PASS-smoke (seed 1); PASS-smoke (seed 2)")).isFalse();
    }
}
