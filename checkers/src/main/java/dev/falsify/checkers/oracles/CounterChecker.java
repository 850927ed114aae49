package dev.falsify.checkers.oracles;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code counter}: Jepsen's counter workload as {@code jepsen.checker/counter} checks it. A counter
 * starts at 0; {@code add} (Jepsen: {@code {:f :add, :value 1}} on invoke and completion, the
 * completion's value being the amount added, not the new value), {@code inc} and {@code dec} change
 * it by their input (default 1); {@code read} returns it. Each read must lie between two bounds:
 * <ul>
 *   <li>lower: the adds acknowledged before the read was invoked, which must have taken effect;</li>
 *   <li>upper: those plus every add invoked before the read completed that did not fail, which may
 *       have (an add whose outcome is unknown may have taken effect at any time after its invoke).</li>
 * </ul>
 * Jepsen allows only non-negative adds; a negative one (or a {@code dec}) is the same reasoning
 * turned round: a decrement that may have happened lowers the lower bound. Reads outside their
 * bounds are the violations, each with its bounds. This is weaker than linearizability against the
 * counter model ({@code --model counter}), which also asks that reads agree with each other: it is
 * the answer Jepsen gives.
 */
public final class CounterChecker implements Checker {
    public static final String NAME = CheckerName.COUNTER.id();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.COUNTER);
    }

    @Override
    public List<String> needs() {
        return List.of("add/inc/dec ops whose input is the (integer) amount", "reads whose output is the counter's value",
                "invocation and completion times");
    }

    @Override
    public String invocationTimesNeeded(java.util.Map<String, String> options) {
        return "a read's lower bound counts the adds acknowledged before it was invoked";
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        List<Op> adds = new ArrayList<>();
        List<Op> reads = new ArrayList<>();
        List<long[]> deltas = new ArrayList<>();
        for (Op op : input.history()) {
            switch (WorkloadOps.f(op)) {
                case "add", "inc", "increment", "dec", "decrement" -> {
                    if (op.outcome() == Outcome.FAIL) continue; // it did not happen
                    long d = op.input() == null || op.input().isNull() ? 1 : WorkloadOps.integer(op, op.input(), "an add's amount");
                    adds.add(op);
                    deltas.add(new long[] {WorkloadOps.f(op).startsWith("dec") ? -d : d});
                }
                case "read", "r", "get" -> {
                    if (op.outcome() != Outcome.OK) continue; // read nothing, or nothing known
                    WorkloadOps.integer(op, op.output(), "a counter read's value");
                    reads.add(op);
                }
                default -> throw new ModelException(op, "op_type '" + op.opType() + "' is not an operation of a counter"
                        + " (expected add, inc, dec, read)");
            }
        }
        Bounds bounds = new Bounds(adds, deltas);
        int checked = 0;
        for (Op read : reads) {
            long value = WorkloadOps.integer(read.output());
            long[] b = bounds.of(read);
            checked++;
            if (value >= b[0] && value <= b[1]) continue;
            report.violation("read " + value + " (" + WorkloadOps.cite(read) + ") is outside [" + b[0] + ", " + b[1]
                            + "]: the adds acknowledged before it was invoked sum to " + b[2] + ", and those invoked"
                            + " before it completed (and not failed) allow at most " + b[1] + (b[0] != b[2] ? " and at least " + b[0] : ""))
                    .put("value", value).put("lower", b[0]).put("upper", b[1]).setAll(WorkloadOps.ref(read));
        }
        report.consumed(adds.size() + reads.size());
        if (reads.isEmpty()) {
            report.weak("no-observations", "no read of the counter completed: there is nothing to compare the adds with",
                    List.of());
        }
        return report.finish(checked + " reads, each between the adds acknowledged before it began and those attempted"
                + " before it ended (" + adds.size() + " adds that did not fail)", "reads outside their bounds");
    }

    /**
     * The adds as prefix sums: acknowledged ones by completion time (they must precede a read invoked
     * after them), and every one that did not fail by invocation time (it may precede a read that
     * completed after it was invoked). Positive and negative parts are summed apart.
     */
    private static final class Bounds {
        private final long[] ackedAt;
        private final long[] ackedSum;
        private final long[] ackedUp;
        private final long[] ackedDown;
        private final long[] invokedAt;
        private final long[] invokedUp;
        private final long[] invokedDown;

        Bounds(List<Op> adds, List<long[]> deltas) {
            List<Integer> acked = new ArrayList<>();
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < adds.size(); i++) {
                all.add(i);
                if (adds.get(i).outcome() == Outcome.OK) acked.add(i);
            }
            acked.sort((a, b) -> Long.compare(adds.get(a).completeTs(), adds.get(b).completeTs()));
            all.sort((a, b) -> Long.compare(adds.get(a).invokeTs(), adds.get(b).invokeTs()));
            ackedAt = new long[acked.size()];
            ackedSum = new long[acked.size() + 1];
            ackedUp = new long[acked.size() + 1];
            ackedDown = new long[acked.size() + 1];
            for (int j = 0; j < acked.size(); j++) {
                int i = acked.get(j);
                long d = deltas.get(i)[0];
                ackedAt[j] = adds.get(i).completeTs();
                ackedSum[j + 1] = Math.addExact(ackedSum[j], d);
                ackedUp[j + 1] = Math.addExact(ackedUp[j], Math.max(0, d));
                ackedDown[j + 1] = Math.addExact(ackedDown[j], Math.min(0, d));
            }
            invokedAt = new long[all.size()];
            invokedUp = new long[all.size() + 1];
            invokedDown = new long[all.size() + 1];
            for (int j = 0; j < all.size(); j++) {
                int i = all.get(j);
                long d = deltas.get(i)[0];
                invokedAt[j] = adds.get(i).invokeTs();
                invokedUp[j + 1] = Math.addExact(invokedUp[j], Math.max(0, d));
                invokedDown[j + 1] = Math.addExact(invokedDown[j], Math.min(0, d));
            }
        }

        /** {@code [lower, upper, sum of the acknowledged adds before the read]}. */
        long[] of(Op read) {
            // acknowledged strictly before the read was invoked (closed intervals: a tie is concurrent)
            int a = count(ackedAt, read.invokeTs(), false);
            // invoked no later than the read completed
            int b = count(invokedAt, read.completeTs(), true);
            long definite = ackedSum[a];
            long lower = Math.addExact(definite, invokedDown[b] - ackedDown[a]);
            long upper = Math.addExact(definite, invokedUp[b] - ackedUp[a]);
            return new long[] {lower, upper, definite};
        }

        /** How many of the sorted {@code times} are below {@code t} (or at most {@code t} when {@code inclusive}). */
        private static int count(long[] times, long t, boolean inclusive) {
            int i = Arrays.binarySearch(times, inclusive ? t : t - 1);
            if (i < 0) return -i - 1;
            while (i + 1 < times.length && times[i + 1] == times[i]) i++;
            return i + 1;
        }
    }
}
