package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The checker (with all its pruning) against the definition executed by brute force, on thousands
 * of small random histories per model, and on histories recorded from sequential executions.
 */
class LinearizabilityDifferentialTest {
    private static final int PER_MODEL = 600; // × 8 models = 4800 histories
    private final LinearizabilityChecker checker = new LinearizabilityChecker();

    private Validity check(List<Op> ops, String model) {
        CheckResult r = checker.check(ops.iterator(), model, Map.of(), CheckBudget.of(Duration.ofSeconds(30)));
        return r.validity();
    }

    @Test
    void agreesWithBruteForceOnRandomSmallHistories() {
        Random random = new Random(20261130);
        for (String model : RandomHistories.MODELS) {
            int valid = 0;
            for (int i = 0; i < PER_MODEL; i++) {
                List<Op> ops = RandomHistories.random(model, random, 8);
                boolean expected = BruteForceLinearizability.linearizable(ops, model);
                Validity actual = check(ops, model);
                assertThat(actual).as(() -> model + " history:\n" + show(ops))
                        .isEqualTo(expected ? Validity.VALID : Validity.INVALID);
                if (expected) valid++;
            }
            // the generator must produce both answers, or the comparison proves little
            assertThat(valid).as(model + " valid count").isBetween(PER_MODEL / 20, PER_MODEL - PER_MODEL / 20);
        }
    }

    @Test
    void sequentialExecutionsAreLinearizable() {
        Random random = new Random(7);
        for (String model : RandomHistories.MODELS) {
            // queues and logs with a 3-value domain and unknown outcomes are exponential in the
            // number of outstanding unknown ops: keep those histories shorter
            int longest = model.equals("queue") || model.equals("log") ? 40 : 150;
            for (int i = 0; i < 60; i++) {
                List<Op> ops = SequentialHistories.generate(model, random, 10 + random.nextInt(longest - 9));
                assertThat(check(ops, model)).as(() -> model + " history:\n" + show(ops)).isEqualTo(Validity.VALID);
            }
        }
    }

    @Test
    void aCorruptedReadIsCaughtWheneverBruteForceSaysSo() {
        Random random = new Random(99);
        for (String model : RandomHistories.MODELS) {
            int caught = 0;
            for (int i = 0; i < 250; i++) {
                List<Op> ops = SequentialHistories.corruptOneRead(SequentialHistories.generate(model, random, 3 + random.nextInt(6)), random);
                if (ops == null) continue;
                boolean expected = BruteForceLinearizability.linearizable(ops, model);
                assertThat(check(ops, model)).as(() -> model + " history:\n" + show(ops))
                        .isEqualTo(expected ? Validity.VALID : Validity.INVALID);
                if (!expected) caught++;
            }
            if (!model.equals("mutex")) assertThat(caught).as(model + " corrupted histories caught").isPositive();
        }
    }

    private static String show(List<Op> ops) {
        return ops.stream().map(o -> String.format("  %s %s [%d,%s] %s key=%s in=%s out=%s%s", o.opId(), o.processId(),
                        o.invokeTs(), o.completeTs(), o.opType(), o.key(), o.input(), o.output(),
                        o.timeoutMarker() ? " UNKNOWN" : o.error() != null ? " FAIL" : ""))
                .collect(Collectors.joining("\n"));
    }
}
