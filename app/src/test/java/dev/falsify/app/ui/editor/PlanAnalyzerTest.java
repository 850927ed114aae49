package dev.falsify.app.ui.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** One analysis of the editor text: lint for plans, none for other Markdown a session folder opens. */
class PlanAnalyzerTest {

    @Test
    void aPlanIsLintedAndItsIdsAreDefined() throws Exception {
        String plan;
        try (InputStream in = getClass().getResourceAsStream("/dev/falsify/app/ui/small-plan.md")) {
            plan = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Analysis a = new PlanAnalyzer().apply(plan);
        assertThat(a.problems()).extracting(Problem::rule).contains("P011");
        assertThat(a.definitions()).containsKeys("C1", "H1", "S1");
        assertThat(a.plan().matrix().claims()).hasSize(3);
    }

    @Test
    void aSessionReportIsMarkdownToReadNotAPlanToLint() {
        String report = "# Findings: kv @ 2026-11-30T041500Z\n\n**Plan:** docs/testing-plans/kv.md\n\n## Summary\n\n"
                + "**FAIL** — 1 oracle violation found\n\n## Scenario results\n\n| ID | Scenario | Verdict |\n|---|---|---|\n"
                + "| S1 | acked_writes_survive | FAIL-reproducible |\n";
        // the plan parser reads it as a (very incomplete) plan: linted as one it would be all errors
        assertThat(new PlanAnalyzer().apply(report).problems()).isNotEmpty();
        Analysis a = new PlanAnalyzer(false).apply(report);
        assertThat(a.problems()).isEmpty();
        assertThat(a.text()).isEqualTo(report);
    }
}
