package dev.falsify.checkers.oracles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.vocabulary.Validity;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionOraclesTest {
    @Test
    void sessionHoldsWhenEverySessionSeesItsWrites() {
        CheckResult r = new Ops().ok("a", "write", "x", "1", "{\"version\":1}").ok("a", "read", "x", null, "{\"value\":1,\"version\":1}")
                .ok("b", "read", "x", null, "{\"value\":null,\"version\":0}").ok("a", "write", "x", "2", "2")
                .ok("a", "read", "x", null, "{\"value\":2,\"version\":2}").run(new SessionChecker(), Map.of());
        assertThat(r.validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void readYourWritesViolation() {
        CheckResult r = new Ops().ok("a", "write", "x", "1", "{\"version\":5}")
                .ok("a", "read", "x", null, "{\"value\":0,\"version\":3}").run(new SessionChecker(), Map.of());
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(Ops.lines(r).get(0)).isEqualTo("read-your-writes: session a wrote x at version 5 (op 1@line1) and later "
                + "read version 3 (op 2@line2), which misses that write");
    }

    @Test
    void monotonicWritesViolation() {
        CheckResult r = new Ops().ok("a", "write", "x", "1", "7").ok("a", "write", "x", "2", "6").run(new SessionChecker(), Map.of());
        assertThat(Ops.lines(r).get(0)).startsWith("monotonic writes: session a wrote x (op 2@line2) at version 6");
    }

    @Test
    void writesWithoutVersionsAreWeak() {
        CheckResult r = new Ops().ok("a", "write", "x", "1", "\"ok\"").ok("a", "read", "x", null, "{\"version\":1}")
                .run(new SessionChecker(), Map.of());
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses().get(0).kind()).isEqualTo("missing-version");
        assertThat(r.weaknesses().get(0).opIds()).containsExactly("1@line1");
    }

    @Test
    void monotonicReadGoingBackwards() {
        Ops h = new Ops().ok("a", "read", "x", null, "{\"version\":4}").ok("b", "read", "x", null, "{\"version\":1}")
                .ok("a", "read", "x", null, "{\"version\":2}");
        CheckResult r = h.run(new MonotonicReadChecker(), Map.of());
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(Ops.lines(r)).containsExactly("monotonic reads: session a read x at version 4 (op 1@line1) and then at "
                + "older version 2 (op 3@line3)");
        assertThat(Ops.lines(h.run(new SessionChecker(), Map.of()))).containsExactly("monotonic reads: session a read x at "
                + "version 4 (op 1@line1) and then at older version 2 (op 3@line3)");
    }

    @Test
    void monotonicReadAcrossSessionsAndKeysIsFine() {
        CheckResult r = new Ops().ok("a", "read", "x", null, "{\"version\":4}").ok("a", "read", "y", null, "{\"version\":1}")
                .ok("b", "read", "x", null, "{\"version\":1}").ok("a", "read", "x", null, "{\"version\":4}")
                .run(new MonotonicReadChecker(), Map.of());
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.evidence().partitions()).isEqualTo(2);
    }

    @Test
    void customVersionField() {
        CheckResult r = new Ops().ok("a", "read", "x", null, "{\"rev\":4}").ok("a", "read", "x", null, "{\"rev\":3}")
                .run(new MonotonicReadChecker(), Map.of("version-field", "rev"));
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
    }
}
