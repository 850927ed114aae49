package dev.falsify.devtools.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Histories of any size for {@code falsify bench scale} (issue 30), deterministic by seed: a multi-key
 * kv history in Porcupine's kv log format and a Jepsen list-append history in EDN. Each is made by
 * executing a concurrent workload against an in-memory store that applies every operation atomically
 * at its completion, which lies inside the operation's interval: so the history is linearizable (kv)
 * and strict serializable (list-append) by construction. The broken variant changes exactly one
 * completion so that no order can explain it:
 * <ul>
 *   <li>kv: one get, invoked after the middle of the history, returns the key's value from before the
 *   last write that completed before the get was invoked (a stale read). Every put writes a fresh value
 *   and every append adds a fresh token, so that value never comes back: not linearizable.</li>
 *   <li>list-append: after the middle, one transaction appending a fresh element fails ({@code :fail}),
 *   and the next transaction that reads that key sees the element (an aborted read, G1a).</li>
 * </ul>
 *
 * <p>kv follows the mix: 16 clients, 1,000 keys, 40 % get, 30 % put, 30 % append. List-append
 * follows Jepsen's generator ({@code elle.list-append/gen}): 3 active keys, 1 or 2 micro-ops per
 * transaction, half appends and half reads, and a key is retired after 32 appends (key rotation), so no
 * list grows beyond 32 elements.
 */
public final class ScaleHistories {
    public static final int CLIENTS = 16;
    public static final int KV_KEYS = 1000;
    public static final int ACTIVE_KEYS = 3;
    public static final int MAX_APPENDS_PER_KEY = 32;

    /** Which history and whether it carries the one injected violation. */
    public enum Kind {
        KV, LIST_APPEND
    }

    private ScaleHistories() {
    }

    /** Writes the history to {@code file} (UTF-8), replacing it. */
    public static void write(Path file, Kind kind, int ops, boolean broken, long seed) throws IOException {
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            write(w, kind, ops, broken, seed);
        }
    }

    /**
     * @param ops    operations (kv) or transactions (list-append), each an invoke and a completion line
     * @param broken inject the one violation described above
     */
    public static void write(Writer out, Kind kind, int ops, boolean broken, long seed) throws IOException {
        if (ops < 1) throw new IllegalArgumentException("ops must be at least 1");
        if (kind == Kind.KV) new Kv(out, ops, broken, seed).run();
        else new ListAppend(out, ops, broken, seed).run();
    }

    /**
     * The common driver: a random client either invokes its next operation (when idle and operations
     * remain) or completes the one in flight, so up to 16 operations overlap.
     */
    private abstract static class Driver {
        final Writer out;
        final int total;
        final boolean broken;
        final SplittableRandom rnd;
        final Object[] pending = new Object[CLIENTS];
        int invoked;
        int busy;
        long time;

        Driver(Writer out, int total, boolean broken, long seed) {
            this.out = out;
            this.total = total;
            this.broken = broken;
            this.rnd = new SplittableRandom(seed);
        }

        void run() throws IOException {
            while (invoked < total || busy > 0) {
                int c = rnd.nextInt(CLIENTS);
                time += 1 + rnd.nextInt(1000);
                if (pending[c] != null) {
                    complete(c, pending[c]);
                    pending[c] = null;
                    busy--;
                } else if (invoked < total) {
                    pending[c] = invoke(c, invoked++);
                    busy++;
                }
            }
            out.flush();
        }

        abstract Object invoke(int client, int index) throws IOException;

        abstract void complete(int client, Object op) throws IOException;
    }

    /** Porcupine's kv log: {@code {:process 0, :type :invoke, :f :append, :key "0", :value "x 0 0 y"}}. */
    private static final class Kv extends Driver {
        private static final int GET = 0;
        private static final int PUT = 1;
        private static final int APPEND = 2;

        private final String[] value = new String[KV_KEYS];
        /** The key's value before its last write. */
        private final String[] before = new String[KV_KEYS];
        private final boolean[] written = new boolean[KV_KEYS];
        private boolean injected;

        private record KvOp(int f, int key, String arg, String stale) {
        }

        Kv(Writer out, int total, boolean broken, long seed) {
            super(out, total, broken, seed);
            java.util.Arrays.fill(value, "");
        }

        @Override
        Object invoke(int client, int index) throws IOException {
            int r = rnd.nextInt(10);
            int f = r < 4 ? GET : r < 7 ? PUT : APPEND;
            int key = rnd.nextInt(KV_KEYS);
            String arg = f == GET ? null : "x " + client + " " + index + " y";
            String stale = null;
            if (f == GET && broken && !injected && index >= total / 2 && written[key]) {
                stale = before[key]; // the value a write that completed before this invoke replaced
                injected = true;
            }
            line(client, "invoke", f, key, arg == null ? "nil" : quote(arg));
            return new KvOp(f, key, arg, stale);
        }

        @Override
        void complete(int client, Object o) throws IOException {
            KvOp op = (KvOp) o;
            String result;
            if (op.f == GET) {
                result = op.stale != null ? op.stale : value[op.key];
            } else {
                before[op.key] = value[op.key];
                value[op.key] = op.f == PUT ? op.arg : value[op.key] + op.arg;
                written[op.key] = true;
                result = op.arg;
            }
            line(client, "ok", op.f, op.key, quote(result));
        }

        private void line(int client, String type, int f, int key, String value) throws IOException {
            out.write("{:process " + client + ", :type :" + type + ", :f :" + (f == GET ? "get" : f == PUT ? "put" : "append")
                    + ", :key \"" + key + "\", :value " + value + "}\n");
        }

        private static String quote(String s) {
            return "\"" + s + "\""; // values are made of digits, letters and spaces only
        }
    }

    /** Jepsen's list-append: {@code {:type :invoke, :f :txn, :value [[:append 5 1] [:r 5 nil]], :process 3, ...}}. */
    private static final class ListAppend extends Driver {
        /** Micro-op: append {@code value} to {@code key}, or read {@code key} (value -1). */
        private record Mop(int key, int value) {
        }

        private record Txn(List<Mop> mops, boolean fail) {
        }

        private final int[] active = new int[ACTIVE_KEYS];
        private int nextKey;
        /** Appends handed out per key (index: key), and each key's list as committed. */
        private final List<Integer> appendsGiven = new ArrayList<>();
        private final List<int[]> lists = new ArrayList<>();
        private final List<Integer> lengths = new ArrayList<>();
        /** Set once the failed append is done: the key and element the next read of that key sees. */
        private int abortedKey = -1;
        private int abortedValue;
        private boolean injected;
        private int index;

        ListAppend(Writer out, int total, boolean broken, long seed) {
            super(out, total, broken, seed);
            for (int i = 0; i < ACTIVE_KEYS; i++) active[i] = newKey();
        }

        private int newKey() {
            appendsGiven.add(0);
            lists.add(new int[MAX_APPENDS_PER_KEY + 1]);
            lengths.add(0);
            return nextKey++;
        }

        @Override
        Object invoke(int client, int txnIndex) throws IOException {
            boolean fail = broken && !injected && txnIndex >= total / 2;
            List<Mop> mops = new ArrayList<>(2);
            int n = fail ? 1 : 1 + rnd.nextInt(2);
            for (int i = 0; i < n; i++) {
                int slot = rnd.nextInt(ACTIVE_KEYS);
                // the failed append goes to the freshest key, so that key stays active for the read that sees it
                if (fail) for (int k = 0; k < ACTIVE_KEYS; k++) if (appendsGiven.get(active[k]) < appendsGiven.get(active[slot])) slot = k;
                int key = active[slot];
                if (fail || rnd.nextBoolean()) {
                    int v = appendsGiven.get(key) + 1;
                    appendsGiven.set(key, v);
                    // rotation: the key's last append retires it (Jepsen's max-writes-per-key)
                    if (v == MAX_APPENDS_PER_KEY) active[slot] = newKey();
                    mops.add(new Mop(key, v));
                } else {
                    mops.add(new Mop(key, -1));
                }
            }
            if (fail) injected = true;
            write(client, "invoke", mops, null);
            return new Txn(mops, fail);
        }

        @Override
        void complete(int client, Object o) throws IOException {
            Txn t = (Txn) o;
            List<String> reads = new ArrayList<>(t.mops.size());
            if (t.fail) {
                Mop m = t.mops.get(0);
                abortedKey = m.key;
                abortedValue = m.value;
                write(client, "fail", t.mops, reads);
                return;
            }
            for (Mop m : t.mops) {
                if (m.value >= 0) {
                    int len = lengths.get(m.key);
                    lists.get(m.key)[len] = m.value;
                    lengths.set(m.key, len + 1);
                    reads.add(null);
                } else {
                    StringBuilder sb = new StringBuilder("[");
                    int len = lengths.get(m.key);
                    int[] l = lists.get(m.key);
                    for (int i = 0; i < len; i++) sb.append(i == 0 ? "" : " ").append(l[i]);
                    if (m.key == abortedKey) {
                        sb.append(len == 0 ? "" : " ").append(abortedValue); // the failed txn's element
                        abortedKey = -1;
                    }
                    reads.add(sb.append(']').toString());
                }
            }
            write(client, "ok", t.mops, reads);
        }

        private void write(int client, String type, List<Mop> mops, List<String> reads) throws IOException {
            StringBuilder sb = new StringBuilder(96).append("{:type :").append(type).append(", :f :txn, :value [");
            for (int i = 0; i < mops.size(); i++) {
                Mop m = mops.get(i);
                if (i > 0) sb.append(' ');
                if (m.value >= 0) {
                    sb.append("[:append ").append(m.key).append(' ').append(m.value).append(']');
                } else {
                    String r = reads == null || reads.isEmpty() ? "nil" : reads.get(i);
                    sb.append("[:r ").append(m.key).append(' ').append(r).append(']');
                }
            }
            sb.append("], :time ").append(time).append(", :process ").append(client).append(", :index ").append(index++).append("}\n");
            out.write(sb.toString());
        }
    }
}
