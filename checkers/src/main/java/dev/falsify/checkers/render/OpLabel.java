package dev.falsify.checkers.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.history.JsonTrees;
import dev.falsify.checkers.txn.MicroOp;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.Locale;

/**
 * The short text drawn inside an op's bar — {@code w 3}, {@code r → 4}, {@code cas 3→0},
 * {@code append x 5}, a transaction's micro-ops — the same in the window and in SVG pictures, so
 * a reviewer who reads one can read the other. It names the operation from the history alone (no
 * model needed): what a person would write on a whiteboard, not the model's internal command.
 */
public final class OpLabel {
    private static final int MAX_VALUE_CHARS = 24;

    private OpLabel() {
    }

    public static String of(Op op) {
        String type = op.opType() == null ? "?" : op.opType().toLowerCase(Locale.ROOT);
        String key = op.key() == null || op.key().isEmpty() ? "" : op.key() + " ";
        // Jepsen labels single-op transactions :read / :write; the micro-ops say what happened
        boolean micro = looksLikeMicroOps(op.input()) || looksLikeMicroOps(op.output());
        String result = micro ? micro(op.input(), op.output()) : switch (type) {
            case "read", "r", "get" -> "r " + key + "→ " + output(op);
            case "write", "w", "put" -> "w " + key + value(op.input());
            case "cas", "compare-and-set" -> "cas " + key + cas(op.input());
            case "append", "add", "enqueue", "push" -> type + " " + key + value(op.input());
            case "txn", "transaction" -> "txn " + value(op.input());
            default -> defaultLabel(type, key, op);
        };
        return switch (op.outcome()) {
            case FAIL -> result + " ✗";
            case UNKNOWN -> result + " ?";
            case OK -> result;
        };
    }

    private static String defaultLabel(String type, String key, Op op) {
        String in = op.input() == null || op.input().isNull() || op.input().isMissingNode() ? "" : " " + value(op.input());
        String out = op.output() == null || op.output().isNull() || op.output().isMissingNode() ? "" : " → " + value(op.output());
        return (type + " " + key).strip() + in + out;
    }

    private static String output(Op op) {
        if (op.outcome() != Outcome.OK) return "?";
        return value(op.output());
    }

    private static String cas(JsonNode in) {
        if (in != null && in.isArray() && in.size() == 2) return value(in.get(0)) + "→" + value(in.get(1));
        if (in != null && in.isObject()) {
            JsonNode from = first(in, "from", "old", "expected", "compare");
            JsonNode to = first(in, "to", "new", "value", "swap");
            if (from != null && to != null) return value(from) + "→" + value(to);
        }
        return value(in);
    }

    private static boolean looksLikeMicroOps(JsonNode n) {
        return n != null && n.isArray() && n.size() > 0 && MicroOp.parse(n.get(0)) != null;
    }

    /** {@code [r x 1] [w y 2]}: the completed values where the history has them, else the invoked ones. */
    private static String micro(JsonNode in, JsonNode out) {
        JsonNode ops = looksLikeMicroOps(out) ? out : in;
        StringBuilder b = new StringBuilder();
        for (JsonNode n : ops) {
            MicroOp m = MicroOp.parse(n);
            if (b.length() > 0) b.append(' ');
            if (m == null) {
                b.append(value(n));
                continue;
            }
            b.append('[').append(m.f()).append(' ').append(m.key());
            if (!m.value().isNull() || !m.isRead()) b.append(' ').append(value(m.value()));
            b.append(']');
        }
        return b.toString();
    }

    private static JsonNode first(JsonNode object, String... names) {
        for (String n : names) {
            if (object.has(n)) return object.get(n);
        }
        return null;
    }

    static String value(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return "nil";
        String s = n.isTextual() ? n.textValue() : JsonTrees.text(n);
        return s.length() <= MAX_VALUE_CHARS ? s : s.substring(0, MAX_VALUE_CHARS - 1) + "…";
    }
}
