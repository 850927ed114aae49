package dev.falsify.runner.proxy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy for one link of the system under test, listening on a loopback address only, that
 * injects faults into the connections a fault window selects and counts everything it did to them.
 *
 * <p>Security: both the listen and the upstream address must be loopback addresses; anything else
 * is refused before a socket is opened, so a plan can never make Falsify listen on the network or
 * relay traffic to another host.
 *
 * <p>Without an active fault a chunk is written to the other socket by the thread that read it, so
 * the proxy adds only a loopback hop.
 */
public final class LoopbackFaultProxy implements AutoCloseable {
    final String name;
    final InetSocketAddress upstream;
    private final ServerSocket server;
    private final Thread acceptor;
    private final List<FaultWindow> active = new CopyOnWriteArrayList<>();
    private final Map<String, FaultWindow> windows = new ConcurrentHashMap<>();
    private final Set<ProxyConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong[] passed = {new AtomicLong(), new AtomicLong()};
    private final ScheduledExecutorService timer;
    private volatile boolean closed;
    private volatile MessageLayer messages;
    private final int connectTimeoutMs = 2000;

    private LoopbackFaultProxy(String name, ServerSocket server, InetSocketAddress upstream) {
        this.name = name;
        this.server = server;
        this.upstream = upstream;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "proxy-" + name + "-timer");
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::acceptLoop, "proxy-" + name + "-accept");
        this.acceptor.setDaemon(true);
    }

    /**
     * Starts a proxy listening on {@code listen} (port 0 picks a free port) and forwarding to {@code upstream}.
     *
     * @throws IllegalArgumentException if either address is not a loopback address
     * @throws IOException              if the port cannot be bound
     */
    public static LoopbackFaultProxy start(String name, InetSocketAddress listen, InetSocketAddress upstream)
            throws IOException {
        return start(name, listen, upstream, Reach.LOOPBACK);
    }

    /**
     * Which addresses beyond loopback a proxy may use: none unless its operator said so explicitly
     * ({@code falsify proxy serve --allow-remote-listen / --allow-remote-upstream}); a plan never can.
     */
    public record Reach(boolean remoteListen, boolean remoteUpstream) {
        public static final Reach LOOPBACK = new Reach(false, false);
    }

    /** As {@link #start(String, InetSocketAddress, InetSocketAddress)}, with non-loopback addresses allowed as {@code reach} says. */
    public static LoopbackFaultProxy start(String name, InetSocketAddress listen, InetSocketAddress upstream, Reach reach)
            throws IOException {
        if (!reach.remoteListen()) requireLoopback("listen", listen);
        if (!reach.remoteUpstream()) requireLoopback("upstream", upstream);
        if (upstream.isUnresolved()) throw new IllegalArgumentException("unknown upstream host '" + upstream.getHostString() + "'");
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(listen, 128);
        LoopbackFaultProxy proxy = new LoopbackFaultProxy(name, server, upstream);
        proxy.acceptor.start();
        return proxy;
    }

    /** Parses {@code host:port}; the host must resolve to a loopback address. */
    public static InetSocketAddress loopbackAddress(String hostPort) {
        int colon = hostPort == null ? -1 : hostPort.lastIndexOf(':');
        if (colon <= 0) throw new IllegalArgumentException("expected host:port, not '" + hostPort + "'");
        String host = hostPort.substring(0, colon).trim();
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected host:port, not '" + hostPort + "'");
        }
        InetAddress addr;
        try {
            addr = InetAddress.getByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host '" + host + "'");
        }
        InetSocketAddress result = new InetSocketAddress(addr, port);
        requireLoopback("address", result);
        return result;
    }

    private static void requireLoopback(String what, InetSocketAddress a) {
        if (a == null || a.getAddress() == null || !a.getAddress().isLoopbackAddress()) {
            throw new IllegalArgumentException("the fault proxy only uses loopback addresses; " + what + " "
                    + a + " is not one (use 127.0.0.1)");
        }
    }

    public String name() {
        return name;
    }

    public int port() {
        return server.getLocalPort();
    }

    public InetSocketAddress listenAddress() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    /** Turns on the message-aware mode for connections accepted from now on (runner.messages). */
    public void messageLayer(MessageLayer layer) {
        this.messages = layer;
    }

    MessageLayer messageLayer() {
        return messages;
    }

    /** Connections accepted since start. */
    public long connectionsAccepted() {
        return accepted.get();
    }

    /** Bytes read from either side since start, per direction, faults or not. */
    public long bytesRead(Direction d) {
        return passed[d.ordinal()].get();
    }

    /**
     * Starts a fault window. Connections already open are offered to the selector first (in accept
     * order), then each new connection as it is accepted.
     */
    public synchronized void inject(String windowId, ProxyFault fault, ConnectionSelector selector, long seed) {
        if (closed) throw new IllegalStateException("proxy " + name + " is closed");
        if (windows.containsKey(windowId) && windows.get(windowId).healedAtMs < 0) {
            throw new IllegalStateException("fault window " + windowId + " is already active on " + name);
        }
        FaultWindow w = new FaultWindow(name, windowId, fault, selector, seed);
        windows.put(windowId, w);
        List<ProxyConnection> open = new ArrayList<>(connections);
        open.sort((a, b) -> Long.compare(a.id, b.id));
        for (ProxyConnection c : open) {
            FaultWindow.Selection s = w.register(c);
            if (s.selected) scheduleTimed(w, s, c);
        }
        active.add(w);
    }

    /** Ends a fault window and returns its final landing reading. */
    public synchronized ProxyWindowReading heal(String windowId) {
        FaultWindow w = windows.get(windowId);
        if (w == null) throw new IllegalArgumentException("no fault window " + windowId + " on " + name);
        if (w.healedAtMs < 0) {
            active.remove(w);
            w.healedAtMs = System.currentTimeMillis();
            for (ProxyConnection c : new ArrayList<>(connections)) c.healed(w);
        }
        return w.snapshot();
    }

    /** The current reading of a window, active or healed (a landing probe "during the window"). */
    public ProxyWindowReading reading(String windowId) {
        FaultWindow w = windows.get(windowId);
        if (w == null) throw new IllegalArgumentException("no fault window " + windowId + " on " + name);
        return w.snapshot();
    }

    List<FaultWindow> activeWindows() {
        return active;
    }

    void countPassed(Direction d, int n) {
        passed[d.ordinal()].addAndGet(n);
    }

    /** The timed part of a fault on a connection it selected: a reset after its delay, a drop's close-after. */
    void scheduleTimed(FaultWindow w, FaultWindow.Selection s, ProxyConnection c) {
        if (!s.selected) return;
        ProxyFault f = w.fault;
        if (f instanceof ProxyFault.ResetPeer r) {
            schedule(() -> {
                if (w.isActive()) c.reset(w, s);
            }, r.afterMs());
        } else if (f instanceof ProxyFault.DropOneWay d && d.closeAfterMs() > 0) {
            schedule(() -> c.closeAfterTimeout(w, s), d.closeAfterMs());
        }
    }

    /**
     * Changes an active window's fault in place (a Toxiproxy toxic's attributes updated): connections it
     * selected stay selected and its counters go on; the new values apply from the next byte on.
     */
    public synchronized void update(String windowId, ProxyFault fault) {
        FaultWindow w = windows.get(windowId);
        if (w == null || !w.isActive()) throw new IllegalArgumentException("no active fault window " + windowId + " on " + name);
        if (!w.fault.kind().equals(fault.kind())) {
            throw new IllegalArgumentException("window " + windowId + " is " + w.fault.kind() + ", not " + fault.kind());
        }
        w.fault = fault;
    }

    /** Closes every open connection now (a Toxiproxy proxy going down); returns how many there were. */
    public synchronized int closeConnections() {
        List<ProxyConnection> open = new ArrayList<>(connections);
        for (ProxyConnection c : open) c.abort();
        return open.size();
    }

    void schedule(Runnable r, long delayMs) {
        if (delayMs <= 0) {
            r.run();
        } else if (!timer.isShutdown()) {
            timer.schedule(r, delayMs, TimeUnit.MILLISECONDS);
        }
    }

    void forget(ProxyConnection c) {
        connections.remove(c);
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                if (closed) return;
                continue;
            }
            ProxyConnection c = new ProxyConnection(accepted.incrementAndGet(), this, s);
            connections.add(c);
            List<FaultWindow> now = List.copyOf(active);
            Thread t = new Thread(() -> c.start(now, connectTimeoutMs), "proxy-" + name + "-c" + c.id + "-read-up");
            t.setDaemon(true);
            t.start();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (ProxyConnection c : new ArrayList<>(connections)) c.abort();
        timer.shutdownNow();
        try {
            acceptor.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
