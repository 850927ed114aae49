package dev.falsify.runner.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class LoopbackFaultProxyTest {
    private EchoServer echo;
    private LoopbackFaultProxy proxy;

    @BeforeEach
    void setUp() throws IOException {
        echo = new EchoServer();
        proxy = LoopbackFaultProxy.start("n1", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                echo.address());
    }

    @AfterEach
    void tearDown() throws IOException {
        proxy.close();
        echo.close();
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), proxy.port()), 2000);
        s.setTcpNoDelay(true);
        s.setSoTimeout(3000);
        return s;
    }

    private static String roundTrip(Socket s, String text) throws IOException {
        byte[] out = text.getBytes(StandardCharsets.UTF_8);
        s.getOutputStream().write(out);
        byte[] in = s.getInputStream().readNBytes(out.length);
        return new String(in, StandardCharsets.UTF_8);
    }

    private static boolean silentFor(Socket s, int ms) throws IOException {
        s.setSoTimeout(ms);
        try {
            int b = s.getInputStream().read();
            return false && b >= 0;
        } catch (SocketTimeoutException e) {
            return true;
        }
    }

    @Test
    void refusesNonLoopbackListenAndUpstreamAddresses() throws IOException {
        assertThatThrownBy(() -> LoopbackFaultProxy.start("x", new InetSocketAddress("0.0.0.0", 0), echo.address()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("loopback");
        assertThatThrownBy(() -> LoopbackFaultProxy.start("x", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new InetSocketAddress("10.1.2.3", 80)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("upstream");
        assertThatThrownBy(() -> LoopbackFaultProxy.loopbackAddress("192.168.1.1:80"))
                .hasMessageContaining("loopback");
        assertThat(LoopbackFaultProxy.loopbackAddress("127.0.0.1:17001").getPort()).isEqualTo(17001);
    }

    @Test
    void forwardsBothWaysWithoutFaults() throws IOException {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "hello\n")).isEqualTo("hello\n");
            assertThat(roundTrip(s, "again\n")).isEqualTo("again\n");
        }
        assertThat(proxy.connectionsAccepted()).isEqualTo(1);
        assertThat(proxy.bytesRead(Direction.UPSTREAM)).isEqualTo(12);
    }

    @Test
    void partitionDropsBothWaysCountsBytesAndClosesBrokenConnectionsAtHeal() throws Exception {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "before\n")).isEqualTo("before\n");
            proxy.inject("p1", new ProxyFault.Partition(), new ConnectionSelector.All(), 1);
            s.getOutputStream().write("during\n".getBytes(StandardCharsets.UTF_8));
            assertThat(silentFor(s, 300)).isTrue();
            try (Socket during = connect()) {
                during.getOutputStream().write("new\n".getBytes(StandardCharsets.UTF_8));
                assertThat(silentFor(during, 200)).isTrue();
                ProxyWindowReading r = proxy.heal("p1");
                assertThat(r.landed()).isTrue();
                assertThat(r.connectionsSeen()).isEqualTo(2);
                assertThat(r.connectionsApplied()).isEqualTo(2);
                assertThat(r.connectionsHeld()).isEqualTo(1);
                assertThat(r.byDirection().get("upstream").bytesDropped()).isEqualTo(11);
                assertThat(r.connectionsCut()).isEqualTo(2);
                assertThat(r.healedAtMs()).isGreaterThanOrEqualTo(r.injectedAtMs());
                s.setSoTimeout(2000);
                assertThat(s.getInputStream().read()).isEqualTo(-1);
            }
        }
        assertThat(echo.bytesReceived.get()).isEqualTo(7);
        try (Socket after = connect()) {
            assertThat(roundTrip(after, "after\n")).isEqualTo("after\n");
        }
    }

    @Test
    void dropOneWayLetsRequestsThroughButNotResponses() throws Exception {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "a\n")).isEqualTo("a\n");
            proxy.inject("d", new ProxyFault.DropOneWay(Direction.DOWNSTREAM), new ConnectionSelector.All(), 1);
            s.getOutputStream().write("lost\n".getBytes(StandardCharsets.UTF_8));
            assertThat(silentFor(s, 300)).isTrue();
            ProxyWindowReading r = proxy.heal("d");
            assertThat(r.byDirection().get("downstream").bytesDropped()).isEqualTo(5);
            assertThat(r.byDirection().get("upstream").bytesDropped()).isZero();
            assertThat(r.byDirection().get("upstream").bytesForwarded()).isEqualTo(5);
        }
        assertThat(echo.bytesReceived.get()).isEqualTo(7);
    }

    @Test
    void latencyDelaysEachChunkAndRecordsTheDelay() throws Exception {
        try (Socket s = connect()) {
            proxy.inject("lat", new ProxyFault.Latency(400, 0, java.util.EnumSet.of(Direction.DOWNSTREAM)),
                    new ConnectionSelector.All(), 7);
            long t0 = System.nanoTime();
            assertThat(roundTrip(s, "ping\n")).isEqualTo("ping\n");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(ms).isGreaterThanOrEqualTo(395);
            ProxyWindowReading r = proxy.heal("lat");
            assertThat(r.byDirection().get("downstream").bytesDelayed()).isEqualTo(5);
            assertThat(r.byDirection().get("downstream").delayAddedMs()).isEqualTo(400);
            assertThat(r.byDirection().get("upstream").bytesDelayed()).isZero();
            long t1 = System.nanoTime();
            assertThat(roundTrip(s, "fast\n")).isEqualTo("fast\n");
            // healed: no longer delayed (the bound is the latency, not a speed, so a busy machine passes)
            assertThat((System.nanoTime() - t1) / 1_000_000).isLessThan(400);
        }
    }

    @Test
    void latencyKeepsByteOrderWithJitter() throws Exception {
        try (Socket s = connect()) {
            proxy.inject("j", new ProxyFault.Latency(20, 15, java.util.EnumSet.allOf(Direction.class)),
                    new ConnectionSelector.All(), 3);
            StringBuilder sent = new StringBuilder();
            for (int i = 0; i < 30; i++) {
                String line = "line-" + i + "\n";
                sent.append(line);
                s.getOutputStream().write(line.getBytes(StandardCharsets.UTF_8));
            }
            byte[] got = s.getInputStream().readNBytes(sent.length());
            assertThat(new String(got, StandardCharsets.UTF_8)).isEqualTo(sent.toString());
            proxy.heal("j");
        }
    }

    @Test
    void bandwidthCapSlowsTransfers() throws Exception {
        try (Socket s = connect()) {
            proxy.inject("bw", new ProxyFault.Bandwidth(64, java.util.EnumSet.of(Direction.UPSTREAM)),
                    new ConnectionSelector.All(), 1);
            byte[] payload = new byte[2000]; // 16000 bits at 64 kbit/s = 250 ms
            Arrays.fill(payload, (byte) 'x');
            long t0 = System.nanoTime();
            s.getOutputStream().write(payload);
            byte[] back = s.getInputStream().readNBytes(payload.length);
            assertThat(back).hasSize(2000);
            assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(240);
            assertThat(proxy.heal("bw").byDirection().get("upstream").bytesDelayed()).isEqualTo(2000);
        }
    }

    @Test
    void resetPeerResetsSelectedConnections() throws Exception {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "x\n")).isEqualTo("x\n");
            proxy.inject("r", new ProxyFault.ResetPeer(0), new ConnectionSelector.All(), 1);
            s.setSoTimeout(2000);
            boolean broken;
            try {
                int b = s.getInputStream().read();
                broken = b == -1;
            } catch (IOException e) {
                broken = true;
            }
            assertThat(broken).isTrue();
            ProxyWindowReading r = proxy.heal("r");
            assertThat(r.connectionsReset()).isEqualTo(1);
            assertThat(r.landed()).isTrue();
        }
    }

    @Test
    void firstKConnectionsFailThenTheDependencyRecovers() throws Exception {
        proxy.inject("flaky", new ProxyFault.ResetPeer(0), new ConnectionSelector.First(2), 1);
        int failures = 0;
        for (int i = 0; i < 4; i++) {
            try (Socket s = connect()) {
                if (!"ok\n".equals(roundTrip(s, "ok\n"))) failures++;
            } catch (IOException e) {
                failures++;
            }
        }
        ProxyWindowReading r = proxy.heal("flaky");
        assertThat(failures).isEqualTo(2);
        assertThat(r.connectionRecords()).extracting(ConnectionRecord::selected)
                .containsExactly(true, true, false, false);
        assertThat(r.connectionRecords()).extracting(ConnectionRecord::applied)
                .containsExactly(true, true, false, false);
    }

    @Test
    void nthSelectorThatNeverSeesItsConnectionDoesNotLand() throws Exception {
        try (Socket s = connect()) {
            proxy.inject("miss", new ProxyFault.ResetPeer(0), new ConnectionSelector.Nth(5), 1);
            assertThat(roundTrip(s, "still fine\n")).isEqualTo("still fine\n");
            ProxyWindowReading r = proxy.heal("miss");
            assertThat(r.landed()).isFalse();
            assertThat(r.connectionsSeen()).isEqualTo(1);
            assertThat(r.connectionsSelected()).isZero();
        }
    }

    @Test
    void limitDataClosesAfterTheBudget() throws Exception {
        try (Socket s = connect()) {
            proxy.inject("lim", new ProxyFault.LimitData(10, java.util.EnumSet.of(Direction.DOWNSTREAM)),
                    new ConnectionSelector.All(), 1);
            s.getOutputStream().write("0123456789abcdefghij".getBytes(StandardCharsets.UTF_8));
            InputStream in = s.getInputStream();
            byte[] got = in.readAllBytes();
            assertThat(new String(got, StandardCharsets.UTF_8)).isEqualTo("0123456789");
            ProxyWindowReading r = proxy.heal("lim");
            assertThat(r.byDirection().get("downstream").bytesCut()).isEqualTo(10);
            assertThat(r.connectionsCut()).isEqualTo(1);
        }
    }

    @Test
    void slicerSplitsWritesButKeepsTheBytes() throws Exception {
        try (Socket s = connect()) {
            // 20 ms between slices: with 2 ms a busy machine's echo thread read several slices at once
            proxy.inject("sl", new ProxyFault.Slicer(8, 3, 20_000, java.util.EnumSet.of(Direction.UPSTREAM)),
                    new ConnectionSelector.All(), 42);
            String msg = "a fairly long message that gets sliced into pieces\n";
            assertThat(roundTrip(s, msg)).isEqualTo(msg);
            ProxyWindowReading r = proxy.heal("sl");
            assertThat(r.byDirection().get("upstream").slices()).isGreaterThan(3);
            assertThat(echo.readSizes.size()).isGreaterThan(3);
        }
    }

    @Test
    void hangAcceptsButNeverAnswersNewConnections() throws Exception {
        try (Socket old = connect()) {
            assertThat(roundTrip(old, "a\n")).isEqualTo("a\n");
            proxy.inject("h", new ProxyFault.Hang(), new ConnectionSelector.All(), 1);
            try (Socket s = connect()) {
                s.getOutputStream().write("hello?\n".getBytes(StandardCharsets.UTF_8));
                assertThat(silentFor(s, 300)).isTrue();
            }
            assertThat(roundTrip(old, "b\n")).isEqualTo("b\n");
            ProxyWindowReading r = proxy.heal("h");
            assertThat(r.connectionsHeld()).isEqualTo(1);
            assertThat(r.connectionsApplied()).isEqualTo(1);
            assertThat(echo.accepted.get()).isEqualTo(1);
        }
    }

    @Test
    void slowCloseDelaysTheFin() throws Exception {
        proxy.inject("sc", new ProxyFault.SlowClose(300), new ConnectionSelector.All(), 1);
        Socket s = connect();
        assertThat(roundTrip(s, "x\n")).isEqualTo("x\n");
        long t0 = System.nanoTime();
        s.shutdownOutput();
        long deadline = System.currentTimeMillis() + 3000;
        while (echo.eofAtNanos.isEmpty() && System.currentTimeMillis() < deadline) Thread.sleep(10);
        assertThat(echo.eofAtNanos).hasSize(1);
        assertThat((echo.eofAtNanos.get(0) - t0) / 1_000_000).isGreaterThanOrEqualTo(280);
        // the echo server closes in turn, so both half-closes go through the window; wait for the
        // client to see that second FIN (it is counted before it is delayed), or a busy machine can
        // heal the window between the server's close and the proxy reading it
        s.setSoTimeout(10_000);
        assertThat(s.getInputStream().read()).isEqualTo(-1);
        assertThat(proxy.heal("sc").closesDelayed()).isEqualTo(2);
        s.close();
    }

    @Test
    void dropOneWayWithCloseAfterClosesTheConnectionAndCountsIt() throws Exception {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "a\n")).isEqualTo("a\n");
            long t0 = System.nanoTime();
            proxy.inject("to", new ProxyFault.DropOneWay(Direction.UPSTREAM, 300), new ConnectionSelector.All(), 1);
            s.getOutputStream().write("lost\n".getBytes(StandardCharsets.UTF_8));
            s.setSoTimeout(10_000);
            int r;
            try {
                r = s.getInputStream().read();
            } catch (java.net.SocketException reset) {
                r = -1;
            }
            assertThat(r).isEqualTo(-1);
            assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(250);
        }
        ProxyWindowReading w = proxy.heal("to");
        assertThat(w.connectionsCut()).as("closed by the timeout, not again at heal").isEqualTo(1);
        assertThat(w.byDirection().get("upstream").bytesDropped()).isEqualTo(5);
        assertThat(w.firstActedAtMs()).isPositive().isLessThanOrEqualTo(w.lastActedAtMs());
    }

    @Test
    void slowCloseOfOneDirectionLeavesTheOtherAlone() throws Exception {
        proxy.inject("sc", new ProxyFault.SlowClose(2000, java.util.EnumSet.of(Direction.DOWNSTREAM)), new ConnectionSelector.All(), 1);
        Socket s = connect();
        assertThat(roundTrip(s, "x\n")).isEqualTo("x\n");
        long t0 = System.nanoTime();
        s.shutdownOutput(); // upstream close: not delayed
        long deadline = System.currentTimeMillis() + 10_000;
        while (echo.eofAtNanos.isEmpty() && System.currentTimeMillis() < deadline) Thread.sleep(5);
        assertThat(echo.eofAtNanos).hasSize(1);
        s.setSoTimeout(10_000);
        assertThat(s.getInputStream().read()).isEqualTo(-1); // the echo's close came back, delayed
        assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(1900);
        assertThat(proxy.heal("sc").closesDelayed()).isEqualTo(1);
        s.close();
    }

    @Test
    void aWindowsFaultCanBeUpdatedInPlaceButNotIntoAnotherKind() throws Exception {
        proxy.inject("l", new ProxyFault.Latency(0, 0, java.util.EnumSet.allOf(Direction.class)), new ConnectionSelector.All(), 1);
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "a\n")).isEqualTo("a\n");
            assertThat(proxy.reading("l").firstActedAtMs()).as("a 0 ms latency still delays by nothing").isPositive();
            proxy.update("l", new ProxyFault.Latency(200, 0, java.util.EnumSet.of(Direction.UPSTREAM)));
            long t0 = System.nanoTime();
            assertThat(roundTrip(s, "b\n")).isEqualTo("b\n");
            assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(180);
        }
        assertThatThrownBy(() -> proxy.update("l", new ProxyFault.Partition())).hasMessageContaining("latency");
        ProxyWindowReading r = proxy.heal("l");
        assertThat(r.connectionsSeen()).isEqualTo(1);
        assertThat(r.byDirection().get("upstream").delayAddedMs()).isGreaterThanOrEqualTo(180);
        assertThatThrownBy(() -> proxy.update("l", new ProxyFault.Latency(1, 0, java.util.Set.of()))).hasMessageContaining("no active");
    }

    @Test
    void aDelayedResetDoesNotFireAfterItsWindowHealed() throws Exception {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "a\n")).isEqualTo("a\n");
            proxy.inject("r", new ProxyFault.ResetPeer(300), new ConnectionSelector.All(), 1);
            ProxyWindowReading healed = proxy.heal("r");
            assertThat(healed.landed()).isFalse();
            assertThat(healed.firstActedAtMs()).isZero();
            Thread.sleep(500);
            assertThat(roundTrip(s, "still\n")).isEqualTo("still\n");
        }
        assertThat(proxy.reading("r").connectionsReset()).isZero();
    }

    @Test
    void readingDuringTheWindowShowsCountersSoFar() throws Exception {
        try (Socket s = connect()) {
            proxy.inject("p", new ProxyFault.Partition(), new ConnectionSelector.All(), 1);
            assertThat(proxy.reading("p").landed()).isFalse();
            s.getOutputStream().write("zzz".getBytes(StandardCharsets.UTF_8));
            long deadline = System.currentTimeMillis() + 10_000;
            // the hit is counted when the connection is selected, the bytes when the pump reads them:
            // wait for both, since a busy machine can leave a gap between the two
            while (!(proxy.reading("p").landed() && proxy.reading("p").summary().contains("3 B dropped"))
                    && System.currentTimeMillis() < deadline) Thread.sleep(5);
            assertThat(proxy.reading("p").healedAtMs()).isEqualTo(-1);
            assertThat(proxy.reading("p").summary()).contains("1/1 connections hit", "3 B dropped");
            proxy.heal("p");
        }
    }

    @Test
    void parsesRunBlockFaults() {
        assertThat(ProxyFault.parse("latency", Map.of("ms", 200, "jitter_ms", "50", "direction", "downstream")))
                .isEqualTo(new ProxyFault.Latency(200, 50, java.util.EnumSet.of(Direction.DOWNSTREAM)));
        assertThat(ProxyFault.parse("drop-one-way", Map.of("direction", "upstream")))
                .isEqualTo(new ProxyFault.DropOneWay(Direction.UPSTREAM));
        assertThat(ProxyFault.parse("reset", null)).isEqualTo(new ProxyFault.ResetPeer(0));
        assertThatThrownBy(() -> ProxyFault.parse("explode", Map.of())).hasMessageContaining("unknown proxy fault kind");
        assertThatThrownBy(() -> ProxyFault.parse("latency", Map.of("ms", "soon"))).hasMessageContaining("ms");
        assertThatThrownBy(() -> ProxyFault.parse("drop-one-way", Map.of("direction", "both")))
                .hasMessageContaining("direction");
        assertThat(List.of("partition", "slicer", "hang")).allMatch(ProxyFault.KINDS::contains);
    }
}
