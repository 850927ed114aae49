package dev.falsify.checkers.history;

import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Finds what makes a history too weak for a checker's verdict (histories-and-checkers.md): a field
 * the model needs is missing, a non-timeout op has no completion, a timed-out op carries an output,
 * an op completes before it was invoked, a process's ops overlap or go back in time (its clock was
 * not monotonic), or an op_id repeats. Fed op by op, it keeps one small record per process, so it
 * can run alongside a streaming read.
 */
public final class WeaknessDetector {
    /** Offending op ids kept per weakness kind (the count is always exact). */
    public static final int MAX_OPS_LISTED = 10;

    private record Finding(String kind, String detail, List<String> opIds, long[] count) {
    }

    private record LastOp(long invokeTs, Long completeTs, String opId) {
    }

    private final String model;
    /** The model partitions by key, so every op needs one (decided once: this runs per op). */
    private final boolean needsKey;
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private final Map<String, LastOp> lastByProcess = new HashMap<>();
    private final SeenIds seen = new SeenIds();
    private long index;

    /** @param model the model the history will be checked against (may be null: core fields only) */
    public WeaknessDetector(String model) {
        this.model = model == null ? "" : model.toLowerCase(Locale.ROOT);
        this.needsKey = HistoryModel.KV.answersTo(this.model);
    }

    public static List<HistoryWeakness> detect(Iterable<Op> ops, String model) {
        WeaknessDetector d = new WeaknessDetector(model);
        for (Op op : ops) d.accept(op);
        return d.weaknesses();
    }

    public void accept(Op op) {
        String id = op.opId() != null ? op.opId() : "#" + (op.sourceLine() > 0 ? "line " + op.sourceLine() : index);
        index++;
        if (op.opId() == null) add("missing-field", "op_id is missing", id);
        else if (!seen.add(op.opId())) add("duplicate-op-id", "the same op_id appears more than once (a recorder bug)", id);
        if (op.processId() == null) add("missing-field", "process_id is missing", id);
        if (op.opType() == null) add("missing-field", "op_type is missing", id);
        if (needsKey && op.key() == null) add("missing-field", "key is missing (model " + model + " partitions by key)", id);
        if (!op.timeoutMarker() && op.completeTs() == null) {
            add("missing-completion", "complete_ts is null but timeout_marker is false (outcome neither known nor marked unknown)", id);
        }
        if (op.timeoutMarker() && op.output() != null && !op.output().isNull() && !op.output().isMissingNode()) {
            add("output-on-timeout", "a timed-out op carries an output", id);
        }
        if (op.completeTs() != null && op.completeTs() < op.invokeTs()) {
            add("non-monotonic-timestamps", "complete_ts is before invoke_ts", id);
        }
        if (op.processId() != null) {
            LastOp last = lastByProcess.get(op.processId());
            if (last != null) {
                boolean backwards = op.invokeTs() < last.invokeTs
                        || (last.completeTs != null && op.invokeTs() < last.completeTs);
                if (backwards) {
                    add("non-monotonic-timestamps",
                            "a process's op starts before its previous op (" + last.opId + ") ended: per-process timestamps are not monotonic",
                            id);
                }
            }
            lastByProcess.put(op.processId(), new LastOp(op.invokeTs(), op.completeTs(), id));
        }
    }

    private void add(String kind, String detail, String opId) {
        Finding f = findings.computeIfAbsent(kind + "\u0000" + detail,
                k -> new Finding(kind, detail, new ArrayList<>(), new long[1]));
        f.count[0]++;
        if (f.opIds.size() < MAX_OPS_LISTED) f.opIds.add(opId);
    }

    /** Kind of the weakness of a history with no operations at all. */
    public static final String EMPTY_HISTORY = dev.falsify.checkers.api.CheckResultText.EMPTY_HISTORY;

    /**
     * A history with no operations: every checker finds it "valid", which says nothing, so it is
     * reported as too weak to support a verdict rather than passed silently.
     */
    public static HistoryWeakness emptyHistory() {
        return new HistoryWeakness(EMPTY_HISTORY, "the history holds no operations: nothing was checked", List.of());
    }

    public List<HistoryWeakness> weaknesses() {
        List<HistoryWeakness> out = new ArrayList<>();
        if (index == 0) out.add(emptyHistory());
        for (Finding f : findings.values()) {
            String detail = f.detail + " (" + f.count[0] + (f.count[0] == 1 ? " op)" : " ops)");
            out.add(new HistoryWeakness(f.kind, detail, List.copyOf(f.opIds)));
        }
        return out;
    }
}
