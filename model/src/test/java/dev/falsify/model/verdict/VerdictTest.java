package dev.falsify.model.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class VerdictTest {

    @Test
    void exactSpellings() {
        assertThat(List.of(Verdict.values()).stream().map(Verdict::label).toList()).containsExactly(
                "PASS-smoke", "PASS-hardening", "FAIL-reproducible", "FAIL-nondeterministic", "INCONCLUSIVE-env",
                "INCONCLUSIVE-oracle-too-weak", "INCONCLUSIVE-fault-not-proven", "PARTIAL-surface", "PARTIAL-model",
                "NOT-RUN");
    }

    @ParameterizedTest
    @EnumSource(Verdict.class)
    void everyLabelParsesBackAndIsFoundInProse(Verdict v) {
        assertThat(Verdict.parse(v.label())).contains(v);
        assertThat(Verdict.find("**Verdict:** **" + v.label() + "** (see notes)")).contains(v);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "pass-hardening (release);PASS_HARDENING",
            "FAIL \u2013 reproducible;FAIL_REPRODUCIBLE",
            "FAIL-non-deterministic;FAIL_NONDETERMINISTIC",
            "INCONCLUSIVE_oracle_too_weak;INCONCLUSIVE_ORACLE_TOO_WEAK",
            "NOT RUN: session timed out;NOT_RUN",
            "`PARTIAL-model` per-key only;PARTIAL_MODEL",
            "PASS (hardening);PASS_HARDENING",
            "**Verdict:** FAIL — reproducible;FAIL_REPRODUCIBLE",
            "Passed (smoke);PASS_SMOKE",
            "FAIL: non-deterministic;FAIL_NONDETERMINISTIC",
            "passed model checks, then PASS-smoke;PASS_SMOKE"})
    void variantsWrittenByHand(String text, Verdict expected) {
        assertThat(Verdict.find(text)).contains(expected);
    }

    @Test
    void bareWordsInAVerdictCell() {
        assertThat(Verdict.findBare("PASS")).contains(Verdict.PASS_SMOKE);
        assertThat(Verdict.findBare("failed")).contains(Verdict.FAIL_NONDETERMINISTIC);
        assertThat(Verdict.findBare("skipped")).isEmpty();
    }

    @Test
    void proseWithoutAVerdict() {
        assertThat(Verdict.find("the pass was smooth and the failover partial")).isEmpty();
        assertThat(Verdict.parse(null)).isEmpty();
        assertThat(Verdict.find("S04 was not run because faketime is missing")).isEmpty();
        assertThat(Verdict.parse("Not run")).contains(Verdict.NOT_RUN);
        assertThat(Verdict.parse("not-run")).contains(Verdict.NOT_RUN);
    }

    @Test
    void labelsOnFindings() {
        assertThat(Blame.find("SUT (leader lease not revoked)")).contains(Blame.SUT);
        assertThat(Blame.find("unknown - pending re-run")).contains(Blame.UNKNOWN);
        assertThat(BugType.find("partition / replication, safety").orElseThrow().display())
                .isEqualTo("partition; tags: replication, safety");
        assertThat(BugType.find("crash-recovery; tags: durability, leadership").orElseThrow().tags())
                .containsExactlyInAnyOrder(BugType.Tag.DURABILITY, BugType.Tag.LEADERSHIP_ELECTION);
        assertThat(FindingSeverity.find("P0 (data loss)")).contains(FindingSeverity.P0);
        assertThat(SessionHeadline.find("2026-11-30T05:00:00Z \u2014 DONE_WITH_CONCERNS")).contains(SessionHeadline.DONE_WITH_CONCERNS);
        assertThat(SessionHeadline.find("DONE")).contains(SessionHeadline.DONE);
    }
}
