package dev.falsify.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.vocabulary.Validity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FalsifyAssertionsTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-12-01T00:00:00Z"));

    /** One op of {@code h} taking 1 ms, then 1 ms of gap: sequential unless ops are interleaved by hand. */
    private void op(HistoryRecorder h, String p, String type, Object key, Object in, Object out) {
        HistoryRecorder.Invocation i = h.invoke(p, type, key, in);
        clock.advance(Duration.ofMillis(1));
        i.ok(out);
        clock.advance(Duration.ofMillis(1));
    }

    @Test
    void assertLinearizablePassesOnALinearizableHistory() {
        HistoryRecorder h = HistoryRecorder.withClock(clock);
        op(h, "0", "write", null, 1, null);
        op(h, "1", "read", null, null, 1);
        op(h, "0", "write", null, 2, null);
        op(h, "1", "read", null, null, 2);
        CheckResult r = FalsifyAssertions.assertLinearizable(h, "register");
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.evidence().ops()).isEqualTo(4);
    }

    @Test
    void assertLinearizableFailsWithTheLongestPrefixAndTheOpThatCouldNotBePlaced() {
        HistoryRecorder h = HistoryRecorder.withClock(clock);
        op(h, "0", "write", null, 1, null);
        op(h, "0", "write", null, 2, null);
        op(h, "1", "read", null, null, 1);   // stale: 2 was written before this read began
        FalsifyAssertionError e = assertThrows(FalsifyAssertionError.class,
                () -> FalsifyAssertions.assertLinearizable(h, "register"));
        assertThat(e).isInstanceOf(AssertionError.class);
        assertThat(e.getMessage()).contains("linearizability: violation found", "NOT LINEARIZABLE");
        assertThat(e.counterexample()).contains("longest linearizable prefix: 2 of 3 ops").contains("op 3");
        assertThat(e.getMessage()).contains(e.counterexample());
        assertThat(e.result()).hasValueSatisfying(r -> assertThat(r.validity()).isEqualTo(Validity.INVALID));
    }

    @Test
    void anEmptyOrUncompletedHistoryIsNeverAPass() {
        HistoryRecorder empty = new HistoryRecorder();
        assertThatThrownBy(() -> FalsifyAssertions.assertLinearizable(empty, "register"))
                .isInstanceOf(FalsifyAssertionError.class).hasMessageContaining("too weak").hasMessageContaining("empty");
        HistoryRecorder open = new HistoryRecorder();
        open.invoke("0", "write", null, 1);
        assertThatThrownBy(() -> FalsifyAssertions.assertLinearizable(open, "register"))
                .isInstanceOf(FalsifyAssertionError.class).hasMessageContaining("no-completed-op");
    }

    @Test
    void assertNoAnomaliesPassesOnASerialListAppendHistory() {
        HistoryRecorder h = HistoryRecorder.withClock(clock);
        op(h, "0", "txn", null, List.of(List.of("append", "x", 1)), List.of(List.of("append", "x", 1)));
        op(h, "1", "txn", null, List.of(java.util.Arrays.asList("r", "x", null), List.of("append", "y", 1)),
                List.of(List.of("r", "x", List.of(1)), List.of("append", "y", 1)));
        op(h, "0", "txn", null, List.of(java.util.Arrays.asList("r", "y", null)), List.of(List.of("r", "y", List.of(1))));
        CheckResult r = FalsifyAssertions.assertNoAnomalies(h, "list-append");
        assertThat(r.validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void assertNoAnomaliesFailsWithTheCycleExplained() {
        HistoryRecorder h = HistoryRecorder.withClock(clock);
        // each txn reads the other's append: a write-read cycle (G1c)
        HistoryRecorder.Invocation t1 = h.invoke("0", "txn", null, List.of(List.of("append", "x", 1), java.util.Arrays.asList("r", "y", null)));
        HistoryRecorder.Invocation t2 = h.invoke("1", "txn", null, List.of(List.of("append", "y", 1), java.util.Arrays.asList("r", "x", null)));
        clock.advance(Duration.ofMillis(1));
        t1.ok(List.of(List.of("append", "x", 1), List.of("r", "y", List.of(1))));
        t2.ok(List.of(List.of("append", "y", 1), List.of("r", "x", List.of(1))));
        FalsifyAssertionError e = assertThrows(FalsifyAssertionError.class,
                () -> FalsifyAssertions.assertNoAnomalies(h, "list-append"));
        assertThat(e.counterexample()).contains("G1c").contains("-wr->").contains("rules out:");
    }

    @Test
    void anUnknownCheckerIsAClearError() {
        HistoryRecorder h = HistoryRecorder.withClock(clock);
        op(h, "0", "write", null, 1, null);
        assertThatThrownBy(() -> FalsifyAssertions.assertNoAnomalies(h, "no-such-checker"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown checker 'no-such-checker'");
    }

    @Test
    void assertFaultsLandedFailsNamingThePlansThatNeverFired() {
        FaultPlan landed = FaultPlan.failFirst(1);
        FaultPlan silent = FaultPlan.failOnCall(5).named("fifth-call");
        Runnable r = Faulty.runnable(() -> { }, landed);
        assertThatThrownBy(r::run).isInstanceOf(InjectedFault.class);
        FalsifyAssertions.assertFaultsLanded(landed);
        FaultsNotLandedError e = assertThrows(FaultsNotLandedError.class,
                () -> FalsifyAssertions.assertFaultsLanded(landed, silent));
        assertThat(e).isInstanceOf(FalsifyAssertionError.class);
        assertThat(e.getMessage()).contains("fifth-call (0 calls reached it, none faulted)").doesNotContain("failFirst");
        assertThat(e.result()).isEmpty();
    }
}
