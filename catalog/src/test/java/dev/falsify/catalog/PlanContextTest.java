package dev.falsify.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.catalog.walk.PitfallWalk;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Drafting context and the pitfall walk on the repository's example plan, as an author would use them. */
class PlanContextTest {
    private final Catalog catalog = Catalog.standard();
    private final String text = read();
    private final Plan plan = PlanParser.parse(text);

    private static String read() {
        try {
            return Files.readString(Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void nextHypothesisIdFollowsTheHighestNumber() {
        int highest = plan.hypotheses().stream().mapToInt(h -> Integer.parseInt(h.id().substring(1))).max().orElse(0);
        assertThat(new PlanContext(plan, 0).nextHypothesisId()).isEqualTo("H" + (highest + 1));
        assertThat(new PlanContext(PlanParser.parse("# Test Plan: x\n"), 0).nextHypothesisId()).isEqualTo("H1");
    }

    @Test
    void theScenarioAroundTheCaretGivesModelAndCategories() {
        int inS1 = text.indexOf("- **Model under test:** cas-register");
        PlanContext ctx = new PlanContext(plan, inS1);
        assertThat(ctx.scenarioAtCaret()).get().extracting(s -> s.id()).isEqualTo("S1");
        assertThat(ctx.modelAtCaret()).startsWith("cas-register");
        assertThat(ctx.categoriesAtCaret()).contains("safety");
        assertThat(catalog.sevenMSkeleton(ctx.modelAtCaret(), ctx.categoriesAtCaret()))
                .contains("- **Checker:** linearizability");
        PlanContext inClaims = new PlanContext(plan, text.indexOf("| C1 |"));
        assertThat(inClaims.scenarioAtCaret()).isEmpty();
        assertThat(inClaims.modelAtCaret()).isEmpty();
        assertThat(inClaims.categoriesAtCaret()).isEmpty();
    }

    @Test
    void claimsThreatenedByAPitfallFollowTheirCategories() {
        PlanContext ctx = new PlanContext(plan, 0);
        assertThat(ctx.claimsThreatenedBy(catalog.entry("PF14", Pitfall.class).orElseThrow())).contains("C6")
                .doesNotContain("C7");
        assertThat(ctx.claimsThreatenedBy(catalog.entry("PF19", Pitfall.class).orElseThrow())).containsExactly("C7");
    }

    @Test
    void thePitfallWalkLandsInsideSectionFourOfTheExamplePlan() {
        PitfallWalk walk = PitfallWalk.forPlan(catalog, plan);
        String after = walk.editFor(plan).apply(text);
        int walkAt = after.indexOf("**Pitfall walk**");
        assertThat(walkAt).isGreaterThan(after.indexOf("## 4. Failure-mode hypotheses"))
                .isLessThan(after.indexOf("## 5. Coverage matrix"));
        Plan reparsed = PlanParser.parse(after);
        assertThat(reparsed.hypotheses()).extracting(h -> h.id())
                .containsExactlyElementsOf(plan.hypotheses().stream().map(h -> h.id()).toList());
        assertThat(reparsed.section("5")).isPresent();
        assertThat(PitfallWalk.forPlan(catalog, reparsed).rows()).isEqualTo(walk.rows());
    }
}
