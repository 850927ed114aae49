package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;

/**
 * A read/write register ({@code register}) or one that also supports compare-and-set
 * ({@code cas-register}). Ops carrying a {@code key} are independent registers, one per key.
 *
 * <p>read: output = the value read (null = the initial nil). write: input = the value.
 * cas: input {@code [expected, new]} (or {@code {"expected":…,"new":…}}); output {@code false} means
 * the compare failed (an observation: the value differed), anything else that it swapped; an
 * unknown-outcome cas swaps if the compare holds and does nothing otherwise.
 *
 * <p>The initial value is nil unless configured; {@link #UNSET} models an initial value that was
 * never recorded: the first read fixes it.
 */
final class RegisterModel implements Model<JsonNode, RegisterModel.Cmd> {
    /** State of a register whose initial value is unknown. */
    static final JsonNode UNSET = MissingNode.getInstance();

    enum Kind { READ, WRITE, CAS }

    /**
     * @param value    read: the value read (null when unknown); write: the value; cas: expected
     * @param newValue cas: the new value
     * @param swapped  cas: TRUE/FALSE when observed, null when unknown
     */
    record Cmd(Kind kind, String key, JsonNode value, JsonNode newValue, Boolean swapped, boolean known) {
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

    private final boolean cas;
    private final JsonNode initial;

    RegisterModel(boolean cas, JsonNode initial) {
        this.cas = cas;
        this.initial = initial;
    }

    @Override
    public String name() {
        return cas ? HistoryModel.CAS_REGISTER.id() : HistoryModel.REGISTER.id();
    }

    @Override
    public List<String> opTypes() {
        return cas ? List.of("read", "write", "cas") : List.of("read", "write");
    }

    @Override
    public JsonNode initialState() {
        return initial;
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        String type = op.opType() == null ? "" : op.opType();
        switch (type) {
            case "read", "r", "get":
                return new Cmd(Kind.READ, op.key(), known ? Values.canonical(op.output()) : null, null, null, known);
            case "write", "w", "put", "set":
                return new Cmd(Kind.WRITE, op.key(), Values.canonical(op.input()), null, null, known);
            case "cas", "compare-and-set", "compare_and_set":
                if (cas) {
                    JsonNode[] pair = casArguments(op);
                    return new Cmd(Kind.CAS, op.key(), pair[0], pair[1], swapped(op), known);
                }
                // fall through: cas on a plain register is not an operation of the model
            default:
                throw new ModelException(op, "op_type '" + type + "' is not an operation of model " + name()
                        + " (expected " + String.join(", ", opTypes()) + ")");
        }
    }

    /** A cas outcome: FALSE when the output says the compare failed, TRUE otherwise, null when unknown. */
    static Boolean swapped(Op op) {
        if (op.outcome() != Outcome.OK) return null;
        JsonNode out = op.output();
        return !(out != null && out.isBoolean() && !out.booleanValue());
    }

    static JsonNode[] casArguments(Op op) {
        JsonNode in = op.input();
        if (in != null && in.isArray() && in.size() == 2) {
            return new JsonNode[]{Values.canonical(in.get(0)), Values.canonical(in.get(1))};
        }
        if (in != null && in.isObject()) {
            JsonNode e = first(in, "expected", "old", "from");
            JsonNode n = first(in, "new", "to", "value");
            if (e != null && n != null) return new JsonNode[]{Values.canonical(e), Values.canonical(n)};
        }
        throw new ModelException(op, "cas input must be [expected, new] or {\"expected\":…,\"new\":…}, found "
                + (in == null ? "nothing" : in.toString()));
    }

    private static JsonNode first(JsonNode obj, String... names) {
        for (String n : names) {
            if (obj.has(n)) return obj.get(n);
        }
        return null;
    }

    @Override
    public JsonNode step(JsonNode state, Cmd c) {
        switch (c.kind) {
            case READ:
                if (!c.known) return state;
                if (state == UNSET) return c.value;
                return state.equals(c.value) ? state : null;
            case WRITE:
                return c.value;
            default:
                if (state == UNSET) {
                    // the initial value was never recorded: a swap fixes it to `expected`
                    return c.swapped == null || c.swapped ? c.newValue : state;
                }
                boolean matches = state.equals(c.value);
                if (c.swapped == null) return matches ? c.newValue : state;
                if (c.swapped) return matches ? c.newValue : null;
                return matches ? null : state;
        }
    }

    @Override
    public List<String> partitionKeys(Cmd c) {
        return c.key == null ? List.of() : List.of(c.key);
    }

    @Override
    public boolean mutates(Cmd c) {
        // a read fixes an initial value that was never recorded
        if (c.kind == Kind.CAS) return !Boolean.FALSE.equals(c.swapped) || initial == UNSET; // a failed compare only observes
        return c.kind != Kind.READ || (c.known && initial == UNSET);
    }

    @Override
    public boolean overwrites(Cmd c) {
        return c.kind == Kind.WRITE;
    }

    @Override
    public String describe(Cmd c) {
        String k = c.key == null ? "" : " " + c.key;
        return switch (c.kind) {
            case READ -> "read" + k + (c.known ? " → " + Values.show(c.value) : " (unknown)");
            case WRITE -> "write" + k + " " + Values.show(c.value);
            case CAS -> "cas" + k + " " + Values.show(c.value) + "→" + Values.show(c.newValue)
                    + (c.swapped == null ? " (unknown)" : c.swapped ? "" : " (false)");
        };
    }

    @Override
    public String describeState(JsonNode s) {
        return s == UNSET ? "unset" : Values.show(s);
    }
}
