package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class MarkdownTextTest {
    @Test
    void everyLineBreakBecomesASpaceAndControlsBecomeVisible() {
        assertThat(MarkdownText.inline("a\rb\nc\r\nd\u0085e\u2028f\u2029g\u000bh\u000ci\tj")).isEqualTo("a b c d e f g h i j");
        assertThat(MarkdownText.inline("red\u001b[31m \u0000 \u202e \u2066x")).isEqualTo("red\\u001B[31m \\u0000 \\u202E \\u2066x");
        assertThat(MarkdownText.inline("lone \ud800 pair \ud83d\ude00 tag \udb40\udc01")).isEqualTo("lone \\uD800 pair \ud83d\ude00 tag \\uDB40\\uDC01");
        assertThat(MarkdownText.inline("emoji \u200d joiners stay")).isEqualTo("emoji \u200d joiners stay");
    }

    @Test
    void fencesHtmlLinksAndEntitiesAreInert() {
        assertThat(MarkdownText.inline("```falsify-evidence ~~~ `` ~")).isEqualTo("\\`\\`\\`falsify-evidence \\~\\~\\~ `` ~");
        assertThat(MarkdownText.inline("<script> [x](javascript:y) ![i][r] &lt; & a&b &#60; [6.0, 7.0] ms"))
                .isEqualTo("&lt;script> [x\\](javascript:y) ![i\\][r] &amp;lt; & a&b &amp;#60; [6.0, 7.0] ms");
        assertThat(MarkdownText.cell("a|b")).isEqualTo("a\\|b");
        assertThat(MarkdownText.lineStart("# h")).isEqualTo("\\# h");
        assertThat(MarkdownText.lineStart("**Verdict:** PASS")).isEqualTo("\\**Verdict:** PASS");
        assertThat(MarkdownText.lineStart("12. x")).isEqualTo("12\\. x");
        assertThat(MarkdownText.lineStart("java 17")).isEqualTo("java 17");
    }

    @Test
    void commonTextIsUnchanged() {
        for (String s : new String[] {"linearizability INVALID at op 1 022", "n1 drop counter 0 -> 3 311", "C:\\dir\\file",
                "partition-n1: proven (proxy n1 bytes dropped 0\u219218432)", "a & b", "x_y*z", "S1/api"}) {
            assertThat(MarkdownText.inline(s)).isEqualTo(s);
        }
    }

    /** What a reader takes back from a label or a cell is what was written, up to the line breaks and controls made visible. */
    @Property(tries = 500)
    void plainUndoesInline(@ForAll String s) {
        String oneLine = s.replaceAll("\r\n|[\r\n\t\u000b\u000c\u0085\u2028\u2029]", " ");
        boolean hasHidden = oneLine.codePoints().anyMatch(MarkdownText::hidden)
                || oneLine.chars().anyMatch(c -> Character.isSurrogate((char) c));
        if (!hasHidden) {
            assertThat(MarkdownText.plain(MarkdownText.inline(s))).isEqualTo(oneLine.strip());
        }
        assertThat(MarkdownText.inline(s)).doesNotContain("\n").doesNotContain("\r").doesNotContain("<");
    }
}
