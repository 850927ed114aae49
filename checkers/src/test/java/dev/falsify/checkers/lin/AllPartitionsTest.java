package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.Linearization;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code all-partitions=true}: every failing partition is reported (in partition order), not only
 * the first, and with {@code linearization=true} the partitions that passed carry their order.
 */
class AllPartitionsTest {
    private final LinearizabilityChecker checker = new LinearizabilityChecker();

    /** Keys a and c read a value nobody wrote (a, c fail); b is fine. */
    static List<Op> history() {
        List<Op> ops = new ArrayList<>();
        long t = 1_000_000;
        for (String key : List.of("a", "b", "c")) {
            ops.add(op(key + "-w", "p1", t, t + 10, "put", key, IntNode.valueOf(1), NullNode.instance));
            JsonNode read = IntNode.valueOf(key.equals("b") ? 1 : 7);
            ops.add(op(key + "-r", "p2", t + 20, t + 30, "get", key, NullNode.instance, read));
            t += 100;
        }
        return ops;
    }

    private static Op op(String id, String proc, long invoke, long complete, String type, String key, JsonNode in, JsonNode out) {
        return new Op(id, proc, invoke, complete, type, key, in, out, null, false, null, null, 0);
    }

    private CheckResult check(Map<String, String> options) {
        return checker.check(history().iterator(), "kv", options, CheckBudget.of(Duration.ofSeconds(30)));
    }

    @Test
    void byDefaultOnlyTheFirstFailingPartitionIsReported() {
        CheckResult r = check(Map.of());
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        LinearizabilityCounterexample cx = (LinearizabilityCounterexample) r.counterexample();
        assertThat(cx.partitions()).extracting(LinearizabilityCounterexample.PartitionFailure::partition)
                .containsExactly("key a");
    }

    @Test
    void everyFailingPartitionIsReportedWhenAsked() {
        CheckResult r = check(Map.of(LinearizabilityChecker.ALL_PARTITIONS_OPTION, "true"));
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        LinearizabilityCounterexample cx = (LinearizabilityCounterexample) r.counterexample();
        assertThat(cx.partitions()).extracting(LinearizabilityCounterexample.PartitionFailure::partition)
                .containsExactly("key a", "key c");
        for (LinearizabilityCounterexample.PartitionFailure p : cx.partitions()) {
            LinearizabilityCounterexample.Prefix x = p.prefixes().get(0);
            assertThat(x.steps()).extracting(s -> s.op().opId()).containsExactly(p.partition().substring(4) + "-w");
            assertThat(x.couldNotPlace()).extracting(b -> b.op().opId()).containsExactly(p.partition().substring(4) + "-r");
        }
        assertThat(r.summary()).startsWith("not linearizable (key a)").endsWith("; 2 of 3 partitions fail");
        assertThat(r.linearization()).isNull();
    }

    @Test
    void passingPartitionsCarryTheirLinearizationBesideTheFailures() {
        CheckResult r = check(Map.of(LinearizabilityChecker.ALL_PARTITIONS_OPTION, "true",
                LinearizabilityChecker.LINEARIZATION_OPTION, "true"));
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(r.linearization().partitions()).extracting(Linearization.Partition::partition).containsExactly("key b");
        assertThat(r.linearization().partitions().get(0).steps()).extracting(s -> s.op().opId()).containsExactly("b-w", "b-r");
    }
}
