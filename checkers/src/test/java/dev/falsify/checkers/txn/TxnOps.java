package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds txn histories for tests from a short notation, one txn per call:
 * {@code "ax1"} append 1 to x, {@code "rx12"} read x = [1 2] (list) or x = 12 (register),
 * {@code "rx"} read x = nil, {@code "wx5"} write 5 to x; micro-ops separated by spaces.
 * Txns run one after another (op i spans [10i, 10i+5]) unless times are given.
 */
final class TxnOps {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private final boolean lists;
    private final List<Op> ops = new ArrayList<>();

    private TxnOps(boolean lists) {
        this.lists = lists;
    }

    static TxnOps lists() {
        return new TxnOps(true);
    }

    static TxnOps registers() {
        return new TxnOps(false);
    }

    TxnOps ok(String spec) {
        return add("0", ops.size() * 10L, ops.size() * 10L + 5, spec, Kind.OK);
    }

    TxnOps ok(String process, long invoke, long complete, String spec) {
        return add(process, invoke, complete, spec, Kind.OK);
    }

    TxnOps fail(String spec) {
        return add("0", ops.size() * 10L, ops.size() * 10L + 5, spec, Kind.FAIL);
    }

    TxnOps info(String spec) {
        return add("0", ops.size() * 10L, 0, spec, Kind.INFO);
    }

    /** The anomaly type names of a result ({@code anomalyTypes}), empty when valid. */
    static List<String> types(dev.falsify.checkers.api.CheckResult r) {
        return r.counterexample() == null ? List.of() : ((dev.falsify.checkers.api.TxnCounterexample) r.counterexample()).anomalyTypes();
    }

    /** The first anomaly of a type in a result. */
    static dev.falsify.checkers.api.TxnCounterexample.Anomaly first(dev.falsify.checkers.api.CheckResult r, AnomalyType type) {
        return ((dev.falsify.checkers.api.TxnCounterexample) r.counterexample()).anomalies().stream()
                .filter(a -> a.type().equals(type.spelling()))
                .findFirst().orElseThrow();
    }

    List<Op> build() {
        return List.copyOf(ops);
    }

    private enum Kind { OK, FAIL, INFO }

    private TxnOps add(String process, long invoke, long complete, String spec, Kind kind) {
        ArrayNode in = JSON.arrayNode();
        ArrayNode out = JSON.arrayNode();
        for (String m : spec.trim().split("\\s+")) {
            char f = m.charAt(0);
            String key = m.substring(1, 2);
            String rest = m.substring(2);
            switch (f) {
                case 'a' -> {
                    in.addArray().add("append").add(key).add(Long.parseLong(rest));
                    out.addArray().add("append").add(key).add(Long.parseLong(rest));
                }
                case 'w' -> {
                    in.addArray().add("w").add(key).add(Long.parseLong(rest));
                    out.addArray().add("w").add(key).add(Long.parseLong(rest));
                }
                case 'r' -> {
                    in.addArray().add("r").add(key).addNull();
                    out.addArray().add("r").add(key).add(readValue(rest));
                }
                default -> throw new IllegalArgumentException(m);
            }
        }
        String id = Integer.toString(ops.size() + 1);
        Op op = switch (kind) {
            case OK -> new Op(id, process, invoke, complete, "txn", null, in, out, null, false, null, null, 0);
            case FAIL -> new Op(id, process, invoke, complete, "txn", null, in, NullNode.getInstance(), "aborted", false,
                    null, null, 0);
            case INFO -> new Op(id, process, invoke, null, "txn", null, in, NullNode.getInstance(), null, true, null,
                    null, 0);
        };
        ops.add(op);
        return this;
    }

    private JsonNode readValue(String digits) {
        if (digits.isEmpty()) return NullNode.getInstance();
        if (!lists) return JSON.numberNode(Long.parseLong(digits));
        ArrayNode list = JSON.arrayNode();
        for (char c : digits.toCharArray()) list.add(c - '0');
        return list;
    }
}
