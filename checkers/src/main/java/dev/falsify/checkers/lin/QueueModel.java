package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * A FIFO queue: enqueue (input = value), dequeue (output = the value removed, nil when the queue
 * was observed empty). An unknown-outcome dequeue removes the head if there is one.
 */
final class QueueModel implements Model<QueueModel.State, QueueModel.Cmd> {
    /** Queue contents, head first. */
    record State(List<JsonNode> items) {
        State {
            items = List.copyOf(items);
        }
    }

    record Cmd(boolean enqueue, JsonNode value, boolean known) {
    }

    @Override
    public String name() {
        return HistoryModel.QUEUE.id();
    }

    @Override
    public List<String> opTypes() {
        return List.of("enqueue", "dequeue");
    }

    @Override
    public State initialState() {
        return new State(List.of());
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        String type = op.opType() == null ? "" : op.opType();
        return switch (type) {
            case "enqueue", "offer", "push", "put" -> new Cmd(true, Values.canonical(op.input()), known);
            case "dequeue", "poll", "pop", "take" -> new Cmd(false, known ? Values.canonical(op.output()) : null, known);
            default -> throw new ModelException(op, "op_type '" + type + "' is not an operation of model queue (expected enqueue, dequeue)");
        };
    }

    @Override
    public State step(State s, Cmd c) {
        List<JsonNode> items = s.items();
        if (c.enqueue) {
            List<JsonNode> next = new ArrayList<>(items.size() + 1);
            next.addAll(items);
            next.add(c.value);
            return new State(next);
        }
        if (items.isEmpty()) {
            return !c.known || c.value.isNull() ? s : null;
        }
        if (c.known && !items.get(0).equals(c.value)) return null;
        return new State(items.subList(1, items.size()));
    }

    @Override
    public String describe(Cmd c) {
        if (c.enqueue) return "enqueue " + Values.show(c.value);
        return "dequeue" + (c.known ? " → " + Values.show(c.value) : " (unknown)");
    }

    @Override
    public String describeState(State s) {
        return show(s.items());
    }

    static String show(List<JsonNode> items) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) sb.append(' ');
            sb.append(Values.show(items.get(i)));
        }
        return sb.append(']').toString();
    }
}
