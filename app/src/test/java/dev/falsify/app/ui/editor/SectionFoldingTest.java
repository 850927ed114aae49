package dev.falsify.app.ui.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SectionFoldingTest {
    private static final List<String> PLAN = List.of(
            "# Test Plan: x",            // 0
            "",                          // 1
            "## 1b. Claims",             // 2
            "| ID | Claim |",            // 3
            "## 7. Scenarios",           // 4
            "### Scenario S1: a",        // 5
            "- **Falsifies:** C1",       // 6
            "```text",                   // 7
            "## not a heading",          // 8
            "```",                       // 9
            "### Scenario S2: b",        // 10
            "- **Falsifies:** C2",       // 11
            "## 7b. Adequacy");          // 12

    @Test
    void aSectionRunsToTheNextHeadingOfTheSameOrHigherLevelIgnoringFencedCode() {
        assertThat(SectionFolding.sectionAt(PLAN, 3)).contains(new SectionFolding.Range(2, 3));
        assertThat(SectionFolding.sectionAt(PLAN, 8)).contains(new SectionFolding.Range(5, 9));
        assertThat(SectionFolding.sectionAt(PLAN, 4)).contains(new SectionFolding.Range(4, 11));
        assertThat(SectionFolding.sectionAt(PLAN, 11)).contains(new SectionFolding.Range(10, 11));
    }

    @Test
    void nothingToFoldAboveTheFirstSectionOrUnderAnEmptyHeading() {
        assertThat(SectionFolding.sectionAt(PLAN, 1)).isEmpty();
        assertThat(SectionFolding.sectionAt(PLAN, 12)).isEmpty();
    }
}
