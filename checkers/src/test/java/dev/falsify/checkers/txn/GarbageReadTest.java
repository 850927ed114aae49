package dev.falsify.checkers.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reads of values no txn wrote (issue 30): Elle's garbage reads. In a history whose every op was
 * read as a txn they are an anomaly (list-append: the list starts empty and only appends add to
 * it; rw-register: when a key was read with two or more such values, at most one of which can be
 * its initial value); when some op could not be read as a txn, it may be the writer: too weak.
 */
class GarbageReadTest {
    private static CheckResult lists(List<Op> ops) {
        return new ListAppendChecker().check(CheckInput.of(ops, "list-append"), CheckBudget.unlimited());
    }

    private static CheckResult registers(List<Op> ops) {
        return new RwRegisterChecker().check(CheckInput.of(ops, "rw-register"), CheckBudget.unlimited());
    }

    @Test
    void anElementNoTxnAppendedIsAGarbageRead() {
        CheckResult r = lists(TxnOps.lists().ok("ax1").ok("rx17").build());
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(TxnOps.types(r)).containsExactly("garbage-read");
        TxnCounterexample.Anomaly a = TxnOps.first(r, AnomalyType.GARBAGE_READ);
        assertThat(a.explanation()).isEqualTo("T2 read x=[1 7] including 7, which no txn of the history appended"
                + " (a garbage read: the list starts empty, and only appends add to it)");
        // as bad as an aborted read: read-committed and everything stronger, not read-uncommitted
        assertThat(a.modelsRuledOut()).startsWith("read-committed").doesNotContain("read-uncommitted");
        assertThat(r.weaknesses()).isEmpty();
    }

    @Test
    void whenAnOpCouldNotBeReadAsATxnItMayBeTheWriter() {
        // an append recorded as a plain op, not as a txn: the writer of 7, for all the checker knows
        List<Op> ops = new ArrayList<>(TxnOps.lists().ok("ax1").ok("rx17").build());
        ops.add(new Op("w", "9", 100, 101L, "append", null, com.fasterxml.jackson.databind.node.IntNode.valueOf(7),
                com.fasterxml.jackson.databind.node.NullNode.getInstance(), null, false, null, null, 0));
        CheckResult r = lists(ops);
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).extracting(w -> w.kind()).contains("not-a-transaction", "unattributed-read");
    }

    @Test
    void aRegisterReadWithTwoValuesNoTxnWroteIsAGarbageRead() {
        CheckResult r = registers(TxnOps.registers().ok("wx1").ok("rx5").ok("rx6").build());
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(TxnOps.types(r)).containsExactly("garbage-read");
        assertThat(TxnOps.first(r, AnomalyType.GARBAGE_READ).explanation())
                .contains("reads of x returned 5, 6, which no txn of the history wrote: at most one of them can be x's initial value");
    }

    @Test
    void oneRegisterValueNoTxnWroteMayBeTheInitialValue() {
        CheckResult r = registers(TxnOps.registers().ok("rx5").ok("wx1").ok("rx1").build());
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).singleElement().satisfies(w -> {
            assertThat(w.kind()).isEqualTo("unattributed-read");
            assertThat(w.detail()).contains("initial value");
        });
    }
}
