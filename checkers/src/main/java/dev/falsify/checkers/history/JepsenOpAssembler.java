package dev.falsify.checkers.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Pairs Jepsen-style events (invoke, then ok / fail / info from the same process) into canonical
 * {@link Op}s. Holds only the ops that are open, one per process.
 *
 * <p>Semantics (histories-and-checkers.md): {@code :ok} completes the op and its value is the
 * output; {@code :fail} completes it with an error (it definitely did not take effect);
 * {@code :info} leaves it unknown, open until the end ({@code complete_ts} null,
 * {@code timeout_marker} true). Ops still open at the end of the history are unknown too.
 * Timestamps are event positions in the history (0, 1, 2, …): Jepsen's history order is its
 * real-time order, while {@code :time} readings from several client threads are not ordered.
 */
final class JepsenOpAssembler {
    /** What the completion event says happened. */
    enum Completion { OK, FAIL, INFO }

    private record Pending(String opId, String process, long invokeTs, String f, String key, JsonNode input,
                           String node, int line) {
    }

    /**
     * Kind of the note on a history with completions that no invoke opened (completions-only
     * histories): checkers that need invocation times cannot trust such ops' intervals.
     */
    static final String NO_INVOCATION = dev.falsify.checkers.api.ReadNote.NO_INVOCATION;

    private final String source;
    private final ReadNotes notes;
    /** Open ops by process; the anonymous process (no :process given) is the null key. */
    private final Map<String, Pending> open = new LinkedHashMap<>();
    private final ArrayDeque<Op> ready = new ArrayDeque<>();
    /** Op ids given by the history (not positions), to reject a repeated one. */
    private final SeenIds givenIds = new SeenIds();
    private long position;

    /** @param notes where to report ops never completed (null: not reported) */
    JepsenOpAssembler(String source, ReadNotes notes) {
        this.source = source;
        this.notes = notes;
    }

    /**
     * One event of a Jepsen history, as its EDN map (or its history.txt line) gives it: an op of the
     * {@code :nemesis} process is a fault and skipped; {@code type} is {@code invoke}, {@code ok},
     * {@code fail} or {@code info}.
     *
     * @param index the event's own {@code :index}, or null
     */
    void event(String process, String type, String f, String key, String node, JsonNode value, String index, String error,
               int line, int col) {
        if ("nemesis".equals(process)) {
            skipEvent();
            return;
        }
        switch (type) {
            case "invoke" -> invoke(process, index, f, key, value, node, line, col);
            case "ok" -> complete(process, index, key, Completion.OK, f, value, null, node, line, col);
            case "fail" -> complete(process, index, key, Completion.FAIL, f, value, error, node, line, col);
            case "info" -> complete(process, index, key, Completion.INFO, f, value, error, node, line, col);
            default -> throw new HistoryFormatException(source, line, col, ":type :invoke, :ok, :fail or :info", ":" + type);
        }
    }

    /** Position the next event gets (events are numbered from 0 in history order). */
    long nextPosition() {
        return position;
    }

    void invoke(String process, String opId, String f, String key, JsonNode input, String node, int line, int col) {
        long ts = position++;
        if (opId != null && !givenIds.add(opId)) {
            throw new HistoryFormatException(source, line, col,
                    "a unique op id (:index / op_id; the same id on two invokes is a recorder bug)", "id " + opId + " again");
        }
        if (open.containsKey(process)) {
            Pending p = open.get(process);
            throw new HistoryFormatException(source, line, col,
                    "a completion (:ok, :fail or :info) for process " + name(process) + "'s open :invoke on line " + p.line
                            + " before it invokes again", ":invoke");
        }
        open.put(process, new Pending(opId != null ? opId : Long.toString(ts), process, ts, f, key,
                input == null ? NullNode.getInstance() : input, node, line));
    }

    /**
     * The process whose open op has this op id, for completions that name the op instead of (or as
     * well as) the process; {@code fallback} when no open op has it.
     */
    String processOfOpenOp(String opId, String fallback) {
        if (opId == null) return fallback;
        for (Pending p : open.values()) {
            if (opId.equals(p.opId)) return p.process;
        }
        return fallback;
    }

    void complete(String process, Completion kind, String f, JsonNode value, String error, String node, int line, int col) {
        complete(process, null, null, kind, f, value, error, node, line, col);
    }

    /**
     * A completion; {@code opId} (the completion's own :index / op_id, or null) and {@code key} name the
     * op only when no invoke opened it (a completions-only history).
     */
    void complete(String process, String opId, String key, Completion kind, String f, JsonNode value, String error, String node,
                  int line, int col) {
        long ts = position++;
        Pending p = open.remove(process);
        if (p == null) {
            // Elle's README and tests, and tools that copy them, write only completions: the op is
            // the completion alone, its invocation time unknown (it is given the completion's
            // position, so checkers that need real invocation times must be told: the note)
            if (notes != null) {
                notes.add(line, NO_INVOCATION, "completions without an :invoke before them were read as ops of their own;"
                        + " when they were invoked is not recorded", false);
            }
            if (opId != null && !givenIds.add(opId)) {
                throw new HistoryFormatException(source, line, col,
                        "a unique op id (:index / op_id; the same id on two ops is a recorder bug)", "id " + opId + " again");
            }
            // the invoke would have carried the same value (a txn's micro-ops, a write's value)
            p = new Pending(opId != null ? opId : Long.toString(ts), process, ts, f, key,
                    value == null ? NullNode.getInstance() : value, node, line);
        }
        if (f != null && p.f != null && !f.equals(p.f)) {
            throw new HistoryFormatException(source, line, col,
                    "completion :f " + p.f + " matching the :invoke on line " + p.line, ":f " + f);
        }
        JsonNode out = value == null ? NullNode.getInstance() : value;
        String nodeSeen = node != null ? node : p.node;
        Op op = switch (kind) {
            case OK -> new Op(p.opId, p.process, p.invokeTs, ts, p.f, p.key, p.input, out, null, false, nodeSeen, null, p.line);
            case FAIL -> new Op(p.opId, p.process, p.invokeTs, ts, p.f, p.key, p.input, out,
                    error != null ? error : "fail", false, nodeSeen, null, p.line);
            case INFO -> new Op(p.opId, p.process, p.invokeTs, null, p.f, p.key, p.input, NullNode.getInstance(),
                    error, true, nodeSeen, null, p.line);
        };
        ready.add(op);
    }

    private static String name(String process) {
        return process == null ? "(none)" : process;
    }

    /** Counts an event that is not an op of a client (e.g. a nemesis event) so positions stay aligned. */
    void skipEvent() {
        position++;
    }

    boolean hasReady() {
        return !ready.isEmpty();
    }

    Op takeReady() {
        return ready.poll();
    }

    /** At the end of the history: every op still open becomes unknown, in invoke order. */
    void finish() {
        if (notes != null) {
            for (Pending p : open.values()) {
                notes.add(p.line, "never-completed", "an :invoke with no completion (:ok, :fail or :info) before the end of"
                        + " the history was read as unknown (may or may not have taken effect)", false);
            }
        }
        Iterator<Pending> it = open.values().iterator();
        while (it.hasNext()) {
            Pending p = it.next();
            ready.add(new Op(p.opId, p.process, p.invokeTs, null, p.f, p.key, p.input, NullNode.getInstance(),
                    null, true, p.node, null, p.line));
            it.remove();
        }
    }
}
