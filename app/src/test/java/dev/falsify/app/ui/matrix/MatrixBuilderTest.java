package dev.falsify.app.ui.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MatrixBuilderTest {
    private static String smallPlan() throws Exception {
        try (InputStream in = MatrixBuilderTest.class.getResourceAsStream("/dev/falsify/app/ui/small-plan.md")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static MatrixModel build(String text) {
        Plan p = PlanParser.parse(text);
        return MatrixBuilder.build(p, CoverageBuilder.build(p));
    }

    @Test
    void cellsCarryLinkVerdictAndClosingScenario() throws Exception {
        MatrixModel m = build(smallPlan());
        assertThat(m.claims()).extracting(MatrixModel.Row::id).containsExactly("C1", "C2", "C3");
        assertThat(m.claims().get(0).categories()).containsExactly("durability");
        MatrixModel.CellInfo c1h1 = m.cell(0, 0);
        assertThat(c1h1.linked()).isTrue();
        assertThat(c1h1.verdict()).isEqualTo(MatrixModel.Coverage.COVERED);
        assertThat(c1h1.scenarios()).containsExactly("S1");
        assertThat(c1h1.explanation()).contains("H1 could falsify C1").contains("S1");
        // H2 names C2 but no scenario closes H2 or falsifies C2
        MatrixModel.CellInfo c2h2 = m.cell(1, 1);
        assertThat(c2h2.verdict()).isEqualTo(MatrixModel.Coverage.NOT_COVERED);
        assertThat(m.cell(2, 0)).isNull();
        // C2 and C3 are falsified by no scenario; H2 is closed by none
        assertThat(m.claims()).extracting(MatrixModel.Row::exercised).containsExactly(true, false, false);
        assertThat(m.hypotheses()).extracting(MatrixModel.Column::closed).containsExactly(true, false);
        assertThat(m.untetheredCount()).isZero();
    }

    @Test
    void anUntetheredHypothesisIsFlagged() throws Exception {
        String text = smallPlan().replace("## 7. Scenarios", "H3. **Orphan** — names no claim\n   - Subsystem: x\n\n## 7. Scenarios");
        MatrixModel m = build(text);
        assertThat(m.hypotheses()).extracting(MatrixModel.Column::id).containsExactly("H1", "H2", "H3");
        assertThat(m.hypotheses().get(2).untethered()).isTrue();
        assertThat(m.untetheredCount()).isEqualTo(1);
    }

    @Test
    void verdictWordsParseTolerantly() {
        assertThat(MatrixModel.Coverage.parse("Not covered")).isEqualTo(MatrixModel.Coverage.NOT_COVERED);
        assertThat(MatrixModel.Coverage.parse(" partial (shallow test)")).isEqualTo(MatrixModel.Coverage.PARTIAL);
        assertThat(MatrixModel.Coverage.parse("covered")).isEqualTo(MatrixModel.Coverage.COVERED);
        assertThat(MatrixModel.Coverage.parse("???")).isNull();
    }
}
