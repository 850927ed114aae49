package dev.falsify.devtools.bench;

import dev.falsify.runner.proxy.LoopbackFaultProxy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;

/**
 * {@code falsify bench proxy}: round-trip latency of small request/response exchanges on loopback,
 * direct and through a {@link LoopbackFaultProxy} with no fault active; the difference of the medians
 * is the latency the proxy adds (target ≤ 0.1 ms). And the bytes per second one connection carries,
 * direct and through the proxy with no fault (target ≥ 1 GB/s through it).
 */
public final class ProxyBenchmark {
    /** Figures in microseconds. */
    public record Result(int samples, double directMedianUs, double proxiedMedianUs, double addedMedianUs,
                         double directP99Us, double proxiedP99Us) {
    }

    private ProxyBenchmark() {
    }

    public static Result run(int samples, int warmup, int payloadBytes) throws IOException {
        try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> serve(echo), "bench-echo");
            t.setDaemon(true);
            t.start();
            InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.getLocalPort());
            try (LoopbackFaultProxy proxy = LoopbackFaultProxy.start("bench",
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), target)) {
                byte[] payload = new byte[payloadBytes];
                Arrays.fill(payload, (byte) 'x');
                long[] direct = measure(target, payload, samples, warmup);
                long[] proxied = measure(proxy.listenAddress(), payload, samples, warmup);
                double dm = median(direct) / 1000.0;
                double pm = median(proxied) / 1000.0;
                return new Result(samples, dm, pm, pm - dm, pct(direct, 0.99) / 1000.0, pct(proxied, 0.99) / 1000.0);
            }
        }
    }

    /** Throughput of one connection, direct and proxied, in MB/s (10^6 bytes): each the median of {@code repeats}. */
    public record Throughput(long bytesPerRun, int repeats, double directMedianMBps, double proxiedMedianMBps,
                             double[] proxiedRunsMBps) {
    }

    /**
     * Sends {@code bytes} over one connection to a sink that counts them and answers one byte at the end,
     * directly and through a proxy with no fault, alternating, {@code repeats} times each.
     */
    public static Throughput throughput(long bytes, int repeats) throws IOException {
        try (ServerSocket sink = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> sink(sink), "bench-sink");
            t.setDaemon(true);
            t.start();
            InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), sink.getLocalPort());
            try (LoopbackFaultProxy proxy = LoopbackFaultProxy.start("bench-throughput",
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), target)) {
                send(target, Math.min(bytes, 256L << 20)); // warm-up: JIT both paths
                send(proxy.listenAddress(), Math.min(bytes, 256L << 20));
                long[] direct = new long[repeats];
                long[] proxied = new long[repeats];
                double[] runs = new double[repeats];
                for (int i = 0; i < repeats; i++) {
                    direct[i] = send(target, bytes);
                    proxied[i] = send(proxy.listenAddress(), bytes);
                    runs[i] = bytes * 1000.0 / proxied[i];
                }
                return new Throughput(bytes, repeats, bytes * 1000.0 / median(direct), bytes * 1000.0 / median(proxied), runs);
            }
        }
    }

    /** Nanos from the first byte written to the sink's answer that all {@code bytes} arrived. */
    private static long send(InetSocketAddress addr, long bytes) throws IOException {
        byte[] chunk = new byte[256 * 1024];
        Arrays.fill(chunk, (byte) 't');
        try (Socket s = new Socket()) {
            s.connect(addr, 2000);
            s.setSoTimeout(120_000);
            OutputStream o = s.getOutputStream();
            long t0 = System.nanoTime();
            long left = bytes;
            while (left > 0) {
                int n = (int) Math.min(chunk.length, left);
                o.write(chunk, 0, n);
                left -= n;
            }
            s.shutdownOutput();
            if (s.getInputStream().read() < 0) throw new IOException("the sink closed before answering");
            return System.nanoTime() - t0;
        }
    }

    /** Reads every connection to its end, then answers one byte. */
    private static void sink(ServerSocket ss) {
        while (!ss.isClosed()) {
            try {
                Socket s = ss.accept();
                Thread t = new Thread(() -> {
                    try (s) {
                        byte[] buf = new byte[256 * 1024];
                        InputStream in = s.getInputStream();
                        while (in.read(buf) >= 0) {
                            // counting is the sender's business: it sent exactly what it timed
                        }
                        s.getOutputStream().write(1);
                    } catch (IOException ignored) {
                        // the sender reports a connection that failed
                    }
                }, "bench-sink-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Round-trip times (ns) of {@code payload} to an echo at {@code addr}; the message benchmark measures the same way. */
    public static long[] measure(InetSocketAddress addr, byte[] payload, int samples, int warmup) throws IOException {
        long[] out = new long[samples];
        try (Socket s = new Socket()) {
            s.connect(addr, 2000);
            s.setTcpNoDelay(true);
            s.setSoTimeout(5000);
            OutputStream o = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int i = -warmup; i < samples; i++) {
                long t0 = System.nanoTime();
                o.write(payload);
                int got = 0;
                while (got < payload.length) {
                    int r = in.read(new byte[payload.length - got]);
                    if (r < 0) throw new IOException("echo closed the connection");
                    got += r;
                }
                if (i >= 0) out[i] = System.nanoTime() - t0;
            }
        }
        return out;
    }

    /** Echoes every connection accepted on {@code ss} until it closes. */
    public static void serve(ServerSocket ss) {
        while (!ss.isClosed()) {
            try {
                Socket s = ss.accept();
                s.setTcpNoDelay(true);
                Thread t = new Thread(() -> {
                    try (s) {
                        s.getInputStream().transferTo(s.getOutputStream());
                    } catch (IOException ignored) {
                        // client left
                    }
                }, "bench-echo-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static double median(long[] a) {
        return pct(a, 0.5);
    }

    /** The {@code p} quantile of {@code a}. */
    public static double pct(long[] a, double p) {
        long[] c = a.clone();
        Arrays.sort(c);
        return c[Math.min(c.length - 1, (int) Math.floor(p * (c.length - 1)))];
    }
}
