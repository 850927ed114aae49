package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A fence's closing line is now recognised from the text, without making each content line a
 * string. It is the line whose stripped text is only the marker's char, at least as many as the
 * marker has: the rule of before ({@code strip()}, then all one char), kept here as the oracle, on
 * random plans made of tricky closing candidates.
 */
class FenceCloseTest {
    private static final String[] OPENERS = {"```", "```run", "  ```yaml run", "~~~", "````", "~~~~ text"};
    private static final String[] CANDIDATES = {"```", " ```", "```  ", "````", "``", "``` x", "\t```\t", "~~~", "```\r",
        "\u2003```\u2003", "\u000b```", "`` `", "x```", "```~", "~~~~~~", "~~", " ~~~ ~", "text", "", "   ", "`", "\r",
        "```\u00a0", "\u00a0```", "``` \r", "    ````", "\u3000~~~\u3000", "```\u200b"};

    private static final Pattern OPEN = Pattern.compile("^(\\s*+)(`{3,}+|~{3,}+)(.*)$");

    @Test
    void closingLinesAreTheStrippedRuleOnes() {
        Random random = new Random(21);
        for (int round = 0; round < 400; round++) {
            StringBuilder sb = new StringBuilder("# Plan\n\n");
            int blocks = 1 + random.nextInt(4);
            for (int b = 0; b < blocks; b++) {
                sb.append(OPENERS[random.nextInt(OPENERS.length)]).append('\n');
                int n = random.nextInt(6);
                for (int k = 0; k < n; k++) sb.append(CANDIDATES[random.nextInt(CANDIDATES.length)]).append('\n');
                sb.append("para\n\n");
            }
            String text = sb.toString();
            SourceLines lines = new SourceLines(text);
            MarkdownOutline outline = new MarkdownOutline(lines);
            assertThat(fences(outline)).as(text).isEqualTo(oracle(lines));
        }
    }

    private static List<String> fences(MarkdownOutline outline) {
        List<String> out = new ArrayList<>();
        for (MarkdownOutline.FenceBlock f : outline.fences) out.add(f.line() + "-" + f.contentEnd() + "-" + f.endLine());
        return out;
    }

    /** The fences by the rule of before: an opener (the outline's own test), closed by the first line that strips to the marker's char. */
    private static List<String> oracle(SourceLines lines) {
        List<String> out = new ArrayList<>();
        int n = lines.lineCount();
        int i = 0;
        while (i < n) {
            String t = FieldReader.text(lines, i);
            String lead = t.replaceFirst("^[ \t]*", "");
            Matcher m = OPEN.matcher(t);
            boolean opens = (lead.startsWith("`") || lead.startsWith("~")) && m.matches()
                    && !(m.group(2).charAt(0) == '`' && m.group(3).indexOf('`') >= 0);
            if (!opens) {
                i++;
                continue;
            }
            char c = m.group(2).charAt(0);
            int run = m.group(2).length();
            int close = -1;
            for (int k = i + 1; k < n; k++) {
                String x = FieldReader.text(lines, k).strip();
                if (x.length() >= run && x.charAt(0) == c && x.chars().allMatch(ch -> ch == c)) {
                    close = k;
                    break;
                }
            }
            int end = close < 0 ? n : close + 1;
            out.add(i + "-" + (close < 0 ? n : close) + "-" + end);
            i = end;
        }
        return out;
    }
}
