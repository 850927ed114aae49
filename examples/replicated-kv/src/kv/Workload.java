package kv;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The workload client: concurrent clients doing PUTs (to the leader, the first node) and GETs (to any
 * node) on a few keys, recording every operation in Falsify's canonical jsonl history (11 fields).
 *
 * <p>A request that gets no answer within {@code --timeout-ms} has an unknown outcome: it is recorded
 * with {@code timeout_marker: true}, {@code complete_ts: null} and {@code output: null}, and the client
 * continues under a new process id (the old one may still have an operation in flight).
 *
 * <p>Usage: {@code Workload --nodes h:p,h:p,h:p --seconds 10 --seed 1 --history FILE
 * [--clients 4] [--keys 3] [--ops mixed|put] [--timeout-ms 1000] [--think-ms 10] [--wait-unavailable]}. Writes and
 * compare-and-sets go to the first node (the leader), reads to any node. {@code ERR timeout} from the
 * leader means the write may or may not have been applied: recorded as unknown like a client timeout.
 */
public final class Workload {
    private final String[] nodes;
    private final String[] nodeNames;
    private final int keys;
    private final int timeoutMs;
    private final int thinkMs;
    private final long endNanos;
    private final BufferedWriter history;
    private final AtomicLong ok = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong unknown = new AtomicLong();
    private boolean putsOnly;

    private Workload(String[] nodes, int keys, int timeoutMs, int thinkMs, long endNanos, BufferedWriter history) {
        this.nodes = nodes;
        this.nodeNames = new String[nodes.length];
        for (int i = 0; i < nodes.length; i++) nodeNames[i] = "n" + (i + 1);
        this.keys = keys;
        this.timeoutMs = timeoutMs;
        this.thinkMs = thinkMs;
        this.endNanos = endNanos;
        this.history = history;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = Args.parse(args);
        String[] nodes = (a.containsKey("nodes") ? a.get("nodes") : Args.required(a, "target")).split(",");
        long seed = Long.parseLong(a.getOrDefault("seed", "1"));
        int clients = Integer.parseInt(a.getOrDefault("clients", "4"));
        double seconds = Double.parseDouble(a.getOrDefault("seconds", "10"));
        Path file = Path.of(Args.required(a, "history"));
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            Workload wl = new Workload(nodes, Integer.parseInt(a.getOrDefault("keys", "3")),
                    Integer.parseInt(a.getOrDefault("timeout-ms", "1000")), Integer.parseInt(a.getOrDefault("think-ms", "10")),
                    System.nanoTime() + (long) (seconds * 1e9), w);
            wl.putsOnly = "put".equals(a.get("ops"));
            wl.waitUnavailable = a.containsKey("wait-unavailable");
            System.out.println("workload: " + clients + " clients, " + seconds + " s, seed " + seed + ", nodes "
                    + String.join(",", nodes));
            Thread[] threads = new Thread[clients];
            for (int i = 0; i < clients; i++) {
                int c = i;
                threads[i] = new Thread(() -> wl.runClient(c, new Random(seed * 1_000_003L + c)), "client-" + c);
                threads[i].start();
            }
            for (Thread t : threads) t.join();
            System.out.println("workload done: " + wl.ok.get() + " ok, " + wl.failed.get() + " failed, "
                    + wl.unknown.get() + " unknown");
        }
    }

    /**
     * {@code --wait-unavailable}: a client whose node refuses connections (down, restarting) or answers
     * {@code ERR no-quorum} (nothing applied) waits for it instead of recording an op that did nothing — a
     * crash-recovery scenario's history then holds the writes that could have been acknowledged.
     */
    private boolean waitUnavailable;

    private void runClient(int c, Random rnd) {
        Conn[] conns = new Conn[nodes.length];
        Map<String, String> lastSeen = new java.util.HashMap<>();
        int generation = 0;
        long opNo = 0;
        while (System.nanoTime() < endNanos) {
            int dice = putsOnly ? 0 : rnd.nextInt(10);
            String type = dice < 4 ? "write" : dice < 6 ? "cas" : "read";
            boolean write = !type.equals("read");
            String key = "k" + rnd.nextInt(keys);
            int node = write ? 0 : rnd.nextInt(nodes.length);
            long value = (long) (c + 1) * 1_000_000L + opNo;
            String expected = lastSeen.getOrDefault(key, "null");
            String process = c + (generation == 0 ? "" : "." + generation);
            String opId = "c" + c + "-" + (opNo++);
            String request = type.equals("write") ? "PUT " + key + " " + value
                    : type.equals("cas") ? "CAS " + key + " " + expected + " " + value : "GET " + key;
            if (waitUnavailable && conns[node] == null) {
                try {
                    conns[node] = Conn.open(nodes[node], timeoutMs);
                } catch (IOException e) { // refused: nothing was sent, so there is no op to record
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException ie) {
                        return;
                    }
                    continue;
                }
            }
            long invoke = System.nanoTime();
            String response = null;
            boolean timedOut = false;
            String error = null;
            try {
                if (conns[node] == null) conns[node] = Conn.open(nodes[node], timeoutMs);
                response = conns[node].call(request);
                if (response == null) {
                    timedOut = true; // connection closed mid-request: outcome unknown
                }
            } catch (SocketTimeoutException e) {
                timedOut = true;
            } catch (Conn.NotConnected e) {
                error = "unavailable"; // never sent: definitely did not happen
            } catch (IOException e) {
                timedOut = true;
            }
            long complete = System.nanoTime();
            if (waitUnavailable && "ERR no-quorum".equals(response)) {
                // a leader back from a crash before its follower reconnected: refused before anything was applied,
                // so under --wait-unavailable it is waited out like a refused connection, not recorded
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ie) {
                    return;
                }
                continue;
            }
            if (timedOut || error != null) {
                if (conns[node] != null) conns[node].close();
                conns[node] = null;
            }
            if (!timedOut && error == null && response.equals("ERR timeout")) {
                timedOut = true; // the leader applied it but could not confirm replication: unknown
            }
            String output = "null";
            if (!timedOut && error == null) {
                if (response.startsWith("ERR")) {
                    error = response.length() > 4 ? response.substring(4).trim() : "error";
                } else if (type.equals("read")) {
                    output = response.length() > 3 ? KvNode.jsonValue(response.substring(3).trim()) : "null";
                    lastSeen.put(key, output.equals("null") ? "null" : response.substring(3).trim());
                } else if (type.equals("cas")) {
                    output = response.equals("OK true") ? "true" : "false";
                }
            }
            String input = type.equals("write") ? Long.toString(value)
                    : type.equals("cas") ? "[" + (expected.equals("null") ? "null" : expected) + "," + value + "]" : "null";
            record(opId, "c" + process, invoke, timedOut ? null : complete, type, key, input,
                    timedOut ? "null" : output, error, timedOut, nodeNames[node]);
            if (timedOut) {
                unknown.incrementAndGet();
                generation++;
            } else if (error != null) {
                failed.incrementAndGet();
            } else {
                ok.incrementAndGet();
            }
            if (thinkMs > 0) {
                try {
                    Thread.sleep(rnd.nextInt(thinkMs + 1));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
        for (Conn conn : conns) if (conn != null) conn.close();
    }

    private void record(String opId, String process, long invoke, Long complete, String type, String key,
                        String input, String output, String error, boolean timeout, String node) {
        String line = "{\"op_id\":\"" + opId + "\",\"process_id\":\"" + process + "\",\"invoke_ts\":" + invoke
                + ",\"complete_ts\":" + complete + ",\"op_type\":\"" + type + "\",\"key\":\"" + key
                + "\",\"input\":" + input + ",\"output\":" + output + ",\"error\":"
                + (error == null ? "null" : "\"" + error + "\"") + ",\"timeout_marker\":" + timeout
                + ",\"node_seen\":\"" + node + "\",\"fault_epoch\":null}";
        synchronized (history) {
            try {
                history.write(line);
                history.newLine();
            } catch (IOException e) {
                throw new IllegalStateException("cannot write history: " + e.getMessage(), e);
            }
        }
    }

    /** One persistent connection to a node. */
    static final class Conn {
        final Socket socket;
        final BufferedReader in;
        final OutputStream out;

        static final class NotConnected extends IOException {
            NotConnected(String m) {
                super(m);
            }
        }

        private Conn(Socket s) throws IOException {
            socket = s;
            in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            out = s.getOutputStream();
        }

        static Conn open(String hostPort, int timeoutMs) throws NotConnected {
            String[] hp = hostPort.split(":");
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), timeoutMs);
                s.setTcpNoDelay(true);
                s.setSoTimeout(timeoutMs);
                return new Conn(s);
            } catch (IOException e) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // nothing to close
                }
                throw new NotConnected(e.getMessage());
            }
        }

        String call(String request) throws IOException {
            out.write((request + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return in.readLine();
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }
}
