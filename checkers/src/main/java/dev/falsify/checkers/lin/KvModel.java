package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;

/**
 * A key-value map, checked one key at a time (P-compositionality: each key is an independent
 * object, so the search state is that key's value).
 *
 * <p>get/read: output = value (a missing key reads as nil, and nil and the empty string are the same
 * value, as in Porcupine's kv model); put/write: input = value; append: input appended (string
 * concatenation for strings, element append otherwise); cas: input {@code [expected, new]}, output
 * {@code false} for a failed compare. The key is the op's {@code key} field.
 *
 * <p>String values are kept as {@link KvValue} ropes: an append is O(1) and hashing is incremental,
 * so histories of thousands of appends to one key do not cost O(length) per search state.
 */
final class KvModel implements Model<KvValue, KvModel.Cmd> {
    enum Kind { GET, PUT, APPEND, CAS }

    /** @param value get: the value read (null when unknown); put/append: the value; cas: expected */
    record Cmd(Kind kind, String key, KvValue value, KvValue newValue, Boolean swapped, boolean known) {
        // equals and hashCode written out, as the generated ones compute them: those bootstrap through
        // invokedynamic on first use, which cost a cold `falsify check` more than all its hashing
        @Override
        public boolean equals(Object o) {
            return o instanceof Cmd c && kind == c.kind && known == c.known && java.util.Objects.equals(key, c.key)
                    && java.util.Objects.equals(value, c.value) && java.util.Objects.equals(newValue, c.newValue)
                    && java.util.Objects.equals(swapped, c.swapped);
        }

        @Override
        public int hashCode() {
            int h = java.util.Objects.hashCode(kind);
            h = 31 * h + java.util.Objects.hashCode(key);
            h = 31 * h + java.util.Objects.hashCode(value);
            h = 31 * h + java.util.Objects.hashCode(newValue);
            h = 31 * h + java.util.Objects.hashCode(swapped);
            return 31 * h + Boolean.hashCode(known);
        }
    }

    private final KvValue initial;

    KvModel(JsonNode initial) {
        this.initial = initial == RegisterModel.UNSET ? KvValue.UNSET : KvValue.of(initial);
    }

    @Override
    public String name() {
        return HistoryModel.KV.id();
    }

    @Override
    public List<String> opTypes() {
        return List.of("get", "put", "append", "cas");
    }

    @Override
    public KvValue initialState() {
        return initial;
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        String key = op.key() == null ? "" : op.key();
        String type = op.opType() == null ? "" : op.opType();
        return switch (type) {
            case "get", "read", "r" -> new Cmd(Kind.GET, key, known ? KvValue.of(Values.canonical(op.output())) : null,
                    null, null, known);
            case "put", "write", "w", "set" -> new Cmd(Kind.PUT, key, KvValue.of(Values.canonical(op.input())), null, null, known);
            case "append" -> new Cmd(Kind.APPEND, key, KvValue.of(Values.canonical(op.input())), null, null, known);
            case "cas", "compare-and-set" -> {
                JsonNode[] pair = RegisterModel.casArguments(op);
                yield new Cmd(Kind.CAS, key, KvValue.of(pair[0]), KvValue.of(pair[1]), RegisterModel.swapped(op), known);
            }
            default -> throw new ModelException(op, "op_type '" + type + "' is not an operation of model kv (expected "
                    + String.join(", ", opTypes()) + ")");
        };
    }

    @Override
    public KvValue step(KvValue state, Cmd c) {
        switch (c.kind) {
            case GET:
                if (!c.known) return state;
                if (state == KvValue.UNSET) return c.value;
                return state.equals(c.value) ? state : null;
            case PUT:
                return c.value;
            case APPEND:
                KvValue base = state == KvValue.UNSET ? KvValue.EMPTY : state;
                if (base.isText() && c.value.isText()) return base.append(c.value);
                return KvValue.of(appendElement(base.toJson(), c.value.toJson()));
            default:
                boolean matches = state != KvValue.UNSET && state.equals(c.value);
                if (c.swapped == null) return matches ? c.newValue : state;
                if (c.swapped) return matches || state == KvValue.UNSET ? c.newValue : null;
                return matches ? null : state;
        }
    }

    /** Append of a non-text value: the state as a list, plus the element. */
    static JsonNode appendElement(JsonNode state, JsonNode v) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        if (state.isArray()) list.addAll((ArrayNode) state);
        else if (!state.isNull() && !(state.isTextual() && state.textValue().isEmpty())) list.add(state);
        list.add(v);
        return list;
    }

    @Override
    public List<String> partitionKeys(Cmd c) {
        return List.of(c.key);
    }

    @Override
    public boolean mutates(Cmd c) {
        // a read fixes an initial value that was never recorded
        if (c.kind == Kind.CAS) return !Boolean.FALSE.equals(c.swapped) || initial == KvValue.UNSET; // a failed compare only observes
        return c.kind != Kind.GET || (c.known && initial == KvValue.UNSET);
    }

    @Override
    public boolean overwrites(Cmd c) {
        return c.kind == Kind.PUT;
    }

    @Override
    public boolean onlyExtends(Cmd c) {
        return c.kind == Kind.APPEND && c.value.isText();
    }

    @Override
    public boolean reachableByExtending(KvValue state, Cmd observer) {
        if (observer.kind != Kind.GET || !observer.known || state == KvValue.UNSET) return true;
        return observer.value.mayHavePrefix(state);
    }

    @Override
    public String describe(Cmd c) {
        return switch (c.kind) {
            case GET -> "get " + c.key + (c.known ? " → " + c.value.show() : " (unknown)");
            case PUT -> "put " + c.key + " " + c.value.show();
            case APPEND -> "append " + c.key + " " + c.value.show();
            case CAS -> "cas " + c.key + " " + c.value.show() + "→" + c.newValue.show()
                    + (c.swapped == null ? " (unknown)" : c.swapped ? "" : " (false)");
        };
    }

    @Override
    public String describeState(KvValue s) {
        return s == KvValue.UNSET ? "unset" : s.show();
    }
}
