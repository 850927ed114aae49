package dev.falsify.devtools.bench;

import dev.falsify.model.lint.PlanLinter;
import dev.falsify.model.lint.Severity;
import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.SyntheticPlan;
import org.junit.jupiter.api.Test;

/** The benchmark measures what it says (the timing itself is a benchmark, not a test). */
class PlanBenchmarkTest {

    @Test
    void generatedPlanHasTheAdvertisedShape() {
        String text = SyntheticPlan.generate(200, 300, 150, 5000);
        assertThat(text.split("\n", -1)).hasSize(5000);
        Plan plan = PlanParser.parse(text);
        assertThat(plan.claims()).hasSize(200);
        assertThat(plan.hypotheses()).hasSize(300);
        assertThat(plan.scenarios()).hasSize(150).allSatisfy(s -> assertThat(s.sevenM().missing()).isEmpty());
        assertThat(plan.scenarios()).noneMatch(Scenario::isArm);
        // a well-formed plan: lint has (almost) nothing to say, so the benchmark does not time error paths only
        assertThat(PlanLinter.lint(plan)).noneMatch(d -> d.severity() == Severity.ERROR);
    }

    @Test
    void runReportsCountsAndTimes() {
        PlanBenchmark.Result r = PlanBenchmark.run(1, 3);
        assertThat(r.lines()).isEqualTo(5000);
        assertThat(r.scenarios()).isEqualTo(150);
        assertThat(r.medianMs()).isPositive();
        assertThat(r.minMs()).isLessThanOrEqualTo(r.medianMs());
        assertThat(r.medianMs()).isLessThanOrEqualTo(r.maxMs());
    }
}
