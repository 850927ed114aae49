package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A big plan's scenarios are read on a second thread while the other sections are read
 * ({@link PlanParser#PARALLEL_MIN_LINES}); the plan is the one read in line: same scenarios (run
 * blocks included), same notes in the same order, same everything else.
 */
class ScenarioThreadTest {

    @Test
    void aBigPlanReadsTheSameWithTheScenarioThread() {
        StringBuilder big = new StringBuilder();
        List<String> all = Fixtures.all();
        int k = 0;
        while (new SourceLines(big.toString()).lineCount() < PlanParser.PARALLEL_MIN_LINES + 1000) {
            big.append(all.get(k++ % all.size())).append('\n');
        }
        String text = big.toString();
        Plan inLine = PlanParser.parse(text, false);
        assertThat(inLine.scenarios()).hasSizeGreaterThan(100);
        assertThat(inLine.unrecognized()).extracting(Unrecognized::kind).contains(Unrecognized.Kind.DIVERGENT_FORM);
        for (int round = 0; round < 3; round++) assertSamePlan(PlanParser.parse(text), inLine);
        // §7-less: the scenarios are read from the whole text
        String no7 = text.replaceAll("(?m)^## 7\\. .*$", "## Notes");
        assertSamePlan(PlanParser.parse(no7), PlanParser.parse(no7, false));
    }

    @Test
    void smallPlansAreTheSameEitherWay() {
        for (String text : Fixtures.all()) assertSamePlan(PlanParser.parse(text), PlanParser.parse(text, false));
    }

    private static void assertSamePlan(Plan a, Plan b) {
        assertThat(a.scenarios()).isEqualTo(b.scenarios());
        assertThat(a.unrecognized()).isEqualTo(b.unrecognized());
        assertThat(a.sections()).isEqualTo(b.sections());
        assertThat(a.claims()).isEqualTo(b.claims());
        assertThat(a.hypotheses()).isEqualTo(b.hypotheses());
        assertThat(a.coverage()).isEqualTo(b.coverage());
        assertThat(a.requirements()).isEqualTo(b.requirements());
        assertThat(a.residual()).isEqualTo(b.residual());
        assertThat(a.header()).isEqualTo(b.header());
    }
}
