package dev.falsify.checkers.oracles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.vocabulary.Validity;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueAndDurabilityOraclesTest {
    static Ops produced() {
        return new Ops().ok("p", "enqueue", null, "1", null).ok("p", "enqueue", null, "2", null)
                .ok("p", "enqueue", null, "3", null).ok("p", "enqueue", null, "4", null);
    }

    @Test
    void prefixOrderHolds() {
        CheckResult r = produced().ok("c", "dequeue", null, null, "1").ok("c", "dequeue", null, null, "2")
                .ok("d", "read", null, null, "[1,2,3]").run(new PrefixOrderChecker(), Map.of());
        assertThat(r.validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void reorderOutsideWindowIsFirstDivergence() {
        CheckResult r = produced().ok("c", "dequeue", null, null, "2").ok("c", "dequeue", null, null, "1")
                .run(new PrefixOrderChecker(), Map.of());
        assertThat(Ops.lines(r)).containsExactly("process c: position 0 holds 2 (canonical position 1), expected 1");
        CheckResult tolerated = produced().ok("c", "dequeue", null, null, "2").ok("c", "dequeue", null, null, "1")
                .run(new PrefixOrderChecker(), Map.of("reorder-window", "1"));
        assertThat(tolerated.validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void skippedElementIsReported() {
        CheckResult r = produced().ok("d", "read", null, null, "[1,3,4]").run(new PrefixOrderChecker(), Map.of("reorder-window", "1"));
        assertThat(Ops.lines(r).get(0)).contains("skipped 2");
    }

    @Test
    void badWindowIsBadInput() {
        assertThatThrownBy(() -> produced().run(new PrefixOrderChecker(), Map.of("reorder-window", "-1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reorder-window");
    }

    @Test
    void noLostAck() {
        Ops h = new Ops().ok("a", "append", null, "1", null).ok("a", "append", null, "2", null)
                .info("b", "append", null, "3").fail("b", "append", null, "4");
        assertThat(h.run(new NoLostAckChecker(), Map.of(), Ops.json("{\"log\":[1,2]}")).validity()).isEqualTo(Validity.VALID);
        CheckResult lost = h.run(new NoLostAckChecker(), Map.of(), Ops.json("{\"log\":[1,3]}"));
        assertThat(lost.validity()).isEqualTo(Validity.INVALID);
        assertThat(Ops.lines(lost)).containsExactly("lost: append of 2 (op 2@line2, process a) was acknowledged but is "
                + "absent from the final state");
    }

    @Test
    void unknownWritesAreNeitherAckedNorRejected() {
        Ops h = new Ops().ok("a", "append", null, "1", null).info("b", "append", null, "3");
        CheckResult r = h.run(new NoLostAckChecker(), Map.of(), Ops.json("[1]"));
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.summary()).contains("unknown-outcome writes: 0 present, 1 absent");
    }

    @Test
    void noLostAckWithoutDumpIsWeak() {
        CheckResult r = new Ops().ok("a", "append", null, "1", null).run(new NoLostAckChecker(), Map.of());
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses().get(0).kind()).isEqualTo("missing-final-state");
    }

    @Test
    void keyedDumpIsSearchedUnderTheKey() {
        Ops h = new Ops().ok("a", "add", "s1", "7", null);
        assertThat(h.run(new NoLostAckChecker(), Map.of(), Ops.json("{\"s1\":[1],\"s2\":[7]}")).validity())
                .isEqualTo(Validity.INVALID);
    }

    @Test
    void exactlyOnce() {
        Ops ok = new Ops().ok("a", "credit", "acct1", "{\"amount\":5,\"request\":\"r1\"}", null)
                .ok("a", "credit", "acct1", "{\"amount\":5,\"request\":\"r2\"}", null)
                .ok("a", "balance", "acct1", null, "10");
        assertThat(ok.run(new ExactlyOnceChecker(), Map.of("idempotency-key", "request")).validity()).isEqualTo(Validity.VALID);
        Ops dup = new Ops().ok("a", "credit", "acct1", "{\"amount\":5,\"request\":\"r1\"}", null)
                .ok("b", "credit", "acct1", "{\"amount\":5,\"request\":\"r1\"}", null);
        CheckResult r = dup.run(new ExactlyOnceChecker(), Map.of("idempotency-key", "$.request"));
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(Ops.lines(r).get(0)).startsWith("key r1 has 2 committed effects: op 1@line1 (credit {\"amount\":5,\"request\":\"r1\"})");
    }

    @Test
    void exactlyOnceRefusesOpId() {
        Ops dup = new Ops().ok("a", "credit", "acct1", "{\"amount\":5}", null);
        CheckResult r = dup.run(new ExactlyOnceChecker(), Map.of("idempotency-key", "op_id"));
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses().get(0).kind()).isEqualTo("idempotency-key-is-op-id");
    }

    @Test
    void exactlyOnceNeedsTheKeyInEveryEffect() {
        CheckResult r = new Ops().ok("a", "credit", "acct1", "{\"amount\":5}", null)
                .run(new ExactlyOnceChecker(), Map.of("idempotency-key", "request"));
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses().get(0).opIds()).containsExactly("1@line1");
    }
}
