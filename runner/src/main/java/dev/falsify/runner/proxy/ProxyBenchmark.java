package dev.falsify.runner.proxy;

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
 * is the latency the proxy adds (target ≤ 1 ms).
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
