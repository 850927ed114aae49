package dev.falsify.runner.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunSpecParser;
import dev.falsify.model.plan.run.RunSpecResult;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.model.session.MessageEventLog;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An end-to-end rig: a loopback upstream that records what it receives, a proxy in front of it (port 0) in the
 * message-aware mode of a run block's messages/filters/monitor, and a client connection through it.
 */
final class MessageRig implements AutoCloseable {
    static final String PROXIES = "proxies:\n  - { name: p1, listen: \"127.0.0.1:0\", upstream: \"127.0.0.1:1\" }\n"
            + "workload: { cmd: \"true\" }\n";

    final ServerSocket upstream;
    final BlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
    final List<Socket> sockets = new CopyOnWriteArrayList<>();
    final LoopbackFaultProxy proxy;
    final MessageEngine engine;
    final Path log;
    private final boolean lines;
    private Socket client;

    /** Upstream reads newline-delimited lines (lines = true) or raw reads. */
    MessageRig(String yaml, long seed, Path dir, boolean lines) throws IOException {
        this.lines = lines;
        RunSpecResult r = RunSpecParser.parse(PROXIES + yaml);
        assertThat(r.errors()).as("run block").isEmpty();
        RunSpec spec = r.spec();
        upstream = new ServerSocket();
        upstream.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread t = new Thread(this::accept, "rig-upstream");
        t.setDaemon(true);
        t.start();
        log = dir.resolve("S1-" + seed + ".messages.jsonl");
        engine = new MessageEngine(spec, seed, log);
        engine.workloadStarted(System.nanoTime());
        proxy = LoopbackFaultProxy.start("p1", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new InetSocketAddress(InetAddress.getLoopbackAddress(), upstream.getLocalPort()));
        proxy.messageLayer(engine);
    }

    MessageRig(String yaml, long seed, Path dir) throws IOException {
        this(yaml, seed, dir, true);
    }

    private void accept() {
        while (!upstream.isClosed()) {
            try {
                Socket s = upstream.accept();
                sockets.add(s);
                Thread t = new Thread(() -> read(s), "rig-read");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void read(Socket s) {
        try {
            if (lines) {
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                String line;
                while ((line = in.readLine()) != null) received.add(line.getBytes(StandardCharsets.UTF_8));
            } else {
                InputStream in = s.getInputStream();
                byte[] buf = new byte[8192];
                int n;
                while ((n = in.read(buf)) > 0) received.add(java.util.Arrays.copyOf(buf, n));
            }
        } catch (IOException ignored) {
            // closed by the test
        }
    }

    /** Writes bytes from the client end through the proxy. */
    void send(byte[] bytes) throws IOException {
        if (client == null) {
            client = new Socket();
            client.connect(proxy.listenAddress());
            client.setTcpNoDelay(true);
        }
        OutputStream out = client.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    void sendLines(List<String> ls) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String l : ls) sb.append(l).append('\n');
        send(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    static List<String> recorded(String name) throws IOException {
        try (InputStream in = MessageRig.class.getResourceAsStream("/messages/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** The next n lines upstream received (waits for them; the test's own timeout bounds a hang). */
    List<String> receivedLines(int n) throws InterruptedException {
        List<String> out = new ArrayList<>();
        while (out.size() < n) {
            byte[] b = received.poll(20, TimeUnit.SECONDS);
            if (b == null) break;
            out.add(new String(b, StandardCharsets.UTF_8));
        }
        return out;
    }

    /** The raw bytes upstream received, as text, until they end with {@code end} (fails when they stop coming first). */
    String receivedUntil(String end, java.nio.charset.Charset cs) throws InterruptedException {
        StringBuilder got = new StringBuilder();
        while (!got.toString().endsWith(end)) {
            byte[] b = received.poll(10, TimeUnit.SECONDS);
            assertThat(b).as("bytes through the proxy so far: '" + got + "'").isNotNull();
            got.append(new String(b, cs));
        }
        return got.toString();
    }

    /** Waits until the event log has an event satisfying the predicate (the engine decides asynchronously to the socket). */
    MessageEngine.Outcome finish() {
        return engine.finish();
    }

    List<MessageEvent> events() throws IOException {
        return MessageEventLog.read(log);
    }

    static String type(String jsonLine) {
        int i = jsonLine.indexOf("\"type\":\"");
        return jsonLine.substring(i + 8, jsonLine.indexOf('"', i + 8));
    }

    @Override
    public void close() throws IOException {
        engine.finish();
        proxy.close();
        if (client != null) client.close();
        for (Socket s : sockets) s.close();
        upstream.close();
        assertThat(Files.exists(log)).isTrue();
    }
}
