package dev.falsify.app.ui.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.fxmisc.richtext.model.StyleSpan;
import org.fxmisc.richtext.model.StyleSpans;
import org.junit.jupiter.api.Test;

class MarkdownHighlighterTest {
    private final MarkdownHighlighter h = new MarkdownHighlighter();

    /** The style classes at each character, for assertions. */
    private static List<Collection<String>> perChar(StyleSpans<Collection<String>> spans) {
        List<Collection<String>> out = new ArrayList<>();
        for (StyleSpan<Collection<String>> s : spans) {
            for (int i = 0; i < s.getLength(); i++) {
                out.add(s.getStyle());
            }
        }
        return out;
    }

    @Test
    void stylesHeadingsTablesBoldLabelsAndIds() {
        String text = "## 1b. Claims\n| C1 | x |\n- **Falsifies:** C1, H2\n";
        List<Collection<String>> s = perChar(h.compute(text, List.of()));
        assertThat(s).hasSize(text.length());
        assertThat(s.get(0)).contains("md-heading");
        int pipe = text.indexOf('|');
        assertThat(s.get(pipe)).contains("md-table", "md-pipe");
        assertThat(s.get(text.indexOf("C1"))).contains("md-id", "md-table");
        assertThat(s.get(text.indexOf("**Falsifies"))).contains("md-bold");
        assertThat(s.get(text.indexOf("H2"))).contains("md-id");
        assertThat(s.get(text.indexOf("x |"))).doesNotContain("md-id");
    }

    @Test
    void fencedCodeIsNotStructure() {
        String text = "```\n# not a heading C1\n```\nC2";
        List<Collection<String>> s = perChar(h.compute(text, List.of()));
        assertThat(s.get(text.indexOf("# not"))).containsExactly("md-code");
        assertThat(s.get(text.indexOf("C1"))).containsExactly("md-code");
        assertThat(s.get(text.indexOf("C2"))).contains("md-id");
    }

    @Test
    void squigglesOverlayTheirSpanOnly() {
        String text = "abc def";
        List<Collection<String>> s = perChar(h.compute(text, List.of(new MarkdownHighlighter.Squiggle(4, 7, "error"))));
        assertThat(s.get(3)).doesNotContain("lint-error");
        assertThat(s.get(4)).contains("lint-error");
        assertThat(s.get(6)).contains("lint-error");
    }

    @Test
    void idAtFindsTheTokenUnderTheCaret() {
        String text = "- Could falsify: C12, S5/api\nH3. x";
        assertThat(MarkdownHighlighter.idAt(text, text.indexOf("C12") + 1)).isEqualTo("C12");
        assertThat(MarkdownHighlighter.idAt(text, text.indexOf("S5/api") + 4)).isEqualTo("S5/api");
        assertThat(MarkdownHighlighter.idAt(text, text.indexOf("H3"))).isEqualTo("H3");
        assertThat(MarkdownHighlighter.idAt(text, 3)).isNull();
    }

    @Test
    void emptyTextHasOneEmptySpan() {
        assertThat(h.compute("", List.of()).length()).isZero();
    }

    @Test
    void idScannerAgreesWithTheIdPattern() {
        java.util.Random rnd = new java.util.Random(42);
        String alphabet = "CHMSabc019/_- ,.(x\n|";
        for (int round = 0; round < 2000; round++) {
            StringBuilder sb = new StringBuilder();
            int len = 1 + rnd.nextInt(25);
            for (int k = 0; k < len; k++) {
                sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            String text = sb.toString();
            List<Collection<String>> styles = perChar(h.compute(text, List.of()));
            boolean[] expected = new boolean[text.length()];
            var m = MarkdownHighlighter.ID_PATTERN.matcher(text);
            while (m.find()) {
                for (int k = m.start(1); k < m.end(1); k++) {
                    expected[k] = true;
                }
            }
            for (int k = 0; k < text.length(); k++) {
                assertThat(styles.get(k).contains("md-id")).as("'%s' at %d", text, k).isEqualTo(expected[k]);
            }
        }
    }
}
