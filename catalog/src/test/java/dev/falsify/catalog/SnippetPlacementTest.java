package dev.falsify.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SnippetPlacementTest {
    @Test
    void aBlockGetsBlankLinesAroundIt() {
        String doc = "## 4. Hypotheses\nH1. x\n## 5. Next\n";
        int caret = doc.indexOf("## 5");
        assertThat(SnippetPlacement.block(doc, caret, "H2. y")).isEqualTo("\nH2. y\n\n");
        assertThat(SnippetPlacement.block(doc, doc.indexOf("\n## 5"), "H2. y")).isEqualTo("\n\nH2. y\n");
        assertThat(SnippetPlacement.block("", 0, "H1. z\n")).isEqualTo("H1. z\n");
        assertThat(SnippetPlacement.block("a\n\n", 3, "B\n")).isEqualTo("B\n");
    }

    @Test
    void aLineStartsOnItsOwnLine() {
        assertThat(SnippetPlacement.line("- **Model under test:** log", 27, "- **Nemesis:** x"))
                .isEqualTo("\n- **Nemesis:** x\n");
        assertThat(SnippetPlacement.line("- a\n", 4, "- b\n")).isEqualTo("- b\n");
        assertThat(SnippetPlacement.line("abc", 99, "- b")).isEqualTo("\n- b\n");
    }
}
