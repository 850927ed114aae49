package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.PlanLinter;
import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The parser never throws and never gives up: random and mutated Markdown (truncated tables, stray
 * pipes, duplicate headings, binary noise) always yields a projection whose spans lie inside the
 * text, and lint runs on it.
 */
class ParserNeverThrowsPropertiesTest {
    static final List<String> TEXTS = new ArrayList<>(Fixtures.all());

    static {
        for (String name : PlanStylesTest.names()) TEXTS.add(PlanStylesTest.text(name));
    }

    static final String[] SNIPPETS = {"|", "||", "| a | b |\n|---|", "\n## 7. Scenarios\n", "\n### Scenario S1: x\n",
            "\n#### §7.M\n", "```run\n", "```\n", "\n- **Falsifies:** ", "C1–C9999999", "H1. **", "~~", "\\|", "\n---\n",
            "§7.M: not applicable (", "\u0000", "\uFFFF", "\r\n", "\t", "- Model under test:", "**", "(->C1", "S5/",
            "\n# Test Plan: x\n", "| ID | Claim |\n|---|---|\n| C1 |", "[link](", "<!--", "    indented\n",
            "---\ntitle: x\n---\n", "\n| Model under test | kv |\n|---|---|\n", "\nChecker\n: ", "*Checker*: ", "**Model** — ",
            "\u00a0", "\n**S1: x**\n", "```yaml run\n", "\n# 1. Scope\n", "\n- **C1** (safety) — x\n", "\nNot applicable — "};

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().all().ofMaxLength(400);
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.FIRST)
    void randomTextParses(@ForAll("garbage") String text) {
        check(text);
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.FIRST)
    void mutatedPlansParse(@ForAll @IntRange(min = 0, max = 1000) int fixture, @ForAll long seed,
                           @ForAll @IntRange(min = 1, max = 12) int mutations) {
        Random rnd = new Random(seed);
        StringBuilder sb = new StringBuilder(TEXTS.get(fixture % TEXTS.size()));
        for (int i = 0; i < mutations; i++) {
            int at = sb.length() == 0 ? 0 : rnd.nextInt(sb.length());
            switch (rnd.nextInt(6)) {
                case 0 -> sb.setLength(at);                                             // truncate
                case 1 -> sb.insert(at, SNIPPETS[rnd.nextInt(SNIPPETS.length)]);        // stray structure
                case 2 -> sb.delete(at, Math.min(sb.length(), at + rnd.nextInt(200)));  // cut a chunk
                case 3 -> {                                                             // duplicate a region (headings too)
                    int end = Math.min(sb.length(), at + rnd.nextInt(400));
                    sb.insert(end, sb.substring(at, end));
                }
                case 4 -> {                                                             // binary noise
                    for (int k = 0; k < 20; k++) sb.insert(Math.min(at, sb.length()), (char) rnd.nextInt(0x3000));
                }
                default -> {                                                            // shuffle lines
                    List<String> lines = new ArrayList<>(List.of(sb.toString().split("\n", -1)));
                    java.util.Collections.swap(lines, rnd.nextInt(lines.size()), rnd.nextInt(lines.size()));
                    sb.setLength(0);
                    sb.append(String.join("\n", lines));
                }
            }
        }
        check(sb.toString());
    }

    static void check(String text) {
        Plan plan = PlanParser.parse(text);
        assertThat(plan).isNotNull();
        assertThat(plan.unrecognized()).noneMatch(u -> u.kind() == Unrecognized.Kind.PARSER);
        List<Diagnostic> diagnostics = PlanLinter.lint(plan, CoverageBuilder.build(plan));
        for (Diagnostic d : diagnostics) inside(d.span(), text);
        for (Claim c : plan.claims()) inside(c.span(), text);
        for (Hypothesis h : plan.hypotheses()) inside(h.span(), text);
        for (Scenario s : plan.scenarios()) {
            inside(s.span(), text);
            for (Field f : s.fields().values()) {
                inside(f.valueSpan(), text);
            }
            for (Field f : s.sevenM().fields().values()) {
                inside(f.span(), text);
                inside(f.valueSpan(), text);
            }
        }
        for (Section s : plan.sections()) inside(s.span(), text);
    }

    static void inside(Span s, String text) {
        if (s.isNone()) return;
        assertThat(s.startOffset()).isBetween(0, text.length());
        assertThat(s.endOffset()).isBetween(s.startOffset(), text.length());
        assertThat(s.startLine()).isPositive();
    }
}
