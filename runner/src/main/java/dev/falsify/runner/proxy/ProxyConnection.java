package dev.falsify.runner.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One client connection through the proxy: the client socket, the upstream socket (absent while
 * the connection is held by a hang or a partition) and one reader thread per direction that passes
 * each chunk through the active fault windows.
 */
final class ProxyConnection {
    private static final int MAX_READ = 256 * 1024;
    final long id;
    final long openedAtMs = System.currentTimeMillis();
    private final LoopbackFaultProxy proxy;
    private final Socket client;
    private volatile Socket upstream;
    private volatile Outlet toUpstream;
    private volatile Outlet toClient;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicInteger halfClosed = new AtomicInteger();
    /** windows that dropped bytes of this connection: its byte stream is broken, so it is closed at heal. */
    private final Set<FaultWindow> tainted = ConcurrentHashMap.newKeySet();
    private volatile boolean held;
    /** the message layer's streams per direction, or null without the message-aware mode */
    private final MessageLayer.Stream[] messageStreams = new MessageLayer.Stream[2];
    private final Object[] passLocks = {new Object(), new Object()};

    ProxyConnection(long id, LoopbackFaultProxy proxy, Socket client) {
        this.id = id;
        this.proxy = proxy;
        this.client = client;
    }

    /** Runs on its own thread: decide hang/partition/reset at accept, connect upstream, start pumping. */
    void start(List<FaultWindow> windows, int connectTimeoutMs) {
        try {
            MessageLayer layer = proxy.messageLayer();
            if (layer != null) {
                for (Direction d : Direction.values()) {
                    messageStreams[d.ordinal()] = layer.open(proxy.name, id, d, (b, off, len) -> pass(d, b, off, len));
                }
            }
            client.setTcpNoDelay(true);
            toClient = new Outlet(client.getOutputStream(), proxy.name + "-c" + id + "-down", this::abort);
            for (FaultWindow w : windows) {
                FaultWindow.Selection s = w.register(this);
                if (!s.selected) continue;
                if (w.fault instanceof ProxyFault.Hang || w.fault instanceof ProxyFault.Partition) {
                    hold(w, s);
                } else {
                    proxy.scheduleTimed(w, s, this);
                }
            }
            if (held) {
                pump(client.getInputStream(), Direction.UPSTREAM);
                return;
            }
            Socket up = new Socket();
            up.setTcpNoDelay(true);
            up.connect(proxy.upstream, connectTimeoutMs);
            upstream = up;
            if (closed.get()) {
                up.close();
                return;
            }
            toUpstream = new Outlet(up.getOutputStream(), proxy.name + "-c" + id + "-up", this::abort);
            Thread down = new Thread(() -> pumpQuietly(up, Direction.DOWNSTREAM), proxy.name + "-c" + id + "-read-down");
            down.setDaemon(true);
            down.start();
            pump(client.getInputStream(), Direction.UPSTREAM);
        } catch (IOException e) {
            abort();
        }
    }

    private void hold(FaultWindow w, FaultWindow.Selection s) {
        held = true;
        w.acted(s);
        w.held.incrementAndGet();
        tainted.add(w);
    }

    private void pumpQuietly(Socket from, Direction d) {
        try {
            pump(from.getInputStream(), d);
        } catch (IOException e) {
            abort();
        }
    }

    private void pump(InputStream in, Direction d) throws IOException {
        // starts small (most links carry small messages) and doubles while reads fill it: one bulk
        // connection reaches 256 KiB reads, which is what carries > 1 GB/s through one proxied connection
        byte[] buf = new byte[16384];
        int n;
        try {
            while ((n = in.read(buf)) > 0) {
                onChunk(d, buf, n);
                if (n == buf.length && buf.length < MAX_READ) buf = new byte[buf.length * 2];
            }
        } catch (IOException e) {
            if (!closed.get()) abort();
            return;
        }
        onEof(d);
    }

    private Outlet outlet(Direction d) {
        return d == Direction.UPSTREAM ? toUpstream : toClient;
    }

    private void onChunk(Direction d, byte[] buf, int n) throws IOException {
        proxy.countPassed(d, n);
        MessageLayer.Stream messages = messageStreams[d.ordinal()];
        if (messages != null) {
            messages.read(buf, n); // the layer passes each message it lets through back to pass()
            return;
        }
        pass(d, buf, 0, n);
    }

    /** Bytes on their way to the other end, through the active fault windows; one writer per direction at a time. */
    private void pass(Direction d, byte[] data, int off, int n) throws IOException {
        byte[] buf = data;
        if (off != 0) {
            buf = new byte[n];
            System.arraycopy(data, off, buf, 0, n);
        }
        synchronized (passLocks[d.ordinal()]) {
            passThroughWindows(d, buf, n);
        }
    }

    private void passThroughWindows(Direction d, byte[] buf, int n) throws IOException {
        long now = System.nanoTime();
        long due = now;
        int len = n;
        boolean cutAfter = false;
        FaultWindow slicerWindow = null;
        FaultWindow.Selection slicerSelection = null;
        ProxyFault.Slicer slicer = null;
        List<FaultWindow> windows = proxy.activeWindows();
        for (FaultWindow w : windows) {
            FaultWindow.Selection s = w.register(this);
            FaultWindow.Counters c = w.counters(d);
            if (!s.selected) {
                c.forwarded.addAndGet(len);
                continue;
            }
            ProxyFault f = w.fault;
            if (f instanceof ProxyFault.Partition
                    || (f instanceof ProxyFault.Hang && held)
                    || (f instanceof ProxyFault.DropOneWay p && p.direction() == d)) {
                drop(w, s, c, n);
                return;
            } else if (f instanceof ProxyFault.Latency l && l.directions().contains(d)) {
                long delay = w.drawDelayMs(l.ms(), l.jitterMs()) * 1_000_000L;
                due += delay;
                c.delayed.addAndGet(len);
                c.delayNanos.addAndGet(delay);
                w.acted(s);
            } else if (f instanceof ProxyFault.Bandwidth b && b.directions().contains(d)) {
                long transmit = len * 8_000_000L / b.kbps();
                Outlet o = outlet(d);
                long start = Math.max(due, o == null ? now : o.lastDue());
                long newDue = start + transmit;
                c.delayed.addAndGet(len);
                c.delayNanos.addAndGet(newDue - due);
                due = newDue;
                w.acted(s);
            } else if (f instanceof ProxyFault.LimitData l && l.directions().contains(d)) {
                long before = s.passed[d.ordinal()].getAndAdd(len);
                long allowed = Math.max(0, l.bytes() - before);
                if (allowed < len) {
                    c.cutBytes.addAndGet(len - allowed);
                    len = (int) allowed;
                    cutAfter = true;
                    w.acted(s);
                }
            } else if (f instanceof ProxyFault.Slicer sl && sl.directions().contains(d)) {
                slicer = sl;
                slicerWindow = w;
                slicerSelection = s;
            }
            c.forwarded.addAndGet(len);
        }
        Outlet out = outlet(d);
        if (out == null) return;
        if (slicer != null && len > 0) {
            FaultWindow.Counters c = slicerWindow.counters(d);
            int off = 0;
            long at = due;
            int pieces = 0;
            while (off < len) {
                int piece = Math.min(len - off, slicerWindow.drawSlice(slicer.avgBytes(), slicer.variationBytes()));
                out.send(buf, off, piece, at);
                off += piece;
                at += slicer.delayMicros() * 1000L;
                pieces++;
            }
            c.slices.addAndGet(Math.max(0, pieces - 1));
            if (pieces > 1) {
                // a write that fits one piece was not sliced: the slicer did nothing to it
                c.sliced.addAndGet(len);
                c.delayed.addAndGet(len);
                c.delayNanos.addAndGet(at - due - slicer.delayMicros() * 1000L);
                slicerWindow.acted(slicerSelection);
            }
        } else if (len > 0) {
            out.send(buf, 0, len, due);
        }
        if (cutAfter) {
            out.then(() -> cut(windows), due);
        }
    }

    private void drop(FaultWindow w, FaultWindow.Selection s, FaultWindow.Counters c, int n) {
        c.dropped.addAndGet(n);
        w.acted(s);
        tainted.add(w);
    }

    private void cut(List<FaultWindow> windows) {
        for (FaultWindow w : windows) {
            if (w.fault instanceof ProxyFault.LimitData) {
                FaultWindow.Selection s = w.selectionOf(this);
                if (s != null && s.applied.get()) w.cut.incrementAndGet();
            }
        }
        abort();
    }

    private void onEof(Direction d) {
        MessageLayer.Stream messages = messageStreams[d.ordinal()];
        if (messages != null) {
            try {
                messages.end();
            } catch (IOException e) {
                abort();
                return;
            }
        }
        Outlet out = outlet(d);
        long due = System.nanoTime();
        for (FaultWindow w : proxy.activeWindows()) {
            FaultWindow.Selection sel = w.register(this);
            boolean blackHoled = w.fault instanceof ProxyFault.Partition
                    || (w.fault instanceof ProxyFault.DropOneWay dw && dw.direction() == d)
                    || (w.fault instanceof ProxyFault.Hang && held);
            if (sel.selected && blackHoled) {
                // a partition swallows the FIN like any other segment; the connection is cut at heal
                w.acted(sel);
                tainted.add(w);
                return;
            }
        }
        for (FaultWindow w : proxy.activeWindows()) {
            if (w.fault instanceof ProxyFault.SlowClose sc && sc.directions().contains(d)) {
                FaultWindow.Selection s = w.register(this);
                if (s.selected) {
                    due = Math.max(due, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(sc.delayMs()));
                    w.closesDelayed.incrementAndGet();
                    w.acted(s);
                }
            }
        }
        Runnable halfClose = () -> {
            try {
                Socket target = d == Direction.UPSTREAM ? upstream : client;
                if (target != null && !target.isClosed()) target.shutdownOutput();
            } catch (IOException ignored) {
                // the peer is gone already: nothing left to half-close
            }
            if (halfClosed.incrementAndGet() >= 2 || held) abort();
        };
        if (out == null) halfClose.run();
        else out.then(halfClose, due);
    }

    /** Called when a fault window heals: a connection that lost bytes in it cannot carry its stream faithfully. */
    void healed(FaultWindow w) {
        if (tainted.remove(w)) {
            w.cut.incrementAndGet();
            abort();
        }
    }

    /** Applies a reset-peer fault to this connection. */
    void reset(FaultWindow w, FaultWindow.Selection s) {
        if (closed.get()) return;
        w.acted(s);
        w.reset.incrementAndGet();
        for (Socket sock : new Socket[]{client, upstream}) {
            if (sock == null) continue;
            try {
                sock.setSoLinger(true, 0); // close with RST instead of FIN
            } catch (IOException ignored) {
                // already closed
            }
        }
        abort();
    }

    /** A drop-one-way's close-after ran out (Toxiproxy's timeout): the connection is closed, FIN to both ends. */
    void closeAfterTimeout(FaultWindow w, FaultWindow.Selection s) {
        if (closed.get() || !w.isActive()) return;
        w.acted(s);
        w.cut.incrementAndGet();
        tainted.remove(w);
        abort();
    }

    boolean isClosed() {
        return closed.get();
    }

    void abort() {
        if (!closed.compareAndSet(false, true)) return;
        if (toClient != null) toClient.close();
        if (toUpstream != null) toUpstream.close();
        closeQuietly(client);
        closeQuietly(upstream);
        proxy.forget(this);
    }

    private static void closeQuietly(Socket s) {
        if (s == null) return;
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing to do: the socket is unusable either way
        }
    }

    InetSocketAddress clientAddress() {
        return (InetSocketAddress) client.getRemoteSocketAddress();
    }
}
