package dev.falsify.model.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.Fixtures;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Applying a quick fix removes the finding it fixes, and touches nothing else. */
class QuickFixTest {

    @Test
    void everyFixOnTheFixturesResolvesOrNarrowsItsFinding() {
        for (String name : Fixtures.NAMES) {
            String text = Fixtures.text(name);
            Plan plan = PlanParser.parse(text);
            for (Diagnostic d : PlanLinter.lint(plan)) {
                if (d.fix() == null) continue;
                String fixed = d.fix().apply(text);
                List<Diagnostic> after = PlanLinter.lint(PlanParser.parse(fixed));
                boolean same = after.stream().anyMatch(a -> a.rule().equals(d.rule()) && a.message().equals(d.message()));
                assertThat(same).as(name + ": fix '" + d.fix().description() + "' for " + d.message()).isFalse();
            }
        }
    }

    @Test
    void missingSevenMFixInsertsASkeletonWhoseFieldsAreThenReported() {
        String text = Fixtures.text("lint-errors");
        Diagnostic p005 = PlanLinter.lint(PlanParser.parse(text)).stream()
                .filter(d -> d.rule().equals("P005") && d.message().startsWith("S1")).findFirst().orElseThrow();
        Plan fixed = PlanParser.parse(p005.fix().apply(text));
        assertThat(fixed.scenario("S1").orElseThrow().sevenM().present()).isTrue();
        assertThat(PlanLinter.lint(fixed)).anySatisfy(d -> {
            assertThat(d.rule()).isEqualTo("P005");
            assertThat(d.message()).isEqualTo("S1: §7.M is missing model, history, checker, nemesis, ambiguous, reduction");
        });
    }

    @Test
    void examplePlanHasNoFindingsAtAll() {
        assertThat(PlanLinter.lint(PlanParser.parse(Fixtures.text("example")))).isEmpty();
    }
}
