package dev.falsify.model.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Fixtures;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A big plan's rule groups run on two threads ({@link PlanLinter#PARALLEL_MIN_SCENARIOS}); the
 * findings are the one-thread findings, in the same order, quick fixes included.
 */
class PlanLinterTwoThreadsTest {

    @Test
    void twoThreadsFindWhatOneThreadFinds() {
        for (String text : Fixtures.all()) {
            // each plan alone, and the fixtures one after the other (duplicated ids, findings of every group)
            assertSameFindings(PlanParser.parse(text));
        }
        assertSameFindings(PlanParser.parse(String.join("\n", Fixtures.all())));
    }

    @Test
    void aBigPlanIsLintedOnTwoThreadsAsOnOne() {
        StringBuilder big = new StringBuilder();
        String example = Fixtures.text("example");
        while (PlanParser.parse(big.toString()).scenarios().size() < PlanLinter.PARALLEL_MIN_SCENARIOS) {
            for (int i = 0; i < 10; i++) big.append(example).append(Fixtures.text("lint-errors"));
        }
        Plan plan = PlanParser.parse(big.toString());
        assertThat(plan.scenarios()).hasSizeGreaterThanOrEqualTo(PlanLinter.PARALLEL_MIN_SCENARIOS);
        CoverageMatrix coverage = CoverageBuilder.build(plan);
        List<Diagnostic> oneThread = PlanLinter.lint(plan, coverage, false);
        assertThat(PlanLinter.lint(plan, coverage)).isEqualTo(oneThread);   // the public entry takes two threads here
        assertThat(oneThread.stream().map(Diagnostic::rule).distinct()).hasSizeGreaterThan(3);
    }

    private static void assertSameFindings(Plan plan) {
        CoverageMatrix coverage = CoverageBuilder.build(plan);
        List<Diagnostic> oneThread = PlanLinter.lint(plan, coverage, false);
        for (int round = 0; round < 5; round++) assertThat(PlanLinter.lint(plan, coverage, true)).isEqualTo(oneThread);
    }
}
