package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.model.history.Op;
import java.util.List;
import org.junit.jupiter.api.Test;

class WeaknessDetectorTest {
    private static Op op(String id, String process, long inv, Long ret, String type, String key, boolean timeout, boolean withOutput) {
        return new Op(id, process, inv, ret, type, key, NullNode.getInstance(), withOutput ? IntNode.valueOf(1) : NullNode.getInstance(),
                null, timeout, null, null, 0);
    }

    @Test
    void cleanHistoryHasNoWeakness() {
        List<Op> ops = List.of(op("1", "a", 0, 5L, "write", "k", false, false), op("2", "a", 5, 9L, "read", "k", false, true),
                op("3", "b", 1, null, "write", "k", true, false));
        assertThat(WeaknessDetector.detect(ops, "kv")).isEmpty();
    }

    @Test
    void reportsEachKindWithTheOffendingOps() {
        List<Op> ops = List.of(
                op("1", "a", 0, 10L, "write", null, false, false),     // kv without key
                op("2", "a", 5, 12L, "read", "k", false, true),        // starts before op 1 ended
                op("3", "b", 3, null, "read", "k", true, true),        // timed out with an output
                op("4", "c", 8, null, "read", "k", false, false),      // no completion, not marked
                op("5", "d", 9, 4L, "read", "k", false, true),         // completes before invoke
                op("5", "e", 20, 30L, null, "k", false, false));       // duplicate id, no op_type
        List<HistoryWeakness> w = WeaknessDetector.detect(ops, "kv");
        assertThat(w).extracting(HistoryWeakness::kind).containsExactlyInAnyOrder("missing-field", "non-monotonic-timestamps",
                "output-on-timeout", "missing-completion", "non-monotonic-timestamps", "duplicate-op-id", "missing-field");
        assertThat(w).filteredOn(x -> x.kind().equals("output-on-timeout")).singleElement()
                .satisfies(x -> assertThat(x.opIds()).containsExactly("3"));
        assertThat(w).filteredOn(x -> x.detail().startsWith("key is missing")).singleElement()
                .satisfies(x -> assertThat(x.opIds()).containsExactly("1"));
        assertThat(WeaknessDetector.detect(ops.subList(0, 1), "register")).isEmpty();
    }
}
