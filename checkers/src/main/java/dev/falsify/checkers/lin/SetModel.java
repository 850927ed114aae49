package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A set: add (input = element), remove (input = element), read (output = all elements, in any
 * order), contains (input = element, output = boolean).
 */
final class SetModel implements Model<SetModel.State, SetModel.Cmd> {
    record State(Set<JsonNode> elements) {
        State {
            elements = Set.copyOf(elements);
        }
    }

    enum Kind { ADD, REMOVE, READ, CONTAINS }

    /** @param observed read: the elements read; contains: a boolean node */
    record Cmd(Kind kind, JsonNode value, Set<JsonNode> observed, boolean known) {
    }

    @Override
    public String name() {
        return HistoryModel.SET.id();
    }

    @Override
    public List<String> opTypes() {
        return List.of("add", "remove", "read", "contains");
    }

    @Override
    public State initialState() {
        return new State(Set.of());
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        String type = op.opType() == null ? "" : op.opType();
        switch (type) {
            case "add", "insert" -> {
                return new Cmd(Kind.ADD, Values.canonical(op.input()), null, known);
            }
            case "remove", "delete" -> {
                return new Cmd(Kind.REMOVE, Values.canonical(op.input()), null, known);
            }
            case "read", "r" -> {
                if (!known) return new Cmd(Kind.READ, null, null, false);
                JsonNode out = op.output();
                if (out == null || !out.isArray()) {
                    throw new ModelException(op, "a set read needs the elements read as an array, found " + out);
                }
                Set<JsonNode> seen = new HashSet<>();
                for (JsonNode e : out) seen.add(Values.canonical(e));
                return new Cmd(Kind.READ, null, Set.copyOf(seen), true);
            }
            case "contains" -> {
                JsonNode out = op.output();
                if (known && (out == null || !out.isBoolean())) {
                    throw new ModelException(op, "a set contains needs a boolean output, found " + out);
                }
                return new Cmd(Kind.CONTAINS, Values.canonical(op.input()), known ? Set.of(out) : null, known);
            }
            default -> throw new ModelException(op, "op_type '" + type + "' is not an operation of model set (expected "
                    + String.join(", ", opTypes()) + ")");
        }
    }

    @Override
    public State step(State s, Cmd c) {
        switch (c.kind) {
            case ADD -> {
                if (s.elements().contains(c.value)) return s;
                Set<JsonNode> next = new HashSet<>(s.elements());
                next.add(c.value);
                return new State(next);
            }
            case REMOVE -> {
                if (!s.elements().contains(c.value)) return s;
                Set<JsonNode> next = new HashSet<>(s.elements());
                next.remove(c.value);
                return new State(next);
            }
            case READ -> {
                return !c.known || s.elements().equals(c.observed) ? s : null;
            }
            default -> {
                if (!c.known) return s;
                boolean expected = c.observed.iterator().next().booleanValue();
                return s.elements().contains(c.value) == expected ? s : null;
            }
        }
    }

    @Override
    public boolean mutates(Cmd c) {
        return c.kind == Kind.ADD || c.kind == Kind.REMOVE;
    }

    @Override
    public String describe(Cmd c) {
        return switch (c.kind) {
            case ADD -> "add " + Values.show(c.value);
            case REMOVE -> "remove " + Values.show(c.value);
            case READ -> "read" + (c.known ? " → " + show(c.observed) : " (unknown)");
            case CONTAINS -> "contains " + Values.show(c.value)
                    + (c.known ? " → " + c.observed.iterator().next().booleanValue() : " (unknown)");
        };
    }

    @Override
    public String describeState(State s) {
        return show(s.elements());
    }

    private static String show(Set<JsonNode> elements) {
        List<JsonNode> sorted = new ArrayList<>(elements);
        sorted.sort(Comparator.comparing(JsonNode::toString));
        String inner = QueueModel.show(sorted);
        return "#{" + inner.substring(1, inner.length() - 1) + "}";
    }
}
