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
     * clock (CLOCK_MONOTONIC) on one Linux host; when the history's timestamps are not inside this run's
     * time range, the clocks differ and nothing is annotated.
     */
    static List<Op> annotate(List<Op> ops, List<FaultObservation> faults) {
        List<FaultObservation> windows = faults.stream().filter(f -> f.injectNanos > 0).toList();
        if (windows.isEmpty() || ops.isEmpty() || !sameClock(ops, faults)) return ops;
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

    /** Whether the history's timestamps are readings of this runner's monotonic clock (same host, same boot). */
    static boolean sameClock(List<Op> ops, List<FaultObservation> faults) {
        long first = faults.stream().filter(f -> f.injectNanos > 0).mapToLong(f -> f.injectNanos).min().orElse(-1);
        if (first < 0 || ops.isEmpty()) return false;
        long lo = first - 3_600_000_000_000L;
        long hi = System.nanoTime();
        return ops.stream().allMatch(op -> op.invokeTs() > lo && op.invokeTs() < hi);
    }
}
