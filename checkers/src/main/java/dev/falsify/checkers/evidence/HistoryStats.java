package dev.falsify.checkers.evidence;

import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Facts about a recorded history that the audit items cite: op counts by outcome, whether timestamps are
 * monotonic per process, whether write values are unique, and how many ops completed after the last fault
 * healed ({@code okAfterLastHeal}: -1 when it cannot be known — no fault healed, or the history's clock is
 * not the harness's).
 */
public record HistoryStats(long ops, long ok, long failed, long unknown, boolean monotonic, String monotonicDetail,
                    long writes, boolean uniqueWrites, long okAfterLastHeal) {

    /** What a run that recorded no history shows: no ops. */
    public static final HistoryStats EMPTY = new HistoryStats(0, 0, 0, 0, true, "no ops", 0, true, 0);

    /**
     * @param ops           the history, in the order recorded
     * @param lastHealNanos when the last fault healed, in the history's clock; 0 or less when unknown
     */
    public static HistoryStats of(List<Op> ops, long lastHealNanos) {
        long ok = 0, failed = 0, unknown = 0, writes = 0, okAfter = 0;
        boolean monotonic = true;
        String detail = "invoke_ts non-decreasing per process and complete_ts >= invoke_ts for all " + ops.size() + " ops";
        Map<String, Long> lastInvoke = new HashMap<>();
        Set<String> writeValues = new HashSet<>();
        boolean unique = true;
        for (Op op : ops) {
            Outcome o = op.outcome();
            if (o == Outcome.OK) ok++;
            else if (o == Outcome.FAIL) failed++;
            else unknown++;
            Long prev = lastInvoke.put(op.processId(), op.invokeTs());
            if (monotonic && prev != null && op.invokeTs() < prev) {
                monotonic = false;
                detail = "op " + op.opId() + " of process " + op.processId() + " invoked before its predecessor";
            }
            if (monotonic && op.completeTs() != null && op.completeTs() < op.invokeTs()) {
                monotonic = false;
                detail = "op " + op.opId() + " completes before it was invoked";
            }
            String type = op.opType() == null ? "" : op.opType();
            if (type.equals("write") || type.equals("put") || type.equals("cas") || type.equals("append")) {
                writes++;
                if (op.input() != null && !writeValues.add(type + ":" + op.key() + ":" + op.input())) unique = false;
            }
            if (lastHealNanos > 0 && o == Outcome.OK && op.invokeTs() > lastHealNanos) okAfter++;
            if (lastHealNanos <= 0) okAfter = -1;
        }
        return new HistoryStats(ops.size(), ok, failed, unknown, monotonic, detail, writes, unique, okAfter);
    }
}
