package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The line scans that turned from a char-by-char loop into indexOf jumps ({@link SourceLines}'s line
 * starts, {@link PlanParser#structural}) give what the char-by-char versions, kept here as the
 * oracles, gave, on random texts made of the characters they look at.
 */
class LineScanTest {
    private static final char[] ALPHABET = {' ', ' ', '\t', '>', '>', '`', '`', '~', '\n', '\n', '\r', 'a', '-', '\u00a0', '\u202f'};

    @Test
    void structuralTextIsTheCharByCharOne() {
        Random random = new Random(7);
        for (String text : texts(random)) {
            assertThat(PlanParser.structural(text)).as(escape(text)).isEqualTo(structuralCharByChar(text));
        }
        assertThat(PlanParser.structural("> a\n```\n> code\n```\n>\u00a0b")).isEqualTo("  a\n```\n> code\n```\n  b");
    }

    @Test
    void lineStartsAreTheCharByCharOnes() {
        Random random = new Random(8);
        for (String text : texts(random)) {
            SourceLines lines = new SourceLines(text);
            List<Integer> expected = new ArrayList<>(List.of(0));
            for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') expected.add(i + 1);
            List<Integer> actual = new ArrayList<>();
            for (int k = 0; k < lines.lineCount(); k++) actual.add(lines.lineStart(k));
            assertThat(actual).as(escape(text)).isEqualTo(expected);
            // the structural walk finds the same starts, over the structural text
            SourceLines structural = PlanParser.structuralLines(text);
            assertThat(structural.text()).isEqualTo(structuralCharByChar(text));
            List<Integer> walked = new ArrayList<>();
            for (int k = 0; k < structural.lineCount(); k++) walked.add(structural.lineStart(k));
            assertThat(walked).as(escape(text)).isEqualTo(expected);
        }
    }

    private static List<String> texts(Random random) {
        List<String> out = new ArrayList<>(List.of("", "\n", "```", "\n\n>", "~~~\n> x\n~~~\n> y"));
        for (int k = 0; k < 20_000; k++) {
            StringBuilder b = new StringBuilder();
            for (int i = random.nextInt(40); i > 0; i--) b.append(ALPHABET[random.nextInt(ALPHABET.length)]);
            out.add(b.toString());
        }
        return out;
    }

    /** The former implementation of {@link PlanParser#structural}, one char at a time. */
    private static String structuralCharByChar(String text) {
        char[] c = null;
        boolean lineStart = true;
        int indent = 0;
        char fence = 0;
        for (int i = 0; i < text.length(); i++) {
            char x = text.charAt(i);
            if (x == '\n') {
                lineStart = true;
                indent = 0;
                continue;
            }
            if (lineStart && (x == '`' || x == '~') && text.startsWith(String.valueOf(x).repeat(3), i)) {
                fence = fence == 0 ? x : fence == x ? 0 : fence;
            }
            boolean replace = x == '\u00a0' || x == '\u202f' || (x == '>' && lineStart && indent <= 3 && fence == 0);
            if (replace) {
                if (c == null) c = text.toCharArray();
                c[i] = ' ';
            }
            if (lineStart) {
                if (x == ' ' || x == '\t' || replace) indent++;
                else lineStart = false;
            }
        }
        return c == null ? text : new String(c);
    }

    private static String escape(String s) {
        return s.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r").replace("\u00a0", "\\u00a0").replace("\u202f", "\\u202f");
    }
}
