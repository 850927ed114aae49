package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.List;

/**
 * A key-value map, checked one key at a time (P-compositionality: each key is an independent
 * object, so the search state is that key's value).
 *
 * <p>get/read: output = value (a missing key reads as nil, and nil and the empty string are the same
 * value, as in Porcupine's kv model); put/write: input = value; append: input appended (string
 * concatenation for strings, element append otherwise); cas: input {@code [expected, new]}, output
 * {@code false} for a failed compare. The key is the op's {@code key} field.
 */
final class KvModel implements Model<JsonNode, KvModel.Cmd> {
    enum Kind { GET, PUT, APPEND, CAS }

    record Cmd(Kind kind, String key, JsonNode value, JsonNode newValue, Boolean swapped, boolean known) {
    }

    private final JsonNode initial;

    KvModel(JsonNode initial) {
        this.initial = initial;
    }

    @Override
    public String name() {
        return "kv";
    }

    @Override
    public List<String> opTypes() {
        return List.of("get", "put", "append", "cas");
    }

    @Override
    public JsonNode initialState() {
        return initial;
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        String key = op.key() == null ? "" : op.key();
        String type = op.opType() == null ? "" : op.opType();
        return switch (type) {
            case "get", "read", "r" -> new Cmd(Kind.GET, key, known ? Values.canonical(op.output()) : null, null, null, known);
            case "put", "write", "w", "set" -> new Cmd(Kind.PUT, key, Values.canonical(op.input()), null, null, known);
            case "append" -> new Cmd(Kind.APPEND, key, Values.canonical(op.input()), null, null, known);
            case "cas", "compare-and-set" -> {
                JsonNode[] pair = RegisterModel.casArguments(op);
                Boolean swapped = known ? !(op.output() != null && op.output().isBoolean() && !op.output().booleanValue()) : null;
                yield new Cmd(Kind.CAS, key, pair[0], pair[1], swapped, known);
            }
            default -> throw new ModelException(op, "op_type '" + type + "' is not an operation of model kv (expected "
                    + String.join(", ", opTypes()) + ")");
        };
    }

    @Override
    public JsonNode step(JsonNode state, Cmd c) {
        switch (c.kind) {
            case GET:
                if (!c.known) return state;
                if (state == RegisterModel.UNSET) return c.value;
                return same(state, c.value) ? state : null;
            case PUT:
                return c.value;
            case APPEND:
                return append(state == RegisterModel.UNSET ? NullNode.getInstance() : state, c.value);
            default:
                boolean matches = state != RegisterModel.UNSET && same(state, c.value);
                if (c.swapped == null) return matches ? c.newValue : state;
                if (c.swapped) return matches || state == RegisterModel.UNSET ? c.newValue : null;
                return matches ? null : state;
        }
    }

    private static boolean same(JsonNode a, JsonNode b) {
        return a.equals(b) || (empty(a) && empty(b));
    }

    private static boolean empty(JsonNode n) {
        return n.isNull() || (n.isTextual() && n.textValue().isEmpty());
    }

    static JsonNode append(JsonNode state, JsonNode v) {
        if (v.isTextual() && (state.isNull() || state.isTextual())) {
            return JsonNodeFactory.instance.textNode((state.isNull() ? "" : state.textValue()) + v.textValue());
        }
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        if (state.isArray()) list.addAll((ArrayNode) state);
        else if (!state.isNull()) list.add(state);
        list.add(v);
        return list;
    }

    @Override
    public List<String> partitionKeys(Cmd c) {
        return List.of(c.key);
    }

    @Override
    public boolean mutates(Cmd c) {
        return c.kind != Kind.GET;
    }

    @Override
    public String describe(Cmd c) {
        return switch (c.kind) {
            case GET -> "get " + c.key + (c.known ? " → " + show(c.value) : " (unknown)");
            case PUT -> "put " + c.key + " " + show(c.value);
            case APPEND -> "append " + c.key + " " + show(c.value);
            case CAS -> "cas " + c.key + " " + show(c.value) + "→" + show(c.newValue)
                    + (c.swapped == null ? " (unknown)" : c.swapped ? "" : " (false)");
        };
    }

    private static String show(JsonNode v) {
        return v.isTextual() ? "\"" + v.textValue() + "\"" : Values.show(v);
    }

    @Override
    public String describeState(JsonNode s) {
        return s == RegisterModel.UNSET ? "unset" : show(s);
    }
}
