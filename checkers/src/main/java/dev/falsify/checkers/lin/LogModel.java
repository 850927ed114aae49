package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * An append-only log: append (input = entry; output, when an integer, = the offset it got, 0-based),
 * read (input = start offset or null for 0; output = the entries from that offset to the end).
 */
final class LogModel implements Model<LogModel.State, LogModel.Cmd> {
    record State(List<JsonNode> entries) {
        State {
            entries = List.copyOf(entries);
        }
    }

    /** @param offset append: the offset observed (or -1); read: the start offset */
    record Cmd(boolean append, JsonNode value, long offset, List<JsonNode> observed, boolean known) {
    }

    @Override
    public String name() {
        return HistoryModel.LOG.id();
    }

    @Override
    public List<String> opTypes() {
        return List.of("append", "read");
    }

    @Override
    public State initialState() {
        return new State(List.of());
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        String type = op.opType() == null ? "" : op.opType();
        switch (type) {
            case "append", "write", "produce", "send" -> {
                JsonNode out = op.output();
                long offset = known && out != null && out.isIntegralNumber() ? out.longValue() : -1;
                return new Cmd(true, Values.canonical(op.input()), offset, null, known);
            }
            case "read", "r", "poll", "consume" -> {
                JsonNode in = op.input();
                long from = in != null && in.isIntegralNumber() ? in.longValue() : 0;
                if (!known) return new Cmd(false, null, from, null, false);
                JsonNode out = op.output();
                if (out == null || !out.isArray()) {
                    throw new ModelException(op, "a log read needs the entries read as an array, found " + out);
                }
                List<JsonNode> seen = new ArrayList<>();
                for (JsonNode e : out) seen.add(Values.canonical(e));
                return new Cmd(false, null, from, List.copyOf(seen), true);
            }
            default -> throw new ModelException(op, "op_type '" + type + "' is not an operation of model log (expected append, read)");
        }
    }

    @Override
    public State step(State s, Cmd c) {
        List<JsonNode> entries = s.entries();
        if (c.append) {
            if (c.offset >= 0 && c.offset != entries.size()) return null;
            List<JsonNode> next = new ArrayList<>(entries.size() + 1);
            next.addAll(entries);
            next.add(c.value);
            return new State(next);
        }
        if (!c.known) return s;
        int from = (int) Math.min(c.offset, entries.size());
        return entries.subList(from, entries.size()).equals(c.observed) ? s : null;
    }

    @Override
    public boolean mutates(Cmd c) {
        return c.append;
    }

    @Override
    public String describe(Cmd c) {
        if (c.append) return "append " + Values.show(c.value) + (c.offset >= 0 ? " @" + c.offset : "");
        String from = c.offset > 0 ? " from " + c.offset : "";
        return "read" + from + (c.known ? " → " + QueueModel.show(c.observed) : " (unknown)");
    }

    @Override
    public String describeState(State s) {
        return QueueModel.show(s.entries());
    }
}
