package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.text.Span;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The records whose equals and hashCode are written out (so that a short command does not
 * bootstrap them through invokedynamic) still mean what a record's mean: equal exactly when every
 * component is, with equal hash codes then.
 */
class ValueEqualityTest {

    @Test
    void spansAreEqualComponentByComponent() {
        int[] base = {3, 4, 5, 6, 70, 80};
        Function<int[], Span> span = a -> new Span(a[0], a[1], a[2], a[3], a[4], a[5]);
        assertValue(span.apply(base), span.apply(base.clone()));
        for (int i = 0; i < base.length; i++) {
            int[] other = base.clone();
            other[i]++;
            assertThat(span.apply(base)).as("component %d", i).isNotEqualTo(span.apply(other));
        }
        assertThat(span.apply(base)).isNotEqualTo(null).isNotEqualTo("span");
    }

    @Test
    void fenceBlocksAreEqualComponentByComponent() {
        MarkdownOutline.FenceBlock f = new MarkdownOutline.FenceBlock("run", 1, 9, 2, 8, 0);
        assertValue(f, new MarkdownOutline.FenceBlock(new String("run"), 1, 9, 2, 8, 0));
        for (MarkdownOutline.FenceBlock other : List.of(
                new MarkdownOutline.FenceBlock("yaml run", 1, 9, 2, 8, 0), new MarkdownOutline.FenceBlock("run", 2, 9, 2, 8, 0),
                new MarkdownOutline.FenceBlock("run", 1, 10, 2, 8, 0), new MarkdownOutline.FenceBlock("run", 1, 9, 3, 8, 0),
                new MarkdownOutline.FenceBlock("run", 1, 9, 2, 7, 0), new MarkdownOutline.FenceBlock("run", 1, 9, 2, 8, 2))) {
            assertThat(f).isNotEqualTo(other);
        }
    }

    @Test
    void conditionsAndTransitionsAreEqualComponentByComponent() {
        Span s = new Span(1, 1, 1, 5, 0, 4);
        RunSpec.Condition c = new RunSpec.Condition(Map.of("type", "PUT"), s);
        assertValue(c, new RunSpec.Condition(Map.of("type", "PUT"), new Span(1, 1, 1, 5, 0, 4)));
        assertThat(c).isNotEqualTo(new RunSpec.Condition(Map.of("type", "GET"), s))
                .isNotEqualTo(new RunSpec.Condition(Map.of("type", "PUT"), Span.NONE));
        RunSpec.Transition t = new RunSpec.Transition("idle", c, "writing", Map.of("k", "$.key"), s);
        assertValue(t, new RunSpec.Transition("idle", new RunSpec.Condition(Map.of("type", "PUT"), s), "writing", Map.of("k", "$.key"), s));
        assertValue(new RunSpec.Transition(null, c, null, Map.of(), null), new RunSpec.Transition(null, c, null, Map.of(), null));
        for (RunSpec.Transition other : List.of(
                new RunSpec.Transition("busy", c, "writing", Map.of("k", "$.key"), s),
                new RunSpec.Transition("idle", new RunSpec.Condition(Map.of(), s), "writing", Map.of("k", "$.key"), s),
                new RunSpec.Transition("idle", c, "done", Map.of("k", "$.key"), s),
                new RunSpec.Transition("idle", c, "writing", Map.of(), s),
                new RunSpec.Transition("idle", c, "writing", Map.of("k", "$.key"), Span.NONE))) {
            assertThat(t).isNotEqualTo(other);
        }
    }

    private static void assertValue(Object a, Object b) {
        assertThat(a).isNotSameAs(b).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(b).isEqualTo(a);
    }
}
