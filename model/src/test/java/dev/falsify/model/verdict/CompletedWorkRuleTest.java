package dev.falsify.model.verdict;

import static dev.falsify.model.verdict.EvidenceFixtures.cleanHardening;
import static dev.falsify.model.verdict.EvidenceFixtures.cleanSmoke;
import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.EvidenceJson;
import dev.falsify.model.vocabulary.Validity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 29, item 3: a PASS needs completed work. S6 of the demo passed although every one of its 12 client writes
 * timed out, its monitor "VALID on 214/214 ops" counting message events. An oracle that judged a run in which no
 * client op completed makes the arm INCONCLUSIVE-oracle-too-weak; counts say what they count.
 */
class CompletedWorkRuleTest {
    static OracleResult monitor(long events, Long completed) {
        return new OracleResult("monitor", Validity.VALID, events, events, List.of(),
                "monitor success: default at the time bound", completed, OracleResult.MESSAGE_EVENTS);
    }

    static OracleResult lin(long ops, Long completed) {
        return new OracleResult("linearizability", Validity.VALID, ops, ops, List.of(), "linearizable", completed, null);
    }

    /** S6 as the demo ran it: one filter landed, the monitor read 214 events, no write completed. */
    @Test
    void aMonitorThatJudgedNoCompletedOpIsTooWeak() {
        ArmEvidence s6 = cleanSmoke().declaredCheckers(List.of()).oracles(List.of(monitor(214, 0L))).build();
        Decision d = VerdictRules.decide(s6);
        assertThat(d.verdict()).isEqualTo(Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK);
        assertThat(d.reason()).contains("monitor: no client op completed in the run it judged");
    }

    @Test
    void aHistoryCheckerThatJudgedNoCompletedOpIsTooWeak() {
        Decision d = VerdictRules.decide(cleanHardening().oracles(List.of(lin(12, 0L))).build());
        assertThat(d.verdict()).isEqualTo(Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK);
        assertThat(d.reason()).contains("linearizability: no client op completed");
    }

    /** One idle seed is enough: what was meant to be checked did not happen on every run. */
    @Test
    void oneIdleSeedAmongSeveralIsTooWeak() {
        Decision d = VerdictRules.decide(cleanHardening().oracles(List.of(lin(1519, 1500L), lin(12, 0L), lin(1890, 1800L))).build());
        assertThat(d.verdict()).isEqualTo(Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK);
        assertThat(d.reason()).contains("no client op completed in 1 of the 3 runs it judged");
    }

    @Test
    void aPassNamesWhatWasCountedAndTheCompletedOps() {
        Decision s6 = VerdictRules.decide(cleanSmoke().declaredCheckers(List.of()).oracles(List.of(monitor(1203, 430L))).build());
        assertThat(s6.verdict()).isEqualTo(Verdict.PASS_SMOKE);
        assertThat(s6.reason()).contains("monitor on 1203 message events (430 client ops completed)").doesNotContain("1203 ops");
        Decision s1 = VerdictRules.decide(cleanHardening().oracles(List.of(lin(1519, 1500L), lin(1890, 1800L))).build());
        assertThat(s1.verdict()).isEqualTo(Verdict.PASS_HARDENING);
        assertThat(s1.reason()).contains("linearizability on 1519 + 1890 ops (1500 + 1800 client ops completed)");
        assertThat(monitor(214, 0L).consumedText()).isEqualTo("214/214 message events");
        assertThat(lin(5, 5L).consumedText()).isEqualTo("5/5 ops");
    }

    /** A violation found by an oracle stays a FAIL; and evidence that does not record completed ops decides as before. */
    @Test
    void violationsAndOlderEvidenceAreUnchanged() {
        OracleResult early = new OracleResult("monitor", Validity.INVALID, 9, 9, List.of(), "acked-early", 0L,
                OracleResult.MESSAGE_EVENTS);
        assertThat(VerdictRules.decide(cleanSmoke().declaredCheckers(List.of()).oracles(List.of(early))
                .seeds(List.of(new SeedRun(1, false, SeedRun.Outcome.VIOLATION), new SeedRun(1, true, SeedRun.Outcome.VIOLATION)))
                .build()).verdict()).isEqualTo(Verdict.FAIL_REPRODUCIBLE);
        Decision old = VerdictRules.decide(cleanHardening().build());
        assertThat(old.verdict()).isEqualTo(Verdict.PASS_HARDENING);
        assertThat(old.reason()).contains("linearizability on 4812 ops:");
    }

    /** The evidence JSON gains the two fields only where they are known; a block written before them still reads. */
    @Test
    void evidenceJsonStaysBackwardCompatible() {
        String older = EvidenceJson.write(cleanHardening().build());
        assertThat(older).doesNotContain("opsCompleted").doesNotContain("\"unit\"");
        assertThat(EvidenceJson.read(older).oracles().get(0).opsCompleted()).isNull();
        ArmEvidence s6 = cleanSmoke().declaredCheckers(List.of()).oracles(List.of(monitor(214, 0L))).build();
        String json = EvidenceJson.write(s6);
        assertThat(json).contains("\"opsCompleted\" : 0", "\"unit\" : \"message events\"");
        assertThat(EvidenceJson.read(json)).isEqualTo(s6);
        assertThat(VerdictRules.decide(EvidenceJson.read(json)).verdict()).isEqualTo(Verdict.INCONCLUSIVE_ORACLE_TOO_WEAK);
    }
}
