package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The transactions of a history, with what makes the history too weak for a transactional
 * checker: ops that are not txns, micro-ops of the wrong shape, committed txns without output.
 */
public final class TxnHistory {
    /** Op ids listed per weakness; more are summarised by a count. */
    static final int MAX_IDS = 20;

    private final List<Txn> txns;
    private final List<HistoryWeakness> weaknesses;

    private TxnHistory(List<Txn> txns, List<HistoryWeakness> weaknesses) {
        this.txns = txns;
        this.weaknesses = weaknesses;
    }

    public List<Txn> txns() {
        return txns;
    }

    public List<HistoryWeakness> weaknesses() {
        return weaknesses;
    }

    /**
     * Reads the txns out of {@code history}.
     *
     * @param functions the micro-op functions this checker understands (append/r or w/r)
     */
    public static TxnHistory of(List<Op> history, Set<String> functions) {
        Builder b = new Builder(functions);
        for (Op op : history) b.accept(op);
        return b.build();
    }

    /**
     * Reads txns op by op, so a history streamed from its file is never held whole: each {@link Txn}
     * keeps its parsed micro-ops and a copy of its op without the op's input and output trees (read
     * once, here), which were most of a list-append history's memory.
     */
    public static final class Builder {
        private final Set<String> functions;
        private final List<Txn> txns = new ArrayList<>();
        private final Map<String, List<String>> weak = new LinkedHashMap<>();
        private final Map<String, String> details = new LinkedHashMap<>();

        /** @param functions the micro-op functions this checker understands (append/r or w/r) */
        public Builder(Set<String> functions) {
            this.functions = functions;
        }

        public void accept(Op op) {
            // Elle reads the micro-ops in :value whatever :f says: Elle histories often omit :f, and
            // Jepsen's rw-register runs label single-op txns :read / :write. An op is a txn when its
            // value is micro-ops; one whose op_type says something else and whose value is not is skipped.
            boolean named = op.opType() == null || "txn".equals(op.opType());
            if (!named && !isTxn(op)) {
                note(weak, details, "not-a-transaction", op,
                        "ops whose value is not a list of micro-ops (and whose op_type is not \"txn\") cannot be"
                                + " checked as transactions and were skipped");
                return;
            }
            boolean ok = op.outcome() == Outcome.OK;
            JsonNode source = ok ? op.output() : op.input();
            boolean readsKnown = ok;
            if (ok && (source == null || source.isNull())) {
                note(weak, details, "missing-field", op,
                        "committed txns lack `output` (the completed micro-ops with read values); their reads are unknown");
                source = op.input();
                readsKnown = false;
            }
            if ((source == null || source.isNull()) && !ok) source = op.output();
            List<MicroOp> mops = parseMops(source, functions);
            if (mops == null) {
                note(weak, details, "malformed-micro-op", op,
                        "txn micro-ops must be a JSON array of [f, key, value] with f in " + functions
                                + "; these ops were skipped");
                return;
            }
            if (ok && readsKnown && op.input() != null && op.input().isArray()
                    && op.input().size() != mops.size()) {
                note(weak, details, "output-mismatch", op,
                        "the completed txn has a different number of micro-ops than the invoked one");
            }
            txns.add(new Txn(txns.size(), withoutValues(op), mops, readsKnown));
        }

        public TxnHistory build() {
            List<HistoryWeakness> weaknesses = new ArrayList<>();
            weak.forEach((kind, ids) -> weaknesses.add(weakness(kind, details.get(kind), ids)));
            return new TxnHistory(List.copyOf(txns), weaknesses);
        }
    }

    /** The op as a txn cites it: identity, process, interval, outcome, line; its values are in the micro-ops. */
    static Op withoutValues(Op op) {
        return new Op(op.opId(), op.processId(), op.invokeTs(), op.completeTs(), op.opType(), op.key(),
                NullNode.getInstance(), NullNode.getInstance(), op.error(), op.timeoutMarker(), op.nodeSeen(),
                op.faultEpoch(), op.sourceLine());
    }

    /** Whether an op's value (output, else input) is a non-empty list of micro-ops of any function. */
    static boolean isTxn(Op op) {
        return microOps(op.output()) != null || microOps(op.input()) != null;
    }

    /** The micro-ops of a value, or null when it is not a non-empty list of micro-ops. */
    static List<MicroOp> microOps(JsonNode node) {
        if (node == null || !node.isArray() || node.isEmpty()) return null;
        List<MicroOp> mops = new ArrayList<>(node.size());
        for (JsonNode m : node) {
            MicroOp mop = MicroOp.parse(m);
            if (mop == null) return null;
            mops.add(mop);
        }
        return mops;
    }

    private static List<MicroOp> parseMops(JsonNode node, Set<String> functions) {
        if (node == null || !node.isArray()) return null;
        List<MicroOp> mops = new ArrayList<>(node.size());
        for (JsonNode m : node) {
            MicroOp mop = MicroOp.parse(m);
            if (mop == null || !functions.contains(mop.f())) return null;
            mops.add(mop);
        }
        return mops;
    }

    private static void note(Map<String, List<String>> weak, Map<String, String> details, String kind, Op op,
                             String detail) {
        weak.computeIfAbsent(kind, k -> new ArrayList<>()).add(describe(op));
        details.putIfAbsent(kind, detail);
    }

    static String describe(Op op) {
        return op.sourceLine() > 0 ? op.opId() + "@line" + op.sourceLine() : String.valueOf(op.opId());
    }

    /** A weakness listing at most {@link #MAX_IDS} ops, with the total in the detail. */
    static HistoryWeakness weakness(String kind, String detail, List<String> ids) {
        String d = detail + " (" + ids.size() + (ids.size() == 1 ? " op)" : " ops)");
        return new HistoryWeakness(kind, d, List.copyOf(ids.subList(0, Math.min(MAX_IDS, ids.size()))));
    }
}
