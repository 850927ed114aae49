package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.text.Span;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The bundled example plan parses into the projection other modules rely on. */
class ExamplePlanTest {
    static final Path EXAMPLE = Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md");
    static Plan plan;
    static String text;

    @BeforeAll
    static void parse() throws Exception {
        text = Files.readString(EXAMPLE);
        plan = PlanParser.parse(text);
    }

    @Test
    void headerAndSections() {
        assertThat(plan.header().slug()).isEqualTo("replicated-kv");
        assertThat(plan.header().mode()).isEqualTo("project-wide");
        assertThat(plan.sections()).extracting(Section::id)
                .containsExactly("0", "1", "1b", "1c", "2", "3", "4", "5", "6", "6b", "7", "7b", "7c", "7d", "8", "9");
    }

    @Test
    void claimsHypothesesScenarios() {
        assertThat(plan.claims()).extracting(Claim::id).containsExactly("C1", "C2", "C3", "C4", "C5", "C6", "C7");
        assertThat(plan.claim("C6").orElseThrow().categories()).containsExactly(ClaimCategory.IDEMPOTENCY);
        assertThat(plan.hypotheses()).hasSizeGreaterThanOrEqualTo(7);
        assertThat(plan.hypothesis("H1").orElseThrow().falsifies()).containsExactly("C1", "C3");
        assertThat(plan.scenarios()).extracting(Scenario::id).contains("S1", "S2", "S3", "S4", "S5");
        Scenario s1 = plan.scenario("S1").orElseThrow();
        assertThat(s1.falsifies()).contains("C1");
        assertThat(s1.sevenM().missing()).isEmpty();
        assertThat(s1.checker()).contains("linearizability");
        assertThat(s1.releaseBudget()).startsWith("not provided");
        assertThat(plan.isSerious(s1)).isTrue();
    }

    @Test
    void spansPointAtTheSource() {
        Scenario s1 = plan.scenario("S1").orElseThrow();
        Span h = s1.headingSpan();
        assertThat(text.substring(h.startOffset(), h.endOffset())).startsWith("### Scenario S1:");
        Field falsifies = s1.field("falsifies").orElseThrow();
        assertThat(text.substring(falsifies.valueSpan().startOffset(), falsifies.valueSpan().endOffset())).isEqualTo("C1, C3, C5, C6");
        Claim c3 = plan.claim("C3").orElseThrow();
        assertThat(text.split("\n", -1)[c3.span().startLine() - 1]).startsWith("| C3 |");
    }

    @Test
    void everyScenarioIsRunnableWithAValidRunSpec() {
        for (Scenario s : plan.scenarios()) {
            assertThat(s.run()).as(s.id()).isPresent();
            assertThat(s.run().orElseThrow().errors()).as(s.id()).isEmpty();
        }
    }
}
