package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.history.JsonTrees;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * What the checkers of Jepsen's workloads (counter, bank, set, set-full, unique-ids, total-queue,
 * long-fork) share: reading an op's function and integer values, citing an op in an explanation and
 * in a violation's fields, showing a value as Jepsen prints it.
 */
final class WorkloadOps {
    private WorkloadOps() {
    }

    /** The op's function in lower case ({@code ""} when it has none). */
    static String f(Op op) {
        return op.opType() == null ? "" : op.opType().toLowerCase(Locale.ROOT);
    }

    /** An integral number ({@code 3}, {@code 3.0}) as a long; null for anything else or one beyond a long. */
    static Long integer(JsonNode n) {
        if (n == null || !n.isNumber()) return null;
        if (n.isIntegralNumber()) return n.canConvertToLong() ? n.longValue() : null;
        if (!Double.isFinite(n.doubleValue())) return null;
        BigDecimal d = n.decimalValue();
        try {
            return d.stripTrailingZeros().scale() <= 0 ? d.longValueExact() : null;
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** {@link #integer}, or bad input naming the op (what the workload's ops must carry). */
    static long integer(Op op, JsonNode n, String what) {
        Long v = integer(n);
        if (v == null) throw new ModelException(op, what + " must be an integer, found " + (n == null ? "nothing" : show(n)));
        return v;
    }

    /** {@code op 7@line16, process 3}: how an explanation names an op. */
    static String cite(Op op) {
        return "op " + OracleReport.id(op) + ", " + op.processLabel();
    }

    /** The op's identity as a violation's field: {@code {"op": id, "process": p, "line": n}}. */
    static ObjectNode ref(Op op) {
        ObjectNode n = OracleReport.JSON.objectNode();
        n.put("op", op.opId());
        n.put("process", op.processId());
        if (op.sourceLine() > 0) n.put("line", op.sourceLine());
        return n;
    }

    /** A value as people read it (strings bare, nil for null), as Jepsen prints it. */
    static String show(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return "nil";
        return n.isTextual() ? n.textValue() : JsonTrees.text(n);
    }

    /** A value's identity for counting (3 and 3.0 alike, "3" apart from 3). */
    static String identity(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return "null";
        Long i = integer(n);
        if (i != null) return Long.toString(i);
        return JsonTrees.text(n);
    }
}
