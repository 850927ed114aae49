package dev.falsify.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.history.JsonlHistoryWriter;
import dev.falsify.model.history.Op;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Records what clients of the system under test did, as Falsify's canonical history (the 11-field
 * schema of {@code histories-and-checkers.md}), for the checkers and for {@code falsify check}.
 * Thread-safe and lock-free on the hot path: one counter increment and one queue append per op.
 *
 * <p>Record each attempt (a retry is a new op with the same input), at the port the claim is about:
 * {@code invoke} right before the request goes out, {@code ok}/{@code fail}/{@code unknown} when its
 * outcome is known. An op never completed reads as unknown (it may have taken effect).
 */
public final class HistoryRecorder {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final LongSupplier nanos;
    private final long origin;
    private final AtomicLong ids = new AtomicLong();
    private final ConcurrentLinkedQueue<Invocation> invocations = new ConcurrentLinkedQueue<>();
    private volatile String faultEpoch;

    /** Timestamps from {@link System#nanoTime()}: monotonic, as the schema wants. */
    public HistoryRecorder() {
        this(System::nanoTime);
    }

    private HistoryRecorder(LongSupplier nanos) {
        this.nanos = nanos;
        this.origin = nanos.getAsLong();
    }

    /**
     * Timestamps from {@code clock} (nanoseconds since its reading at creation): with a
     * {@link ManualClock}, a history whose times the test decides, byte-for-byte reproducible.
     */
    public static HistoryRecorder withClock(Clock clock) {
        return new HistoryRecorder(() -> {
            Instant t = clock.instant();
            return t.getEpochSecond() * 1_000_000_000L + t.getNano();
        });
    }

    /**
     * The fault window active from now on ({@code fault_epoch} of the ops invoked, or completing,
     * while it is); null ends it.
     */
    public void faultEpoch(String epoch) {
        this.faultEpoch = epoch;
    }

    /**
     * An op starts.
     *
     * @param process the client / session / connection issuing it
     * @param opType  {@code read}, {@code write}, {@code cas}, {@code append}, {@code txn}, …
     * @param key     the object addressed (its {@code toString}), or null
     * @param input   the value or arguments sent: a JSON value, a number, string, boolean, list, map or
     *                record (converted as Jackson does), or null
     */
    public Invocation invoke(String process, String opType, Object key, Object input) {
        Invocation inv = new Invocation(ids.incrementAndGet(), process, opType, key == null ? null : key.toString(),
                json(input), nanos.getAsLong() - origin, faultEpoch);
        invocations.add(inv);
        return inv;
    }

    /** The history so far in invoke order; ops not yet completed are unknown (timeout_marker true). */
    public List<Op> ops() {
        List<Invocation> all = new ArrayList<>(invocations);
        all.sort(Comparator.comparingLong(i -> i.id));
        List<Op> out = new ArrayList<>(all.size());
        for (Invocation i : all) out.add(i.op());
        return out;
    }

    /** Ops recorded so far. */
    public int size() {
        return invocations.size();
    }

    /** Writes the history as the jsonl {@code falsify check} and sessions read, atomically. */
    public void writeJsonl(Path file) throws IOException {
        JsonlHistoryWriter.writeAtomically(file, ops());
    }

    private long now() {
        return nanos.getAsLong() - origin;
    }

    static JsonNode json(Object v) {
        if (v == null) return NullNode.getInstance();
        if (v instanceof JsonNode n) return n;
        if (v instanceof String s) return NODES.textNode(s);
        if (v instanceof Integer i) return NODES.numberNode(i);
        if (v instanceof Long l) return NODES.numberNode(l);
        if (v instanceof Boolean b) return NODES.booleanNode(b);
        if (v instanceof Double d) return NODES.numberNode(d);
        if (v instanceof BigInteger b) return NODES.numberNode(b);
        if (v instanceof BigDecimal b) return NODES.numberNode(b);
        return JSON.valueToTree(v);   // lists, maps, records, arrays: converted now, so later mutation cannot change the history
    }

    /** One op in flight; complete it exactly once. */
    public final class Invocation {
        private final long id;
        private final String process;
        private final String opType;
        private final String key;
        private final JsonNode input;
        private final long invokeTs;
        private final String epochAtInvoke;
        private String node;
        private boolean done;
        private Long completeTs;
        private JsonNode output = NullNode.getInstance();
        private String error;
        private boolean timeout;
        private String epochAtCompletion;

        private Invocation(long id, String process, String opType, String key, JsonNode input, long invokeTs,
                           String epoch) {
            this.id = id;
            this.process = process;
            this.opType = opType;
            this.key = key;
            this.input = input;
            this.invokeTs = invokeTs;
            this.epochAtInvoke = epoch;
        }

        /** The node / leader / route the client talked to ({@code node_seen}). */
        public synchronized Invocation node(String node) {
            this.node = node;
            return this;
        }

        /** Completed without error; {@code output} is what the client received (null for a write's ack). */
        public void ok(Object output) {
            complete(json(output), null, false);
        }

        /** Completed with an error that definitely did not take effect. */
        public void fail(String error) {
            complete(NullNode.getInstance(), error == null ? "error" : error, false);
        }

        /** Outcome unknown (timeout, unknown commit): it may have taken effect any time after invoke, or never. */
        public void unknown() {
            complete(NullNode.getInstance(), null, true);
        }

        private synchronized void complete(JsonNode out, String err, boolean unknown) {
            if (done) {
                throw new IllegalStateException("op " + id + " (" + opType + " by " + process + ") completed twice");
            }
            done = true;
            completeTs = unknown ? null : now();
            output = out;
            error = err;
            timeout = unknown;
            epochAtCompletion = faultEpoch;
        }

        private synchronized Op op() {
            boolean unknown = !done || timeout;
            return new Op(Long.toString(id), process, invokeTs, unknown ? null : completeTs, opType, key, input,
                    unknown ? NullNode.getInstance() : output, unknown ? null : error, unknown, node,
                    epochAtInvoke != null ? epochAtInvoke : epochAtCompletion, 0);
        }
    }
}
