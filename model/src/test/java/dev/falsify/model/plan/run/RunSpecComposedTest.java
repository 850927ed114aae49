package dev.falsify.model.plan.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run block whose text was composed before ({@link RunSpecParser.Composed}) reads exactly as a
 * freshly composed one: same spec and errors, spans mapped through this block's own positions,
 * whether the YAML is valid, invalid, empty or not a mapping, and whatever was read in between.
 */
class RunSpecComposedTest {
    private static final List<String> TEXTS = List.of(
            RunSpecParserTest.FULL,
            RunSpecParserTest.FULL.replace("kind: latency", "kind: warp"),          // a validation error
            "services:\n  - name: n1\n    cmd: [unclosed\n",                          // YAML syntax error
            "workload: { cmd: x }\nworkload: { cmd: y }\n",                           // duplicate key
            "",                                                                      // empty
            "- a\n- b\n",                                                            // not a mapping
            "a: &x [1]\nb: *x\nworkload: { cmd: \"run {seed}\" }\nbogus: 1\n");        // alias, unknown field

    private static RunSpecParser.Positions shifted(int lines, int columns) {
        return (line, column) -> new Span(line + lines + 1, column + columns + 1, line + lines + 1, column + columns + 1,
                1000 * lines + column, 1000 * lines + column);
    }

    @Test
    void aRepeatedBlockReadsLikeAFreshOne() {
        List<RunSpecResult> fresh = new ArrayList<>();
        for (String t : TEXTS) {
            RunSpecParser.Composed.clear();
            fresh.add(RunSpecParser.parse(t, shifted(7, 2)));
        }
        RunSpecParser.Composed.clear();
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < TEXTS.size(); k++) {
                assertThat(RunSpecParser.parse(TEXTS.get(k), shifted(7, 2))).as("text %d round %d", k, round).isEqualTo(fresh.get(k));
            }
        }
        // the same text at another place in the plan: its spans are that place's
        for (int k = 0; k < TEXTS.size(); k++) {
            RunSpecResult there = RunSpecParser.parse(TEXTS.get(k), shifted(40, 4));
            RunSpecParser.Composed.clear();
            assertThat(there).isEqualTo(RunSpecParser.parse(TEXTS.get(k), shifted(40, 4)));
        }
        assertThat(fresh.get(0).errors()).isEmpty();
        assertThat(fresh.get(1).errors()).isNotEmpty();
        assertThat(fresh.get(2).spec()).isNull();
    }

    @Test
    void moreTextsThanItKeepsStillReadTheSame() {
        RunSpecParser.Composed.clear();
        List<String> many = new ArrayList<>();
        for (int i = 0; i < RunSpecParser.Composed.CAPACITY * 2; i++) many.add(RunSpecParserTest.FULL.replace("n1", "n" + i));
        List<RunSpecResult> first = new ArrayList<>();
        for (String t : many) first.add(RunSpecParser.parse(t, shifted(1, 0)));
        for (int i = many.size() - 1; i >= 0; i--) assertThat(RunSpecParser.parse(many.get(i), shifted(1, 0))).isEqualTo(first.get(i));
    }
}
