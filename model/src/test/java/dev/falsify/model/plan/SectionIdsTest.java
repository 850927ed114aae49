package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Section headings are known by number, by a section word before the number, or by keywords. */
class SectionIdsTest {

    @Test
    void numbersSectionWordsAndKeywords() {
        assertThat(SectionIds.identify("7. Scenarios")).isEqualTo("7");
        assertThat(SectionIds.identify("7b. Coverage adequacy argument")).isEqualTo("7b");
        assertThat(SectionIds.identify("**07.** Scenarios")).isEqualTo("7");
        assertThat(SectionIds.identify("§ 4 Failure hypotheses")).isEqualTo("4");
        assertThat(SectionIds.identify("Section 1b: Claims")).isEqualTo("1b");
        assertThat(SectionIds.identify("Part 6b — Environment requirements")).isEqualTo("6b");
        assertThat(SectionIds.identify("  `5` Coverage")).isEqualTo("5");
        assertThat(SectionIds.identify("Residual uncertainty")).isEqualTo("7c");
        assertThat(SectionIds.identify("Scenario S1: leader crash")).isEqualTo("7");
        assertThat(SectionIds.identify("Appendix: glossary")).isNull();
        assertThat(SectionIds.identify("")).isNull();
        assertThat(SectionIds.identify("12. Glossary")).isNull();
    }
}
