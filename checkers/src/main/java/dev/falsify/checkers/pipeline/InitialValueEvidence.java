package dev.falsify.checkers.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.lin.Models;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a register history says about its registers' initial value, gathered op by op while the
 * history streams into the checker (one small record per key, plus the early reads).
 *
 * <p>A read can observe the initial value only if it was invoked before any write completed: the
 * write linearized first takes effect no later than the earliest write completion. So the reads
 * invoked before that moment (and the compares of cas ops invoked then) are the only ones that can
 * say what the initial value was. A value that an op invoked before the read completed wrote — or
 * tried to write and failed — is explained by that op (reading it too early, or from a failed write,
 * is exactly what a checker must report), so it says nothing about the initial value; a write
 * invoked only after the read completed explains nothing (issue 30: a read of 0 early in a history
 * is not explained by a failed write of 0 much later). When no early read returned a non-nil value
 * that nothing explains, nil is as good a guess as any (the pipeline still checks a violation again
 * from an unknown initial value). When they all returned one such value, it must have been the
 * initial one (there is nobody else it could have come from).
 */
final class InitialValueEvidence {
    /** Early reads kept; a history with more is decided from these (they are the earliest). */
    static final int MAX_EARLY_READS = 10_000;

    /** A read (or a compare) of a non-nil value, invoked at {@code invokeTs}, completed at {@code completeTs}. */
    private record Read(String key, String value, long invokeTs, long completeTs, int line) {
    }

    private static final String NIL = "null";

    /** key → value → the earliest invocation of an op that wrote (or tried to write) it. */
    private final Map<String, Map<String, Long>> written = new HashMap<>();
    private final Map<String, Long> firstWriteCompleted = new HashMap<>();
    private final List<Read> reads = new ArrayList<>();

    /** What the evidence says. */
    sealed interface Conclusion permits Irrelevant, Inferred, Undecided {
    }

    /** No early read returned a value nothing explains: nil is assumed (a violation is still checked again from an unknown value). */
    record Irrelevant() implements Conclusion {
    }

    /** The initial value must be {@code json}: the read on {@code line} returned it before any write, and nothing wrote it. */
    record Inferred(String json, int line) implements Conclusion {
    }

    /** Early reads returned different values no op wrote (registers of several keys, say): no one initial value. */
    record Undecided(int line) implements Conclusion {
    }

    void accept(Op op) {
        String type = op.opType() == null ? "" : op.opType().toLowerCase(Locale.ROOT);
        String key = op.key() == null ? "" : op.key();
        boolean ok = op.outcome() == Outcome.OK;
        // a failed op did not happen: it read nothing, but the value it tried to write is the history's
        // own explanation of a read that returned it (an aborted read), not an initial value
        if (op.outcome() == Outcome.FAIL) {
            if (type.equals("write") || type.equals("w") || type.equals("put") || type.equals("set")) {
                attempted(key, op.input(), op.invokeTs());
            } else if (type.startsWith("cas") || type.startsWith("compare")) {
                JsonNode in = op.input();
                JsonNode next = in != null && in.isArray() && in.size() == 2 ? in.get(1)
                        : in != null && in.isObject() ? first(in, "new", "to", "value") : null;
                if (next != null) attempted(key, next, op.invokeTs());
            }
            return;
        }
        switch (type) {
            case "read", "r", "get" -> {
                if (ok) read(key, op.output(), op);
            }
            case "write", "w", "put", "set" -> write(key, op.input(), op, ok);
            case "cas", "compare-and-set", "compare_and_set" -> {
                JsonNode in = op.input();
                JsonNode expected = in != null && in.isArray() && in.size() == 2 ? in.get(0)
                        : in != null && in.isObject() ? first(in, "expected", "old", "from") : null;
                JsonNode next = in != null && in.isArray() && in.size() == 2 ? in.get(1)
                        : in != null && in.isObject() ? first(in, "new", "to", "value") : null;
                boolean swapped = ok && !(op.output() != null && op.output().isBoolean() && !op.output().booleanValue());
                if (swapped && expected != null) read(key, expected, op);
                if (next != null) write(key, next, op, swapped);
            }
            default -> { }
        }
    }

    private void read(String key, JsonNode value, Op op) {
        String v = Models.valueText(value);
        if (v.equals(NIL)) return;
        Long first = firstWriteCompleted.get(key);
        if ((first == null || op.invokeTs() < first) && reads.size() < MAX_EARLY_READS) {
            reads.add(new Read(key, v, op.invokeTs(), op.completeOrInfinity(), op.sourceLine()));
        }
    }

    private void attempted(String key, JsonNode value, long invokeTs) {
        // no lambdas here: their bootstraps cost a cold check more than these lines run
        Map<String, Long> values = written.get(key);
        if (values == null) {
            values = new HashMap<>();
            written.put(key, values);
        }
        String v = Models.valueText(value);
        Long earliest = values.get(v);
        if (earliest == null || invokeTs < earliest) values.put(v, invokeTs);
    }

    private void write(String key, JsonNode value, Op op, boolean tookEffect) {
        attempted(key, value, op.invokeTs());
        if (tookEffect && op.completeTs() != null) {
            Long earliest = firstWriteCompleted.get(key);
            if (earliest == null || op.completeTs() < earliest) firstWriteCompleted.put(key, op.completeTs());
        }
    }

    private static JsonNode first(JsonNode obj, String... names) {
        for (String n : names) if (obj.has(n)) return obj.get(n);
        return null;
    }

    Conclusion conclusion() {
        String value = null;
        int line = 0;
        boolean single = true;
        boolean any = false;
        for (Read r : reads) {
            Long first = firstWriteCompleted.get(r.key());
            if (first != null && r.invokeTs() >= first) continue; // a write had completed by then
            Long writer = written.getOrDefault(r.key(), Map.of()).get(r.value());
            if (writer != null && writer <= r.completeTs()) continue; // an op invoked before it completed explains it
            if (!any) line = Math.max(1, r.line());
            any = true;
            if (value != null && !value.equals(r.value())) single = false;
            value = r.value();
        }
        if (!any) return new Irrelevant();
        return single ? new Inferred(value, line) : new Undecided(line);
    }
}
