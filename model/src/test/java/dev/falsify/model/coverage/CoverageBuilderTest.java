package dev.falsify.model.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.Fixtures;
import dev.falsify.model.plan.PlanParser;
import org.junit.jupiter.api.Test;

class CoverageBuilderTest {

    @Test
    void cellsCarryLinkVerdictAndClosingScenarios() {
        CoverageMatrix m = CoverageBuilder.build(PlanParser.parse(Fixtures.text("example")));
        assertThat(m.claims()).startsWith("C1", "C2").contains("M1");
        CoverageCell c1h1 = m.cell("C1", "H1");
        assertThat(c1h1.linked()).isTrue();
        assertThat(c1h1.verdict()).isEqualTo("partial");
        assertThat(c1h1.scenarios()).containsExactly("S1", "S2");
        assertThat(m.cell("C7", "H1").linked()).isFalse();
        assertThat(m.cell("C7", "H1").isInteresting()).isFalse();
        assertThat(m.gaps()).isEmpty();
    }

    @Test
    void gapsAreDerived() {
        CoverageMatrix m = CoverageBuilder.build(PlanParser.parse(Fixtures.text("agent-style")));
        assertThat(m.gaps(CoverageGap.Kind.UNTETHERED_HYPOTHESIS)).extracting(CoverageGap::id).containsExactly("H6");
        assertThat(m.gaps(CoverageGap.Kind.CLAIM_WITHOUT_SCENARIO)).extracting(CoverageGap::id).containsExactly("C7");
        assertThat(m.gaps(CoverageGap.Kind.HYPOTHESIS_WITHOUT_SCENARIO)).extracting(CoverageGap::id).containsExactly("H6");
        // the withdrawn (struck) claim C6 is not a row of the matrix
        assertThat(m.claims()).doesNotContain("C6").contains("M1", "M9");
    }
}
