package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.history.CorpusPaths;
import dev.falsify.checkers.history.Histories;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The kv search with look-ahead ({@link PartitionSearch#lookAhead}) against the same search without
 * it: the same verdict and, for a violation, the same explanation (it comes from a search without
 * look-ahead), on concurrent histories with appends, puts, reads, failed and unknown ops, some with
 * a corrupted read. And the look-ahead must actually prune, or the comparison proves nothing.
 */
class LookAheadTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private final LinearizabilityChecker withLookAhead = new LinearizabilityChecker(true);
    private final LinearizabilityChecker without = new LinearizabilityChecker(false);

    private static CheckResult check(LinearizabilityChecker checker, List<Op> ops) {
        return checker.check(ops.iterator(), "kv", Map.of(), CheckBudget.of(Duration.ofSeconds(60)));
    }

    @Test
    void sameVerdictAndExplanationAsTheSearchWithout() {
        Random random = new Random(20261202);
        int invalid = 0;
        int pruned = 0;
        for (int i = 0; i < 1500; i++) {
            List<Op> ops = concurrentKv(random, 10 + random.nextInt(50), 2 + random.nextInt(5), 1 + random.nextInt(3));
            boolean corrupted = random.nextInt(3) > 0;
            List<Op> history = corrupted ? corruptOneRead(ops, random) : ops;
            CheckResult a = check(withLookAhead, history);
            CheckResult b = check(without, history);
            int n = i;
            if (!corrupted) assertThat(a.validity()).as(() -> "recorded history " + n + ":\n" + history).isEqualTo(Validity.VALID);
            assertThat(a.validity()).as(() -> "history " + n + ":\n" + history).isEqualTo(b.validity());
            assertThat(a.counterexample()).as(() -> "history " + n + ":\n" + history).isEqualTo(b.counterexample());
            if (a.validity() == Validity.INVALID) invalid++;
            if (a.evidence().statesExplored() < b.evidence().statesExplored()) pruned++;
        }
        assertThat(invalid).as("invalid histories among 1500").isBetween(300, 1200);
        assertThat(pruned).as("histories the look-ahead searched in fewer configurations").isGreaterThan(100);
    }

    @Test
    void decidesTheCorpusViolationInAFractionOfTheConfigurations() throws Exception {
        Path file = CorpusPaths.of("porcupine/kv/c50-bad.txt");
        List<Op> ops = Histories.readAll(file, null).ops();
        CheckResult plain = check(without, ops);
        CheckResult ahead = check(withLookAhead, ops);
        assertThat(ahead.validity()).isEqualTo(Validity.INVALID);
        assertThat(ahead.counterexample()).isEqualTo(plain.counterexample());
        // without: key 1's 8,002 configurations (and key 6's, searched beside it); with: the
        // look-ahead's few dozen plus the explaining search's 8,002
        assertThat(ahead.evidence().statesExplored()).isLessThan(8_100);
    }

    /**
     * A simulated run: processes invoke ops on a few keys, each op takes effect at a random moment
     * of its interval on a real map, reads return what the map held then.
     */
    static List<Op> concurrentKv(Random r, int count, int processes, int keys) {
        record Pending(int p, long invoke, long effect, long complete, String f, String key, String piece) {
        }
        long[] free = new long[processes];
        List<Pending> planned = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int p = r.nextInt(processes);
            long invoke = free[p] + r.nextInt(3);
            long complete = invoke + 1 + r.nextInt(8);
            long effect = invoke + r.nextInt((int) (complete - invoke) + 1);
            free[p] = complete + 1;
            String key = "k" + r.nextInt(keys);
            int kind = r.nextInt(10);
            String f = kind < 5 ? "append" : kind < 9 ? "get" : "put";
            planned.add(new Pending(p, invoke, effect, complete, f, key, "x" + i + " "));
        }
        // effects in time order (ties by plan order): the map's value at each read
        List<Pending> byEffect = new ArrayList<>(planned);
        byEffect.sort(java.util.Comparator.comparingLong(Pending::effect));
        Map<String, String> state = new java.util.HashMap<>();
        Map<Pending, String> read = new java.util.IdentityHashMap<>();
        Map<Pending, Integer> outcome = new java.util.IdentityHashMap<>(); // 0 ok, 1 failed (no effect), 2 unknown
        for (Pending q : byEffect) {
            int o = q.f.equals("get") ? 0 : r.nextInt(12) == 0 ? 1 : r.nextInt(12) == 0 ? 2 : 0;
            if (o == 2 && r.nextBoolean()) o = 3; // unknown and it did not take effect
            outcome.put(q, o);
            if (o == 1 || o == 3) continue;
            switch (q.f) {
                case "append" -> state.merge(q.key, q.piece, String::concat);
                case "put" -> state.put(q.key, q.piece);
                default -> read.put(q, state.getOrDefault(q.key, ""));
            }
        }
        List<Op> ops = new ArrayList<>();
        int id = 0;
        for (Pending q : planned) {
            int o = outcome.get(q);
            JsonNode input = q.f.equals("get") ? NullNode.getInstance() : F.textNode(q.piece);
            JsonNode output = q.f.equals("get") ? (read.get(q).isEmpty() ? NullNode.getInstance() : F.textNode(read.get(q)))
                    : NullNode.getInstance();
            String process = "p" + q.p;
            if (o >= 2) {
                ops.add(new Op("op" + id++, process, q.invoke, null, q.f, q.key, input, NullNode.getInstance(), null, true, null, null, 0));
            } else {
                ops.add(new Op("op" + id++, process, q.invoke, q.complete, q.f, q.key, input, output, o == 1 ? "failed" : null,
                        false, null, null, 0));
            }
        }
        return ops;
    }

    /** One completed read returns another value: a shorter or longer text, or another read's. */
    static List<Op> corruptOneRead(List<Op> ops, Random r) {
        List<Integer> reads = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            Op o = ops.get(i);
            if (o.opType().equals("get") && o.completeTs() != null) reads.add(i);
        }
        if (reads.isEmpty()) return ops;
        int at = reads.get(r.nextInt(reads.size()));
        Op o = ops.get(at);
        String value = o.output().isNull() ? "" : o.output().textValue();
        String other = switch (r.nextInt(3)) {
            case 0 -> value.isEmpty() ? "x0 " : value.substring(0, value.lastIndexOf('x') < 0 ? 0 : value.lastIndexOf('x'));
            case 1 -> value + "x" + r.nextInt(100) + " ";
            default -> {
                Op another = ops.get(reads.get(r.nextInt(reads.size())));
                yield another.output().isNull() ? "" : another.output().textValue();
            }
        };
        List<Op> out = new ArrayList<>(ops);
        out.set(at, new Op(o.opId(), o.processId(), o.invokeTs(), o.completeTs(), o.opType(), o.key(), o.input(),
                other.isEmpty() ? NullNode.getInstance() : F.textNode(other), null, false, null, null, 0));
        return out;
    }
}
