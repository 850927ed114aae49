package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** ATX headings are read by hand; the reading must be the regex's it replaced, on any line. */
class AtxHeadingTest {

    // the regex the hand reading replaced, kept as the oracle
    private static final Pattern ATX = Pattern.compile("^ {0,3}+(#{1,6}+)(?:[ \\t]++(.*?)(?<![ \\t]))?(?:[ \\t]++#++)?[ \\t]*+$");

    private static final String[] PIECES = {
        " ", " ", "  ", "\t", "#", "#", "##", "###", "#######", "foo", "Scenario S1: x", "x", "é", "\u2003", "\u00a0", "\u2028",
        "\u0085", "\r", "\u2029", "a#", "#b", "—", ":",
    };

    @Test
    void theHandReadingIsTheRegexs() {
        Random random = new Random(20261201);
        for (int round = 0; round < 200_000; round++) {
            StringBuilder b = new StringBuilder();
            for (int k = random.nextInt(9); k >= 0; k--) b.append(PIECES[random.nextInt(PIECES.length)]);
            assertSame(b.toString());
        }
    }

    @Test
    void headingsOfPlans() {
        assertThat(MarkdownOutline.atxLevel("## 7. Scenarios ##")).isEqualTo(2);
        assertThat(MarkdownOutline.atxText("## 7. Scenarios ##")).isEqualTo("7. Scenarios");
        assertThat(MarkdownOutline.atxText("### Scenario S1: leader crash")).isEqualTo("Scenario S1: leader crash");
        assertThat(MarkdownOutline.atxText("# C# and F#")).isEqualTo("C# and F#");
        assertThat(MarkdownOutline.atxLevel("#hashtag")).isZero();
        assertThat(MarkdownOutline.atxLevel("    # indented code")).isZero();
        assertThat(MarkdownOutline.atxLevel("####### seven")).isZero();
        for (String line : new String[] {"#", "# #", "#  ##  ", "#\tx\t#\t", "   ###### six ###### "}) assertSame(line);
    }

    private static void assertSame(String line) {
        Matcher m = ATX.matcher(line);
        int level = MarkdownOutline.atxLevel(line);
        if (!m.matches()) {
            assertThat(level).as("'%s' is no heading", line).isZero();
            return;
        }
        assertThat(level).as("level of '%s'", line).isEqualTo(m.group(1).length());
        String text = m.group(2) == null ? "" : m.group(2).strip();
        assertThat(MarkdownOutline.atxText(line)).as("text of '%s'", line).isEqualTo(text);
    }
}
