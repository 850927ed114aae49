package dev.falsify.runner.run;

import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code fault_epoch} of each op: the name of the fault whose window its interval overlaps,
 * filled in by the runner where the recorder left it null (only the runner knows when faults were
 * active).
 */
final class FaultEpochs {
    private FaultEpochs() {
    }

    /**
     * Fills {@code fault_epoch} for ops whose interval overlaps a fault window and that the recorder
     * left null. The recorder's {@code invoke_ts} and the runner's {@code System.nanoTime()} are the same
     * clock (CLOCK_MONOTONIC) on one Linux host; when the history's invocations are not inside the
     * workload's lifetime on that clock, the clocks differ and nothing is annotated.
     */
    static List<Op> annotate(List<Op> ops, List<FaultObservation> faults, WorkloadWindow.Interval workload) {
        List<FaultObservation> windows = faults.stream().filter(f -> f.injectNanos > 0).toList();
        if (windows.isEmpty() || !sameClock(ops, workload)) return ops;
        List<Op> out = new ArrayList<>(ops.size());
        for (Op op : ops) {
            String epoch = op.faultEpoch();
            if (epoch == null) {
                long end = op.completeTs() == null ? Long.MAX_VALUE : op.completeTs();
                for (FaultObservation w : windows) {
                    long wEnd = w.healNanos > 0 ? w.healNanos : Long.MAX_VALUE;
                    if (op.invokeTs() <= wEnd && end >= w.injectNanos) {
                        epoch = w.name;
                        break;
                    }
                }
            }
            out.add(epoch == null || epoch.equals(op.faultEpoch()) ? op : new Op(op.opId(), op.processId(), op.invokeTs(),
                    op.completeTs(), op.opType(), op.key(), op.input(), op.output(), op.error(), op.timeoutMarker(),
                    op.nodeSeen(), epoch, op.sourceLine()));
        }
        return out;
    }

    /**
     * Whether the history's timestamps are readings of this runner's monotonic clock (same host, same
     * boot): every invocation lies within the workload process's lifetime as the runner read it. A
     * range ending at "now" cannot decide this: on a freshly booted host the monotonic clock is small,
     * so a history stamped 1, 2, 3 would pass for it; a window of a few seconds at an unknown offset is
     * not hit by another clock's readings by accident.
     */
    static boolean sameClock(List<Op> ops, WorkloadWindow.Interval workload) {
        if (workload == null || ops.isEmpty()) return false;
        return ops.stream().allMatch(op -> workload.contains(op.invokeTs()));
    }
}
