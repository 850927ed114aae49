package dev.falsify.model.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The explanation follows {@link VerdictRules#decide}: the deciding branch, the evidence, what would change it. */
class VerdictPathTest {
    @Test
    void anUnprovenLandingIsDecidedAtTheFaultBranchAndNamesTheFault() {
        FaultEvidence unproven = new FaultEvidence("partition-n2", "partition", true, true, List.of(),
                FaultEvidence.Landing.NOT_MEASURED);
        ArmEvidence e = EvidenceFixtures.cleanHardening().faults(List.of(unproven)).build();
        VerdictPath p = VerdictPath.of(e);
        assertThat(p.decision().verdict()).isEqualTo(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN).isEqualTo(VerdictRules.decide(e).verdict());
        assertThat(p.steps()).hasSize(8);
        assertThat(p.steps().subList(0, 3)).allSatisfy(s -> assertThat(s.outcome()).isEqualTo(VerdictPath.Outcome.PASSED_ON));
        assertThat(p.steps().get(3).outcome()).isEqualTo(VerdictPath.Outcome.DECIDED);
        assertThat(p.steps().get(3).evidence()).anySatisfy(l -> assertThat(l).contains("partition-n2", "landing not measured"));
        assertThat(p.steps().subList(4, 8)).allSatisfy(s -> assertThat(s.outcome()).isEqualTo(VerdictPath.Outcome.NOT_REACHED));
        assertThat(p.wouldChange()).anySatisfy(l -> assertThat(l).contains("landing evidence for partition-n2"));
    }

    @Test
    void everyVerdictHasItsBranchAndTheCleanArmsPassAtTheLastOne() {
        for (Verdict v : Verdict.values()) assertThat(VerdictPath.questionOf(v)).isNotBlank();
        VerdictPath hardening = VerdictPath.of(EvidenceFixtures.cleanHardening().build());
        assertThat(hardening.decision().verdict()).isEqualTo(VerdictRules.decide(EvidenceFixtures.cleanHardening().build()).verdict());
        assertThat(hardening.steps().get(7).outcome()).isEqualTo(VerdictPath.Outcome.DECIDED);
        VerdictPath notRun = VerdictPath.of(ArmEvidence.notReached("S1", ""));
        assertThat(notRun.decision().verdict()).isEqualTo(Verdict.NOT_RUN);
        assertThat(notRun.steps().get(1).outcome()).isEqualTo(VerdictPath.Outcome.DECIDED);
        assertThat(notRun.wouldChange()).containsExactly("running the arm: until it runs nothing is known of it");
    }
}
