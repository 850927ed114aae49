package dev.falsify.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

class FaultPlanTest {
    /** The 1-based numbers of the calls among {@code n} that the plan fails. */
    private static List<Long> failing(FaultPlan plan, int n) {
        List<Long> out = new ArrayList<>();
        Callable<String> c = Faulty.callable(() -> "ok", plan);
        for (long i = 1; i <= n; i++) {
            try {
                c.call();
            } catch (InjectedFault e) {
                out.add(i);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
        assertThat(plan.calls()).isEqualTo(n);
        assertThat(plan.fired()).isEqualTo(out.size());
        assertThat(plan.events()).extracting(FaultEvent::call).containsExactlyElementsOf(out);
        return out;
    }

    @Test
    void noneNeverFailsAndIsNotAPlannedFault() {
        FaultPlan p = FaultPlan.none();
        assertThat(failing(p, 10)).isEmpty();
        assertThat(p.isPlanned()).isFalse();
    }

    @Test
    void failFirstFailsTheFirstKCalls() {
        assertThat(failing(FaultPlan.failFirst(3), 6)).containsExactly(1L, 2L, 3L);
    }

    @Test
    void failOnCallFailsOnlyThatCall() {
        assertThat(failing(FaultPlan.failOnCall(4), 8)).containsExactly(4L);
    }

    @Test
    void failEveryFailsEachNthCall() {
        assertThat(failing(FaultPlan.failEvery(3), 10)).containsExactly(3L, 6L, 9L);
    }

    @Test
    void failWithProbabilityFailsTheSameCallsForTheSameSeed() {
        List<Long> a = failing(FaultPlan.failWithProbability(0.3, 42), 1000);
        List<Long> b = failing(FaultPlan.failWithProbability(0.3, 42), 1000);
        List<Long> other = failing(FaultPlan.failWithProbability(0.3, 43), 1000);
        assertThat(a).isEqualTo(b).isNotEqualTo(other);
        assertThat(a.size()).isBetween(240, 360);   // 300 expected; deterministic for this seed
        assertThat(failing(FaultPlan.failWithProbability(0, 1), 100)).isEmpty();
        assertThat(failing(FaultPlan.failWithProbability(1, 1), 100)).hasSize(100);
    }

    @Test
    void badArgumentsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> FaultPlan.failFirst(0)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> FaultPlan.failOnCall(0)).hasMessageContaining("numbered from 1");
        assertThatThrownBy(() -> FaultPlan.failEvery(-1)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> FaultPlan.failWithProbability(1.5, 1)).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> FaultPlan.failWithProbability(Double.NaN, 1)).hasMessageContaining("[0, 1]");
    }

    interface Port {
        String get(String k) throws IOException;

        void put(String k, String v);
    }

    @Test
    void onMethodsCountsOnlyThoseMethods() throws IOException {
        FaultPlan p = FaultPlan.failFirst(1).onMethods("put");
        Port port = Faulty.wrap(Port.class, new Port() {
            public String get(String k) { return "v"; }
            public void put(String k, String v) { }
        }, p);
        assertThat(port.get("a")).isEqualTo("v");
        assertThatThrownBy(() -> port.put("a", "b")).isInstanceOf(InjectedFault.class).hasMessageContaining("call 1 (put)");
        port.put("a", "b");
        assertThat(p.calls()).isEqualTo(2);
        assertThat(p.events()).extracting(FaultEvent::method).containsExactly("put");
    }

    @Test
    void aCheckedErrorIsThrownOnlyWhereTheMethodDeclaresIt() {
        FaultPlan p = FaultPlan.failEvery(1).withError(() -> new IOException("connection reset"));
        Port port = Faulty.wrap(Port.class, new Port() {
            public String get(String k) { return "v"; }
            public void put(String k, String v) { }
        }, p);
        assertThatThrownBy(() -> port.get("a")).isExactlyInstanceOf(IOException.class).hasMessage("connection reset");
        assertThatThrownBy(() -> port.put("a", "b")).isExactlyInstanceOf(InjectedFault.class)
                .hasMessageContaining("java.io.IOException is not declared by put").hasCauseInstanceOf(IOException.class);
        FaultPlan unchecked = FaultPlan.failEvery(1).withError(() -> new IllegalStateException("boom"));
        Port port2 = Faulty.wrap(Port.class, new Port() {
            public String get(String k) { return "v"; }
            public void put(String k, String v) { }
        }, unchecked);
        assertThatThrownBy(() -> port2.put("a", "b")).isExactlyInstanceOf(IllegalStateException.class);
    }

    @Test
    void latencyDelaysInsteadOfFailingAndAdvancesAManualClock() throws Exception {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-01T00:00:00Z"));
        FaultPlan p = FaultPlan.failOnCall(2).withLatency(Duration.ofSeconds(5)).withClock(clock);
        Callable<String> c = Faulty.callable(() -> "ok", p);
        assertThat(c.call()).isEqualTo("ok");
        assertThat(c.call()).isEqualTo("ok");
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-12-01T00:00:05Z"));
        assertThat(p.events()).singleElement().satisfies(e -> {
            assertThat(e.call()).isEqualTo(2);
            assertThat(e.fault()).isEqualTo("latency PT5S");
            assertThat(e.time()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
        });
        assertThat(p.describe()).isEqualTo("failOnCall(2) → latency PT5S");
    }

    @Test
    void namedPlansReportTheirName() {
        FaultPlan p = FaultPlan.failFirst(2).onMethods("put", "get").named("drop-writes");
        assertThat(p.name()).isEqualTo("drop-writes");
        assertThat(p.describe()).isEqualTo("failFirst(2) on get, put");
    }
}
