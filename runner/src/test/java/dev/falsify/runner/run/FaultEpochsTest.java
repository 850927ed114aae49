package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.history.Op;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Fault epochs the runner fills into a history, and the window fault threads wait in. */
class FaultEpochsTest {
    private static Op op(int id, long invoke, Long complete, String epoch) {
        return new Op("o" + id, "p" + id, invoke, complete, "write", "k", com.fasterxml.jackson.databind.node.IntNode.valueOf(1), null, null,
                false, null, epoch, id);
    }

    private static FaultObservation window(String name, long inject, long heal) {
        FaultObservation o = new FaultObservation(name, "partition on proxy p", false, false, "at 1s for 1s");
        o.injected = true;
        o.injectNanos = inject;
        o.healNanos = heal;
        return o;
    }

    @Test
    void opsOverlappingAFaultWindowGetItsNameAndRecordedEpochsAreKept() {
        long t = System.nanoTime() - 10_000_000_000L;   // ten seconds ago, on this runner's clock
        FaultObservation part = window("partition-n2", t + 1_000, t + 2_000);
        List<Op> ops = List.of(
                op(1, t + 100, t + 900L, null),          // before the window
                op(2, t + 900, t + 1_100L, null),        // completes inside it
                op(3, t + 1_500, null, null),            // never completed: open-ended, overlaps
                op(4, t + 2_100, t + 2_200L, null),      // after it
                op(5, t + 1_200, t + 1_300L, "recorded")); // the recorder's own epoch wins
        List<Op> out = FaultEpochs.annotate(ops, List.of(part));
        assertThat(out).extracting(Op::faultEpoch).containsExactly(null, "partition-n2", "partition-n2", null, "recorded");
        assertThat(out.get(0)).isSameAs(ops.get(0));
    }

    @Test
    void anotherClockOrNoInjectedFaultLeavesTheHistoryAlone() {
        long t = System.nanoTime() - 10_000_000_000L;
        List<Op> epochMillis = List.of(op(1, 1_700_000_000_000L, 1_700_000_000_100L, null));
        assertThat(FaultEpochs.annotate(epochMillis, List.of(window("f", t, t + 1_000)))).isSameAs(epochMillis);
        FaultObservation never = new FaultObservation("f", "command", false, false, "at 1s");
        List<Op> ops = List.of(op(1, t, t + 5L, null));
        assertThat(FaultEpochs.annotate(ops, List.of(never))).isSameAs(ops);
        assertThat(FaultEpochs.sameClock(ops, List.of(never))).isFalse();
    }

    @Test
    void aFaultWaitingForItsMomentWakesWhenTheWorkloadEnds() throws Exception {
        WorkloadWindow w = new WorkloadWindow();
        assertThat(w.waitUntil(System.nanoTime() + 1_000_000)).as("the moment came first").isTrue();
        AtomicBoolean cameFirst = new AtomicBoolean(true);
        CountDownLatch done = new CountDownLatch(1);
        Thread fault = new Thread(() -> {
            try {
                cameFirst.set(w.waitUntil(System.nanoTime() + TimeUnit.MINUTES.toNanos(5)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            done.countDown();
        });
        fault.start();
        Thread.sleep(50);
        w.end();
        assertThat(done.await(5, TimeUnit.SECONDS)).as("woken by the end, not after 5 minutes").isTrue();
        assertThat(cameFirst).isFalse();
        assertThat(w.waitUntil(System.nanoTime() + TimeUnit.MINUTES.toNanos(5))).isFalse();
    }
}
