package kv;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One node of a tiny replicated key-value store (the example system Falsify tests).
 *
 * <p>A fixed leader ({@code --leader-peer-port}) holds the truth: it applies each PUT (and each
 * successful CAS) to its log, ships it to every connected follower and answers once a majority holds
 * it — itself plus the first follower acknowledgement. A follower ({@code --leader HOST:PORT}) that
 * (re)connects says which log index it has ({@code HELLO id seq}, from its write-ahead log after a
 * restart) and the leader sends it the suffix it missed. Followers forward reads to the leader over
 * the same link, so every read is linearizable; when the leader cannot be reached they answer
 * {@code ERR unavailable}.
 *
 * <p>{@code --bug stale-follower-reads} is the seeded bug: a follower that cannot reach the leader
 * serves the read from its own copy instead. Without a fault the leader is always reachable and the
 * bug is invisible; under a partition between leader and follower it serves stale values.
 *
 * <p>{@code --bug ack-before-replication} is the leader's seeded bug: it answers a PUT as soon as it
 * applied it and sent it to the followers, without waiting for a follower's ACK. Without faults the ACK
 * follows within a millisecond and nothing shows; a scenario that holds the replication messages back
 * sees the client's OK while no follower holds the write. {@code --bug ack-before-fsync}: the write-ahead
 * log is not forced before the acknowledgement ({@link Wal}). {@code --bug} takes a comma-separated list.
 *
 * <p>Client protocol (one line each way): {@code GET k} → {@code OK v} | {@code OK} (absent);
 * {@code PUT k v} → {@code OK}; {@code DUMP [APPLIED] [CAUGHT-UP]} → {@code OK {json}} (on a follower,
 * {@code CAUGHT-UP} first waits until it holds the leader's whole log, else {@code ERR behind …});
 * errors {@code ERR code}.
 */
public final class KvNode {
    /**
     * A log line, stamped with the wall-clock instant at its start: the workbench's log viewer places the
     * line on the session's time cursor by it, so the node's log follows the space-time view and the history.
     */
    static void logLine(String line) {
        System.out.println(java.time.Instant.now() + " " + line);
    }

    private final String id;
    private final boolean staleReadsBug;
    private final boolean ackBeforeReplicationBug;
    private final long replTimeoutMs;
    private final long forwardTimeoutMs;
    private final Map<String, String> data = new TreeMap<>();
    /** every write applied here, in log order: {seq, key, value}. */
    private final List<String[]> log = new ArrayList<>();
    private long seq;
    private final Object writeLock = new Object();
    private final List<FollowerLink> followers = new CopyOnWriteArrayList<>();
    private volatile LeaderLink leaderLink;
    private final AtomicLong forwardIds = new AtomicLong();
    private final Object ackMonitor = new Object();
    private Wal wal = Wal.NONE;
    private final Map<Long, String[]> forwardReplies = new ConcurrentHashMap<>();

    private KvNode(String id, boolean staleReadsBug, boolean ackBeforeReplicationBug, long replTimeoutMs, long forwardTimeoutMs) {
        this.id = id;
        this.staleReadsBug = staleReadsBug;
        this.ackBeforeReplicationBug = ackBeforeReplicationBug;
        this.replTimeoutMs = replTimeoutMs;
        this.forwardTimeoutMs = forwardTimeoutMs;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = Args.parse(args);
        String id = a.getOrDefault("id", "n1");
        int port = Integer.parseInt(Args.required(a, "port"));
        java.util.Set<String> bugs = new java.util.HashSet<>(java.util.Arrays.asList(a.getOrDefault("bug", "none").split(",")));
        for (String bug : bugs) {
            if (!bug.equals("none") && !bug.equals("stale-follower-reads") && !bug.equals("ack-before-replication")
                    && !bug.equals("ack-before-fsync")) {
                System.err.println("unknown --bug " + bug + " (known: none, stale-follower-reads, ack-before-replication, ack-before-fsync)");
                System.exit(2);
            }
        }
        KvNode node = new KvNode(id, bugs.contains("stale-follower-reads"), bugs.contains("ack-before-replication"),
                Long.parseLong(a.getOrDefault("repl-timeout-ms", "400")),
                Long.parseLong(a.getOrDefault("forward-timeout-ms", "300")));
        if (a.containsKey("data")) {
            node.wal = Wal.open(java.nio.file.Path.of(a.get("data")), !bugs.contains("ack-before-fsync"));
            node.seq = node.wal.replay(node.data, node.log);
            if (node.seq > 0) logLine(id + ": replayed its write-ahead log up to seq " + node.seq);
        }
        // --bind ADDR: the node's own address when it has one (a netns node of a Falsify cluster); loopback otherwise
        InetAddress bind = a.containsKey("bind") ? InetAddress.getByName(a.get("bind")) : InetAddress.getLoopbackAddress();
        ServerSocket clients = listen(bind, port);
        if (a.containsKey("leader-peer-port")) {
            node.amLeader = true;
            ServerSocket peers = listen(bind, Integer.parseInt(a.get("leader-peer-port")));
            daemon("peers", () -> node.acceptFollowers(peers));
            logLine(id + " leader: followers connect on " + peers.getLocalPort()
                    + (node.ackBeforeReplicationBug ? " (bug: ack-before-replication)" : ""));
        } else {
            String leader = Args.required(a, "leader");
            daemon("leader-link", () -> node.followLeader(leader));
        }
        logLine(id + " listening on " + clients.getLocalPort() + (node.staleReadsBug ? " (bug: stale-follower-reads)" : ""));
        System.out.flush();
        while (true) {
            Socket s = clients.accept();
            daemon("client", () -> node.serveClient(s));
        }
    }

    private static ServerSocket listen(InetAddress bind, int port) throws IOException {
        ServerSocket ss = new ServerSocket();
        ss.setReuseAddress(true);
        ss.bind(new InetSocketAddress(bind, port), 64);
        return ss;
    }

    static void daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    // ---------------------------------------------------------------- clients

    private void serveClient(Socket s) {
        try (s; BufferedReader in = reader(s); PrintWriter out = writer(s)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.print(handle(line.trim()) + "\n");
                out.flush();
            }
        } catch (IOException e) {
            // client went away
        }
    }

    private String handle(String request) {
        String[] p = request.split(" ");
        boolean leader = amLeader;
        switch (p[0]) {
            case "GET":
                if (p.length != 2) return "ERR bad-request";
                return leader ? localGet(p[1]) : followerGet(p[1]);
            case "PUT":
                if (p.length != 3) return "ERR bad-request";
                if (!leader) return "ERR not-leader";
                return put(p[1], p[2]);
            case "CAS":
                if (p.length != 4) return "ERR bad-request";
                if (!leader) return "ERR not-leader";
                return cas(p[1], p[2], p[3]);
            case "DUMP": {
                java.util.List<String> opts = java.util.Arrays.asList(p).subList(1, p.length);
                if (opts.contains("CAUGHT-UP") && !leader) {
                    String behind = awaitCaughtUp(CATCH_UP_WAIT_MS);
                    if (behind != null) return "ERR behind " + behind;
                }
                return "OK " + (opts.contains("APPLIED") ? appliedJson() : dumpJson());
            }
            default:
                return "ERR unknown-command";
        }
    }

    private volatile boolean amLeader;

    /** How long {@code DUMP CAUGHT-UP} waits for a follower to reach the leader's log end. */
    static final long CATCH_UP_WAIT_MS = 15_000;

    /**
     * A follower's catch-up barrier: asks the leader (over the leader link) for the end of its log at
     * this moment, then waits until this follower has applied up to it. A follower that has just
     * restarted answers client requests before its leader link is up and before the leader's catch-up
     * suffix arrived; a final-state dump taken then is a snapshot of the past, not of the replica.
     *
     * @return null when caught up, else what it was still missing when the wait ran out
     */
    private String awaitCaughtUp(long waitMs) {
        long deadline = System.currentTimeMillis() + waitMs;
        long want = -1;
        while (System.currentTimeMillis() < deadline) {
            LeaderLink link = leaderLink;
            if (want < 0) {
                String r = link == null ? null : link.forward("SEQ", Math.min(1000, Math.max(1, deadline - System.currentTimeMillis())));
                if (r != null && r.startsWith("OK ")) want = Long.parseLong(r.substring(3).trim());
            }
            synchronized (data) {
                if (want >= 0 && seq >= want) return null;
                try {
                    data.wait(20);
                } catch (InterruptedException e) {
                    break;
                }
            }
        }
        long have;
        synchronized (data) {
            have = seq;
        }
        return want < 0 ? "leader unreachable at seq " + have : "at seq " + have + " of the leader's " + want;
    }

    private String localGet(String key) {
        synchronized (data) {
            String v = data.get(key);
            return v == null ? "OK" : "OK " + v;
        }
    }

    /**
     * Applies a write and waits for a majority: the leader plus the first follower acknowledgement.
     * No follower connected: refused before anything is applied ({@code ERR no-quorum}, definite).
     * No acknowledgement in time: {@code ERR timeout}, an unknown outcome (the leader applied it).
     */
    private String put(String key, String value) {
        synchronized (writeLock) {
            List<FollowerLink> targets = new ArrayList<>(followers);
            if (targets.isEmpty()) return "ERR no-quorum";
            long s;
            synchronized (data) {
                s = ++seq;
                data.put(key, value);
                log.add(new String[]{Long.toString(s), key, value});
            }
            wal.append(s, key, value);
            for (FollowerLink f : targets) f.send("REPL " + s + " " + key + " " + value);
            if (ackBeforeReplicationBug) return "OK"; // the seeded bug: no follower holds it yet
            long deadline = System.currentTimeMillis() + replTimeoutMs;
            synchronized (ackMonitor) {
                while (!anyAcked(targets, s)) {
                    long left = deadline - System.currentTimeMillis();
                    if (left <= 0) {
                        logLine(id + ": no follower acknowledged seq " + s + " within " + replTimeoutMs
                                + " ms; answering timeout (outcome unknown to the client)");
                        return "ERR timeout";
                    }
                    try {
                        ackMonitor.wait(left);
                    } catch (InterruptedException e) {
                        return "ERR timeout";
                    }
                }
            }
            return "OK";
        }
    }

    private static boolean anyAcked(List<FollowerLink> targets, long s) {
        for (FollowerLink f : targets) if (f.ackedAtLeast(s)) return true;
        return false;
    }

    /** Compare-and-set: {@code OK true} after a replicated swap, {@code OK false} when the value differs. */
    private String cas(String key, String expected, String value) {
        synchronized (writeLock) {
            String current;
            synchronized (data) {
                current = data.get(key);
            }
            String cur = current == null ? "null" : current;
            if (!cur.equals(expected)) return "OK false";
            String r = put(key, value);
            return r.equals("OK") ? "OK true" : r;
        }
    }

    private String followerGet(String key) {
        LeaderLink link = leaderLink;
        String reply = link == null ? null : link.forward("GET " + key, forwardTimeoutMs);
        if (reply != null) return reply;
        if (staleReadsBug) {
            logLine(id + ": leader unreachable, serving GET " + key + " from the local copy");
            return localGet(key);
        }
        return "ERR unavailable";
    }

    private long currentSeq() {
        synchronized (data) {
            return seq;
        }
    }

    private String dumpJson() {
        StringBuilder sb = new StringBuilder("{\"node\":\"").append(id).append("\",\"seq\":");
        synchronized (data) {
            sb.append(seq).append(",\"data\":{");
            boolean first = true;
            for (Map.Entry<String, String> e : data.entrySet()) {
                if (!first) sb.append(',');
                first = false;
                sb.append('"').append(e.getKey()).append("\":").append(jsonValue(e.getValue()));
            }
        }
        return sb.append("}}").toString();
    }

    /** Every value ever applied per key, in log order: what no-lost-ack checks acknowledged writes against. */
    private String appliedJson() {
        Map<String, List<String>> byKey = new TreeMap<>();
        synchronized (data) {
            for (String[] e : log) byKey.computeIfAbsent(e[1], k -> new ArrayList<>()).add(jsonValue(e[2]));
        }
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, List<String>> e : byKey.entrySet()) {
            if (!first) sb.append(',');
            first = false;
            sb.append('"').append(e.getKey()).append("\":[").append(String.join(",", e.getValue())).append(']');
        }
        return sb.append('}').toString();
    }

    static String jsonValue(String v) {
        return v.matches("-?\\d{1,18}") ? v : "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    // ---------------------------------------------------------------- leader side of the peer links

    private void acceptFollowers(ServerSocket peers) {
        while (true) {
            try {
                Socket s = peers.accept();
                daemon("follower-link", () -> serveFollower(s));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serveFollower(Socket s) {
        FollowerLink f = null;
        try (s; BufferedReader in = reader(s)) {
            s.setTcpNoDelay(true);
            String hello = in.readLine();
            if (hello == null || !hello.startsWith("HELLO ")) return;
            String[] h = hello.substring(6).trim().split(" ");
            long has = h.length > 1 ? Long.parseLong(h[1]) : 0;
            f = new FollowerLink(h[0], s, writer(s));
            int sent = 0;
            synchronized (writeLock) { // no write may slip between the catch-up and the link going live
                synchronized (data) {
                    for (String[] e : log) {
                        if (Long.parseLong(e[0]) > has) {
                            f.send("REPL " + e[0] + " " + e[1] + " " + e[2]);
                            sent++;
                        }
                    }
                }
                followers.add(f);
            }
            logLine(id + ": follower " + f.name + " at seq " + has + " caught up with " + sent + " writes");
            String line;
            while ((line = in.readLine()) != null) {
                String[] p = line.split(" ", 3);
                if (p[0].equals("ACK")) {
                    f.acked(Long.parseLong(p[1]));
                } else if (p[0].equals("FWD") && p.length == 3) {
                    f.send("FWDR " + p[1] + " " + (p[2].startsWith("GET ") ? localGet(p[2].substring(4).trim())
                            : p[2].equals("SEQ") ? "OK " + currentSeq() : "ERR bad-forward"));
                }
            }
        } catch (IOException | RuntimeException e) {
            // link broken: the follower reconnects and resynchronises
        } finally {
            if (f != null) {
                followers.remove(f);
                f.close();
                logLine(id + ": follower " + f.name + " disconnected");
            }
        }
    }

    private final class FollowerLink {
        final String name;
        final Socket socket;
        final PrintWriter out;
        private long ackedSeq;

        FollowerLink(String name, Socket socket, PrintWriter out) {
            this.name = name;
            this.socket = socket;
            this.out = out;
        }

        synchronized void send(String line) {
            out.print(line + "\n");
            out.flush();
        }

        void acked(long s) {
            synchronized (this) {
                ackedSeq = Math.max(ackedSeq, s);
            }
            synchronized (ackMonitor) {
                ackMonitor.notifyAll();
            }
        }

        synchronized boolean ackedAtLeast(long s) {
            return ackedSeq >= s;
        }

        void close() {
            followers.remove(this);
            try {
                socket.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }

    // ---------------------------------------------------------------- follower side

    private void followLeader(String leaderAddress) {
        String[] hp = leaderAddress.split(":");
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), 1000);
                s.setTcpNoDelay(true);
                BufferedReader in = reader(s);
                LeaderLink link = new LeaderLink(writer(s));
                long have;
                synchronized (data) {
                    have = seq;
                }
                link.send("HELLO " + id + " " + have);
                leaderLink = link;
                logLine(id + ": connected to the leader at seq " + have);
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("REPL ")) {
                        String[] p = line.split(" ", 4);
                        long s2 = Long.parseLong(p[1]);
                        boolean fresh;
                        synchronized (data) {
                            fresh = s2 > seq;
                            if (fresh) {
                                data.put(p[2], p[3]);
                                log.add(new String[]{p[1], p[2], p[3]});
                                seq = s2;
                                data.notifyAll(); // a catch-up barrier may be waiting for this seq
                            }
                        }
                        if (fresh) wal.append(s2, p[2], p[3]);
                        link.send("ACK " + s2);
                    } else if (line.startsWith("FWDR ")) {
                        String[] p = line.split(" ", 3);
                        link.reply(Long.parseLong(p[1]), p.length > 2 ? p[2] : "ERR empty");
                    }
                }
            } catch (IOException | RuntimeException e) {
                // fall through to reconnect
            }
            if (leaderLink != null) logLine(id + ": lost the leader link; reconnecting");
            leaderLink = null;
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private final class LeaderLink {
        private final PrintWriter out;

        LeaderLink(PrintWriter out) {
            this.out = out;
        }

        synchronized void send(String line) {
            out.print(line + "\n");
            out.flush();
        }

        /** Forwards a read to the leader; null when no answer came in time. */
        String forward(String request, long timeoutMs) {
            long fid = forwardIds.incrementAndGet();
            String[] slot = new String[1];
            forwardReplies.put(fid, slot);
            try {
                send("FWD " + fid + " " + request);
                long deadline = System.currentTimeMillis() + timeoutMs;
                synchronized (slot) {
                    while (slot[0] == null) {
                        long left = deadline - System.currentTimeMillis();
                        if (left <= 0) return null;
                        slot.wait(left);
                    }
                    return slot[0];
                }
            } catch (InterruptedException e) {
                return null;
            } finally {
                forwardReplies.remove(fid);
            }
        }

        void reply(long fid, String response) {
            String[] slot = forwardReplies.get(fid);
            if (slot == null) return;
            synchronized (slot) {
                slot[0] = response;
                slot.notifyAll();
            }
        }
    }

    private static BufferedReader reader(Socket s) throws IOException {
        return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
    }

    private static PrintWriter writer(Socket s) throws IOException {
        return new PrintWriter(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), false);
    }
}
