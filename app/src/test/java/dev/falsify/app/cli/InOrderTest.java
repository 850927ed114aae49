package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class InOrderTest {
    @Test
    void resultsComeInTheItemsOrderWhateverOrderTheTasksFinishIn() {
        List<Integer> items = IntStream.range(0, 200).boxed().toList();
        ConcurrentLinkedQueue<Integer> finished = new ConcurrentLinkedQueue<>();
        List<String> results = new ArrayList<>();
        for (String r : InOrder.map(items, i -> {
            // early items work longest, so on several cores later ones finish first
            long x = 0;
            for (int k = 0; k < (200 - i) * 2_000; k++) x += k ^ i;
            finished.add(i);
            return i + ":" + (x != -1);
        })) {
            results.add(r);
        }
        assertThat(results).containsExactlyElementsOf(items.stream().map(i -> i + ":true").toList());
        assertThat(finished).containsExactlyInAnyOrderElementsOf(items);
    }

    @Test
    void aTasksExceptionIsRethrownWhereItsResultWouldBe() {
        List<String> seen = new ArrayList<>();
        assertThatThrownBy(() -> {
            for (String r : InOrder.map(List.of("a", "b", "boom", "d"), s -> {
                if (s.equals("boom")) throw new IllegalStateException("bad item " + s);
                return s.toUpperCase();
            })) {
                seen.add(r);
            }
        }).isInstanceOf(IllegalStateException.class).hasMessage("bad item boom");
        assertThat(seen).containsExactly("A", "B");
    }

    @Test
    void noItemsNoResults() {
        assertThat(InOrder.map(List.<String>of(), String::length)).isEmpty();
    }
}
