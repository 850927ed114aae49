package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Several registers read and written together by transactions (Knossos' multi-register): op_type
 * {@code txn} (any type is accepted), input = micro-ops {@code [f, key, value]} with f ∈ read/r,
 * write/w; the output carries the values read, micro-op by micro-op.
 *
 * <p>Initial values: from the {@code initial} option (a JSON object key → value); registers not
 * named there start with an unrecorded value that the first read fixes (Knossos histories start
 * from registers initialised outside the history).
 */
final class MultiRegisterModel implements Model<MultiRegisterModel.State, MultiRegisterModel.Cmd> {
    /** Register values; a register absent from the map still has its initial value. */
    record State(Map<String, JsonNode> values) {
        State {
            values = java.util.Collections.unmodifiableMap(new TreeMap<>(values));
        }
    }

    /** @param value write: value; read: value read, or null when unknown */
    record Micro(boolean write, String key, JsonNode value) {
    }

    record Cmd(List<Micro> micros, boolean known) {
    }

    private final Map<String, JsonNode> initial;

    MultiRegisterModel(Map<String, JsonNode> initial) {
        this.initial = Map.copyOf(initial);
    }

    @Override
    public String name() {
        return HistoryModel.MULTI_REGISTER.id();
    }

    @Override
    public List<String> opTypes() {
        return List.of("txn");
    }

    @Override
    public State initialState() {
        return new State(Map.of());
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        JsonNode in = op.input();
        JsonNode out = known ? op.output() : null;
        if (in == null || !in.isArray()) {
            throw new ModelException(op, "a multi-register txn needs a list of [f key value] micro-ops as input, found " + in);
        }
        List<Micro> micros = new ArrayList<>(in.size());
        for (int i = 0; i < in.size(); i++) {
            JsonNode m = in.get(i);
            if (!m.isArray() || m.size() < 2 || !m.get(0).isTextual()) {
                throw new ModelException(op, "micro-op " + (i + 1) + " must be [f key value], found " + m);
            }
            String f = m.get(0).textValue();
            String key = Values.keyText(m.get(1));
            switch (f) {
                case "write", "w" -> micros.add(new Micro(true, key, Values.canonical(m.get(2))));
                case "read", "r" -> {
                    JsonNode read = null;
                    if (out != null && out.isArray() && out.size() > i && out.get(i).isArray() && out.get(i).size() > 2) {
                        read = Values.canonical(out.get(i).get(2));
                    } else if (known) {
                        throw new ModelException(op, "the output must repeat the micro-ops with the values read; micro-op "
                                + (i + 1) + " has none in " + out);
                    }
                    micros.add(new Micro(false, key, read));
                }
                default -> throw new ModelException(op, "micro-op '" + f + "' is not an operation of model multi-register (expected read, write)");
            }
        }
        return new Cmd(List.copyOf(micros), known);
    }

    @Override
    public State step(State s, Cmd c) {
        Map<String, JsonNode> values = null; // copied on first change
        Map<String, JsonNode> current = s.values();
        for (Micro m : c.micros) {
            Map<String, JsonNode> view = values != null ? values : current;
            if (m.write) {
                if (values == null) values = new TreeMap<>(current);
                values.put(m.key, m.value);
            } else if (m.value != null) {
                JsonNode v = view.containsKey(m.key) ? view.get(m.key) : initial.getOrDefault(m.key, RegisterModel.UNSET);
                if (v == RegisterModel.UNSET) {
                    if (values == null) values = new TreeMap<>(current);
                    values.put(m.key, m.value);
                } else if (!v.equals(m.value)) {
                    return null;
                }
            }
        }
        return values == null ? s : new State(values);
    }

    @Override
    public List<String> partitionKeys(Cmd c) {
        LinkedHashSet<String> keys = new LinkedHashSet<>();
        for (Micro m : c.micros) keys.add(m.key);
        return List.copyOf(keys);
    }

    @Override
    public boolean mutates(Cmd c) {
        for (Micro m : c.micros) {
            if (m.write) return true;
            // a read of a register whose initial value was not given fixes that value
            if (m.value != null && !initial.containsKey(m.key)) return true;
        }
        return false;
    }

    @Override
    public String describe(Cmd c) {
        StringBuilder sb = new StringBuilder("txn [");
        for (int i = 0; i < c.micros.size(); i++) {
            Micro m = c.micros.get(i);
            if (i > 0) sb.append(", ");
            sb.append(m.write ? "w " : "r ").append(m.key).append(' ').append(m.value == null ? "?" : Values.show(m.value));
        }
        return sb.append(']').append(c.known ? "" : " (unknown)").toString();
    }

    @Override
    public String describeState(State s) {
        StringBuilder sb = new StringBuilder("{");
        for (Map.Entry<String, JsonNode> e : s.values().entrySet()) {
            if (sb.length() > 1) sb.append(", ");
            sb.append(e.getKey()).append('=').append(Values.show(e.getValue()));
        }
        if (!initial.isEmpty()) {
            for (Map.Entry<String, JsonNode> e : new TreeMap<>(initial).entrySet()) {
                if (s.values().containsKey(e.getKey())) continue;
                if (sb.length() > 1) sb.append(", ");
                sb.append(e.getKey()).append('=').append(Values.show(e.getValue()));
            }
        }
        return sb.append('}').toString();
    }
}
