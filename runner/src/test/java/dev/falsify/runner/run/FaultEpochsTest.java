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

    /** A workload that ran from {@code start} for {@code nanos} on a fake runner clock (any uptime, no real time passes). */
    private static WorkloadWindow.Interval ran(long start, long nanos) {
        long[] now = {start};
        WorkloadWindow w = new WorkloadWindow(() -> now[0]);
        w.started();
        now[0] += nanos;
        w.end();
        return w.span();
    }

    private static final long FIVE_MINUTES = 300_000_000_000L;
    private static final long TEN_DAYS = 864_000_000_000_000L;

    @Test
    void opsOverlappingAFaultWindowGetItsNameAndRecordedEpochsAreKept() {
        for (long t : new long[] {FIVE_MINUTES, TEN_DAYS}) {          // freshly booted and long-running host
            WorkloadWindow.Interval workload = ran(t, 3_000);
            FaultObservation part = window("partition-n2", t + 1_000, t + 2_000);
            List<Op> ops = List.of(
                    op(1, t + 100, t + 900L, null),          // before the window
                    op(2, t + 900, t + 1_100L, null),        // completes inside it
                    op(3, t + 1_500, null, null),            // never completed: open-ended, overlaps
                    op(4, t + 2_100, t + 2_200L, null),      // after it
                    op(5, t + 1_200, t + 1_300L, "recorded")); // the recorder's own epoch wins
            List<Op> out = FaultEpochs.annotate(ops, List.of(part), workload);
            assertThat(out).extracting(Op::faultEpoch).containsExactly(null, "partition-n2", "partition-n2", null, "recorded");
            assertThat(out.get(0)).isSameAs(ops.get(0));
            assertThat(FaultEpochs.sameClock(ops, workload)).isTrue();
        }
    }

    @Test
    void smallRelativeTimestampsAreAnotherClockEvenOnAFreshlyBootedHost() {
        // the former rule ("within an hour before the first fault, before now") took 1..4 for the runner's
        // clock on a host up for less than an hour, and filled epochs / recovery facts from nonsense
        List<Op> relative = List.of(op(1, 1, 2L, null), op(2, 3, 4L, null));
        for (long uptime : new long[] {1_000_000_000L, FIVE_MINUTES, TEN_DAYS}) {
            WorkloadWindow.Interval workload = ran(uptime, 2_500_000_000L);
            FaultObservation f = window("f", uptime + 500_000_000L, uptime + 1_500_000_000L);
            assertThat(FaultEpochs.sameClock(relative, workload)).as("uptime %d ns", uptime).isFalse();
            assertThat(FaultEpochs.annotate(relative, List.of(f), workload)).isSameAs(relative);
        }
    }

    @Test
    void anotherClockOrNoInjectedFaultOrNoWorkloadLeavesTheHistoryAlone() {
        long t = TEN_DAYS;
        WorkloadWindow.Interval workload = ran(t, 3_000_000_000L);
        List<Op> epochMillis = List.of(op(1, 1_700_000_000_000L, 1_700_000_000_100L, null));
        assertThat(FaultEpochs.annotate(epochMillis, List.of(window("f", t, t + 1_000)), workload)).isSameAs(epochMillis);
        FaultObservation never = new FaultObservation("f", "command", false, false, "at 1s");
        List<Op> ops = List.of(op(1, t, t + 5L, null));
        assertThat(FaultEpochs.annotate(ops, List.of(never), workload)).isSameAs(ops);
        assertThat(FaultEpochs.sameClock(ops, workload)).isTrue();
        assertThat(FaultEpochs.sameClock(ops, null)).as("the workload never ran").isFalse();
        // one op stamped after the workload had long exited: not this clock's history
        List<Op> late = List.of(op(1, t + 10, t + 20L, null), op(2, t + 60_000_000_000L, null, null));
        assertThat(FaultEpochs.sameClock(late, workload)).isFalse();
    }

    @Test
    void theWindowIsNotClosedUntilTheWorkloadStartedAndEnded() {
        long[] now = {42};
        WorkloadWindow never = new WorkloadWindow(() -> now[0]);
        never.end();
        assertThat(never.span()).isNull();
        WorkloadWindow w = new WorkloadWindow(() -> now[0]);
        assertThat(w.started()).isEqualTo(42);
        assertThat(w.span()).isNull();
        now[0] = 50;
        w.end();
        now[0] = 99;
        w.end(); // the finally block's second end keeps the first reading
        assertThat(w.span()).isEqualTo(new WorkloadWindow.Interval(42, 50));
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
