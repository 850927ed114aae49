package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;

/**
 * A counter starting at 0: inc (input = delta, default 1; output, when recorded, = the value after
 * the increment: the canonical schema's counter), add (input = delta, default 1: Jepsen's counter
 * workload, whose completion carries the amount added again, never the counter's new value, so an
 * add's output is not an observation), dec (input = delta, default 1), read (output = value).
 */
final class CounterModel implements Model<Long, CounterModel.Cmd> {
    /** @param delta 0 for reads; @param observed output when known and numeric, else null */
    record Cmd(boolean read, long delta, Long observed) {
    }

    @Override
    public String name() {
        return HistoryModel.COUNTER.id();
    }

    @Override
    public List<String> opTypes() {
        return List.of("inc", "add", "dec", "read");
    }

    @Override
    public Long initialState() {
        return 0L;
    }

    @Override
    public Cmd command(Op op) {
        boolean known = op.outcome() == Outcome.OK;
        String type = op.opType() == null ? "" : op.opType();
        Long observed = known ? number(op, op.output()) : null;
        return switch (type) {
            case "read", "r", "get" -> {
                if (known && observed == null) {
                    throw new ModelException(op, "a counter read needs a numeric output, found " + op.output());
                }
                yield new Cmd(true, 0, observed);
            }
            case "inc", "increment" -> new Cmd(false, delta(op), observed);
            case "add" -> new Cmd(false, delta(op), null);
            case "dec", "decrement" -> new Cmd(false, -delta(op), observed);
            default -> throw new ModelException(op, "op_type '" + type + "' is not an operation of model counter (expected "
                    + String.join(", ", opTypes()) + ")");
        };
    }

    private static long delta(Op op) {
        Long d = number(op, op.input());
        return d == null ? 1 : d;
    }

    private static Long number(Op op, JsonNode n) {
        if (n == null || n.isNull()) return null;
        if (n.isIntegralNumber() && n.canConvertToLong()) return n.longValue();
        if (n.isNumber()) return Values.canonical(n).isIntegralNumber() ? n.longValue() : fail(op, n);
        return fail(op, n);
    }

    private static Long fail(Op op, JsonNode n) {
        throw new ModelException(op, "a counter takes integer deltas and values, found " + n);
    }

    @Override
    public Long step(Long value, Cmd c) {
        long next = value + c.delta;
        if (c.observed != null && c.observed != next) return null;
        return next;
    }

    @Override
    public boolean mutates(Cmd c) {
        return !c.read;
    }

    @Override
    public String describe(Cmd c) {
        if (c.read) return "read" + (c.observed == null ? " (unknown)" : " → " + c.observed);
        String op = c.delta >= 0 ? "inc " + c.delta : "dec " + (-c.delta);
        return op + (c.observed == null ? "" : " → " + c.observed);
    }

    @Override
    public String describeState(Long value) {
        return Long.toString(value);
    }
}
