package dev.falsify.devtools.bench;

import dev.falsify.runner.messages.MessageEngine;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunSpecParser;
import dev.falsify.model.plan.run.RunSpecResult;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import dev.falsify.runner.proxy.MessageLayer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code falsify bench messages}: the message-aware proxy with five filters and a monitor active, on
 * loopback. Throughput: one connection streams newline-delimited JSON messages through the proxy to a
 * sink that counts them; every message is framed, has its fields read by JSON path, is tried against the
 * filters, moves the monitor and is written to messages.jsonl. Latency: 64-byte request/echo round trips,
 * direct and through the proxy (both directions tapped); the difference of the medians is what it adds.
 */
public final class MessageBenchmark {
    /** The run block the benchmark runs under: five filters (one fires on every Ping) and a three-state monitor. */
    static final String SPEC = """
            proxies:
              - { name: bench, listen: "127.0.0.1:0", upstream: "127.0.0.1:1" }
            workload: { cmd: "true" }
            messages:
              - { proxy: bench, framing: newline, fields: { type: "$.type", src: "$.from", dst: "$.to", seq: "$.seq" } }
            filters:
              - { name: drop-votes, if: { type: RequestVote }, then: drop }
              - { name: slow-appends, if: { type: AppendEntries, src: n3 }, then: { delay: 5ms } }
              - { name: twice, if: { type: Snapshot }, then: duplicate }
              - { name: hold-commits, if: { type: Commit }, then: { hold-until: { type: Release } } }
              - { name: watch-pings, if: { type: Ping|Pong }, then: observe }
            monitor:
              start: idle
              transitions:
                - { from: idle, on: { type: Ping }, to: busy }
                - { from: busy, on: { type: Pong }, to: idle }
                - { from: "*", on: { type: Crash }, to: failure }
              bound: 1000000000 messages
              default: success
            """;

    /** Throughput in messages per second; latencies in microseconds. */
    public record Result(long messages, double seconds, double messagesPerSecond, long events, int samples,
                         double directMedianUs, double proxiedMedianUs, double addedMedianUs, double proxiedP99Us,
                         double engineMessagesPerSecond) {
    }

    private MessageBenchmark() {
    }

    static RunSpec spec() {
        RunSpecResult r = RunSpecParser.parse(SPEC);
        if (!r.errors().isEmpty()) throw new IllegalStateException("benchmark run block: " + r.errors());
        return r.spec();
    }

    public static Result run(long messages, int samples, int warmup) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("falsify-bench-messages");
        try {
            throughput(Math.min(messages, 100_000), dir); // warm-up: the JIT compiles the hot path first
            double[] tp = throughput(messages, dir);
            double engineAlone = engineOnly(messages, dir);
            long[] direct;
            long[] proxied;
            try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
                Thread t = new Thread(() -> ProxyBenchmark.serve(echo), "bench-echo");
                t.setDaemon(true);
                t.start();
                InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.getLocalPort());
                direct = roundTrips(target, samples, warmup);
                MessageEngine engine = new MessageEngine(spec(), 1, dir.resolve("latency.messages.jsonl"));
                engine.workloadStarted(System.nanoTime());
                try (LoopbackFaultProxy proxy = LoopbackFaultProxy.start("bench", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), target)) {
                    proxy.messageLayer(engine);
                    proxied = roundTrips(proxy.listenAddress(), samples, warmup);
                } finally {
                    engine.finish();
                }
            }
            double dm = pct(direct, 0.5) / 1000.0;
            double pm = pct(proxied, 0.5) / 1000.0;
            return new Result(messages, tp[0], messages / tp[0], (long) tp[1], samples, dm, pm, pm - dm, pct(proxied, 0.99) / 1000.0,
                    engineAlone);
        } finally {
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    /** Messages per second the engine alone decides and records, fed 8 KB chunks on one thread with no sockets. */
    private static double engineOnly(long n, Path dir) throws IOException {
        MessageEngine engine = new MessageEngine(spec(), 1, dir.resolve("engine.messages.jsonl"));
        engine.workloadStarted(System.nanoTime());
        long[] bytes = new long[1];
        MessageLayer.Stream s = engine.open("bench", 1, dev.falsify.runner.proxy.Direction.UPSTREAM, (b, off, len) -> bytes[0] += len);
        StringBuilder sb = new StringBuilder();
        int perChunk = 0;
        while (sb.length() < 8000) {
            sb.append("{\"type\":\"").append(perChunk % 2 == 0 ? "Ping" : "Pong").append("\",\"from\":\"n1\",\"to\":\"n2\",\"seq\":")
                    .append(perChunk).append("}\n");
            perChunk++;
        }
        byte[] chunk = sb.toString().getBytes(StandardCharsets.UTF_8);
        long chunks = Math.max(1, n / perChunk);
        long t0 = System.nanoTime();
        for (long i = 0; i < chunks; i++) s.read(chunk, chunk.length);
        double seconds = (System.nanoTime() - t0) / 1e9;
        engine.finish();
        return chunks * perChunk / seconds;
    }

    /** Seconds to stream {@code n} messages through the proxy to a counting sink, and the events recorded. */
    private static double[] throughput(long n, Path dir) throws IOException, InterruptedException {
        AtomicLong received = new AtomicLong();
        try (ServerSocket sink = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                try (Socket s = sink.accept()) {
                    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8), 1 << 16);
                    while (in.readLine() != null) received.incrementAndGet();
                } catch (IOException ignored) {
                    // closed
                }
            }, "bench-sink");
            t.setDaemon(true);
            t.start();
            MessageEngine engine = new MessageEngine(spec(), 1, dir.resolve("throughput.messages.jsonl"));
            engine.workloadStarted(System.nanoTime());
            InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), sink.getLocalPort());
            try (LoopbackFaultProxy proxy = LoopbackFaultProxy.start("bench", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), target)) {
                proxy.messageLayer(engine);
                try (Socket c = new Socket()) {
                    c.connect(proxy.listenAddress(), 2000);
                    c.setTcpNoDelay(true);
                    OutputStream out = c.getOutputStream();
                    long t0 = System.nanoTime();
                    StringBuilder batch = new StringBuilder();
                    for (long i = 0; i < n; i++) {
                        batch.append("{\"type\":\"").append(i % 2 == 0 ? "Ping" : "Pong").append("\",\"from\":\"n1\",\"to\":\"n2\",\"seq\":")
                                .append(i).append("}\n");
                        if (batch.length() > 8000 || i == n - 1) {
                            out.write(batch.toString().getBytes(StandardCharsets.UTF_8));
                            batch.setLength(0);
                        }
                    }
                    out.flush();
                    long deadline = System.nanoTime() + 120_000_000_000L;
                    while (received.get() < n && System.nanoTime() < deadline) Thread.sleep(1);
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    if (received.get() < n) throw new IOException("only " + received.get() + " of " + n + " messages arrived");
                    MessageEngine.Outcome o = engine.finish();
                    return new double[]{seconds, o.events()};
                }
            } finally {
                engine.finish();
            }
        }
    }

    private static long[] roundTrips(InetSocketAddress addr, int samples, int warmup) throws IOException {
        byte[] msg = "{\"type\":\"Ping\",\"from\":\"n1\",\"to\":\"n2\",\"pad\":\"xxxxxxxxxxxxxx\"}\n".getBytes(StandardCharsets.UTF_8);
        return ProxyBenchmark.measure(addr, msg, samples, warmup);
    }

    private static double pct(long[] a, double p) {
        return ProxyBenchmark.pct(a, p);
    }
}
