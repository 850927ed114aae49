package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.MemoryBudget;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The linearizability search's memory is bounded (issue 29): a search whose memo would outgrow the
 * budget answers UNKNOWN with the reason and what it explored — it used to grow to gigabytes and
 * die with an OutOfMemoryError, which the command line reported as exit 1, "violation found" —
 * and what a check held is given back, so the checks that share a budget go on.
 */
class MemoryBudgetTest {
    /**
     * 60 concurrent writes of distinct values, 60 concurrent reads of written values, and, after
     * all of them, one read of a value nobody wrote: every order of the writes is explored before
     * the search can give up, a memo of 2^60 configurations.
     */
    static List<Op> explodingRegisterHistory() {
        List<Op> ops = new ArrayList<>();
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 60; i++) {
            ops.add(new Op("w" + i, "p" + i, i, 1000L + i, "write", null, IntNode.valueOf(i), NullNode.getInstance(), null,
                    false, null, null, 0));
        }
        for (int j = 0; j < 60; j++) {
            ops.add(new Op("r" + j, "q" + j, 100 + j, 1100L + j, "read", null, NullNode.getInstance(),
                    IntNode.valueOf(r.nextInt(60)), null, false, null, null, 0));
        }
        ops.add(new Op("bad", "z", 5000, 5001L, "read", null, NullNode.getInstance(), IntNode.valueOf(999), null, false,
                null, null, 0));
        return ops;
    }

    @Test
    void aSearchPastItsMemoryBudgetAnswersUnknownWithWhatItExplored() {
        MemoryBudget memory = new MemoryBudget(16L << 20);
        CheckBudget budget = CheckBudget.of(Duration.ofMinutes(5)).withMemory(memory);
        CheckResult r = new LinearizabilityChecker().check(
                new CheckInput(explodingRegisterHistory(), "register", Map.of(), null, Map.of(), null), budget);
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.summary()).startsWith("unknown: memory budget of 16 MB exhausted with 1 of 1 partitions undecided after ");
        assertThat(r.evidence().statesExplored()).isPositive();
        LinearizabilityCounterexample progress = (LinearizabilityCounterexample) r.counterexample();
        assertThat(progress.exhausted()).isTrue();
        assertThat(progress.partitions().get(0).prefixes().get(0).steps()).isNotEmpty();
        // everything the check held is given back
        assertThat(memory.used()).isZero();
    }

    @Test
    void aBudgetSharedByManyPartitionsIsGivenBackAsEachEnds() {
        // 400 keys, each a small partition: every memo starts at ~180 KB, 70 MB if all were held until the check ended
        List<Op> ops = new ArrayList<>();
        for (int k = 0; k < 400; k++) {
            String key = "k" + k;
            ops.add(new Op("w" + k, "p", 10L * k, 10L * k + 2, "write", key, IntNode.valueOf(k), NullNode.getInstance(), null,
                    false, null, null, 0));
            ops.add(new Op("r" + k, "p", 10L * k + 3, 10L * k + 5, "read", key, NullNode.getInstance(), IntNode.valueOf(k), null,
                    false, null, null, 0));
        }
        MemoryBudget memory = new MemoryBudget(8L << 20);
        CheckResult r = new LinearizabilityChecker().check(new CheckInput(ops, "register", Map.of(), null, Map.of(), null),
                CheckBudget.of(Duration.ofMinutes(1)).withMemory(memory));
        assertThat(r.validity()).as(r.summary()).isEqualTo(Validity.VALID);
        assertThat(r.evidence().partitions()).isEqualTo(400);
        assertThat(memory.peak()).isLessThan(4L << 20);
        assertThat(memory.used()).isZero();
    }

    @Test
    void sizesAreReadAsPeopleWriteThem() {
        long heap = 1L << 30;
        assertThat(MemoryBudget.parse("536870912", heap)).isEqualTo(512L << 20);
        assertThat(MemoryBudget.parse("512m", heap)).isEqualTo(512L << 20);
        assertThat(MemoryBudget.parse("512MB", heap)).isEqualTo(512L << 20);
        assertThat(MemoryBudget.parse(" 2g ", heap)).isEqualTo(2L << 30);
        assertThat(MemoryBudget.parse("64k", heap)).isEqualTo(64L << 10);
        assertThat(MemoryBudget.parse("25%", heap)).isEqualTo(256L << 20);
        for (String bad : List.of("", "m", "-1m", "0", "0%", "150%", "lots", "1.5g", "99999999999999999999g")) {
            assertThatThrownBy(() -> MemoryBudget.parse(bad, heap)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("512m");
        }
        assertThat(MemoryBudget.describe(512L << 20)).isEqualTo("512 MB");
        assertThat(MemoryBudget.describe(16L << 30)).isEqualTo("16 GB");
    }

    @Test
    void theDefaultBudgetIsAShareOfTheHeapOrWhatThePropertySays() {
        String before = System.getProperty(MemoryBudget.PROPERTY);
        try {
            System.clearProperty(MemoryBudget.PROPERTY);
            assertThat(MemoryBudget.fromHeap().limit()).isEqualTo((long) (Runtime.getRuntime().maxMemory() * MemoryBudget.DEFAULT_SHARE));
            System.setProperty(MemoryBudget.PROPERTY, "300m");
            assertThat(CheckBudget.of(Duration.ofSeconds(1)).memory().limit()).isEqualTo(300L << 20);
            System.setProperty(MemoryBudget.PROPERTY, "much");
            assertThatThrownBy(MemoryBudget::fromHeap).hasMessageStartingWith("-Dfalsify.memory: a memory size");
        } finally {
            if (before == null) System.clearProperty(MemoryBudget.PROPERTY);
            else System.setProperty(MemoryBudget.PROPERTY, before);
        }
    }
}
