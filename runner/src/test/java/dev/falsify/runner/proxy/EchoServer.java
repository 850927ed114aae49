package dev.falsify.runner.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A loopback echo server for proxy tests: echoes every byte and remembers read sizes and EOF times. */
public final class EchoServer implements AutoCloseable {
    final ServerSocket server;
    final AtomicLong bytesReceived = new AtomicLong();
    final List<Integer> readSizes = new CopyOnWriteArrayList<>();
    final List<Long> eofAtNanos = new CopyOnWriteArrayList<>();
    final AtomicLong accepted = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    public EchoServer() throws IOException {
        server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread t = new Thread(this::loop, "echo-accept");
        t.setDaemon(true);
        t.start();
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
    }

    private void loop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                accepted.incrementAndGet();
                sockets.add(s);
                Thread t = new Thread(() -> echo(s), "echo-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void echo(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] buf = new byte[65536];
            int n;
            while ((n = in.read(buf)) > 0) {
                bytesReceived.addAndGet(n);
                readSizes.add(n);
                out.write(buf, 0, n);
            }
            eofAtNanos.add(System.nanoTime());
        } catch (IOException ignored) {
            // client went away
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) s.close();
    }
}
