package dev.falsify.runner.toxiproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.toxic.Latency;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Toxiproxy's own Java client ({@code eu.rekawek.toxiproxy:toxiproxy-java}, from Maven Central, written by
 * nobody here) drives {@code falsify proxy serve} against an echo server: each toxic is added through the
 * client, its effect measured on real sockets (lower bounds only: no test here depends on how fast the
 * machine is), removed, and its evidence read from the extension endpoint and the record file.
 */
class ToxiproxyJavaClientTest {
    @TempDir
    Path record;
    ToxiproxyRig rig;
    ToxiproxyClient client;
    Proxy proxy;
    InetSocketAddress through;

    @BeforeEach
    void start() throws IOException {
        rig = new ToxiproxyRig(record, ServeSettings.DisableAs.DOWN);
        client = new ToxiproxyClient("127.0.0.1", rig.apiPort());
        proxy = client.createProxy("echo", "127.0.0.1:0", rig.echoAddress());
        through = address(proxy.getListen());
    }

    @AfterEach
    void stop() throws IOException {
        rig.close();
    }

    private static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(through, 5000);
        s.setTcpNoDelay(true);
        s.setSoTimeout(20_000);
        return s;
    }

    /** Sends {@code n} bytes and reads the echo back; returns elapsed nanos. */
    private static long roundTrip(Socket s, int n) throws IOException {
        byte[] payload = new byte[n];
        Arrays.fill(payload, (byte) 'x');
        long t0 = System.nanoTime();
        s.getOutputStream().write(payload);
        byte[] back = s.getInputStream().readNBytes(n);
        assertThat(back).hasSize(n);
        return System.nanoTime() - t0;
    }

    @Test
    void clientSeesItsOwnProxyAndVersion() throws IOException {
        assertThat(client.version()).contains("2.9.0");
        assertThat(proxy.getListen()).startsWith("127.0.0.1:").doesNotEndWith(":0");
        assertThat(proxy.isEnabled()).isTrue();
        List<Proxy> all = client.getProxies();
        assertThat(all).extracting(Proxy::getName).containsExactly("echo");
        assertThat(client.getProxy("echo").getUpstream()).isEqualTo(rig.echoAddress());
        assertThatThrownBy(() -> client.getProxy("nope")).hasMessageContaining("proxy not found");
        assertThatThrownBy(() -> client.createProxy("echo", "127.0.0.1:0", rig.echoAddress()))
                .hasMessageContaining("proxy already exists");
    }

    @Test
    void latencyWithJitterDelaysTheAnswerAndSaysSo() throws Exception {
        try (Socket s = connect()) {
            roundTrip(s, 16); // the connection exists before the toxic: open connections are hit too
            Latency lat = proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 300).setJitter(50);
            assertThat(lat.getJitter()).isEqualTo(50);
            assertThat(proxy.toxics().getAll()).extracting(t -> t.getName()).containsExactly("slow");
            long ns = roundTrip(s, 16);
            assertThat(ns / 1_000_000).as("300 ms ± 50 added").isGreaterThanOrEqualTo(250);
            lat.remove();
        }
        JsonNode e = rig.evidence("echo", "slow");
        assertThat(e.get("active").asBoolean()).isFalse();
        assertThat(e.get("landed").asBoolean()).isTrue();
        assertThat(e.get("connections_touched").asLong()).isEqualTo(1);
        assertThat(e.get("bytes_delayed").asLong()).isGreaterThanOrEqualTo(16);
        assertThat(e.get("delay_added_ms").asLong()).isGreaterThanOrEqualTo(250);
        assertThat(e.get("streams").get("upstream").get("bytes_delayed").asLong()).isZero();
        assertThat(e.get("attributes").get("latency").asLong()).isEqualTo(300);
        assertThat(e.get("first_acted_at").asText()).isNotBlank();
        assertThat(e.get("last_acted_at").asText()).isNotBlank();
        assertThat(e.get("removed_at").isNull()).isFalse();
    }

    @Test
    void toxicityZeroTouchesNothingAndTheEvidenceSaysItDidNotLand() throws Exception {
        Latency lat = proxy.toxics().latency("never", ToxicDirection.UPSTREAM, 2000);
        lat.setToxicity(0f);
        assertThat(proxy.toxics().get("never").getToxicity()).isZero();
        try (Socket s = connect()) {
            roundTrip(s, 32);
        }
        JsonNode e = rig.evidence("echo", "never");
        assertThat(e.get("active").asBoolean()).isTrue();
        assertThat(e.get("connections_seen").asLong()).isEqualTo(1);
        assertThat(e.get("connections_touched").asLong()).isZero();
        assertThat(e.get("landed").asBoolean()).isFalse();
        assertThat(e.get("first_acted_at").isNull()).isTrue();
        assertThat(e.get("summary").asText()).contains("not landed");
    }

    @Test
    void bandwidthLimitsThroughput() throws Exception {
        proxy.toxics().bandwidth("thin", ToxicDirection.DOWNSTREAM, 50); // 50 KB/s
        int n = 60_000;
        try (Socket s = connect()) {
            long t0 = System.nanoTime();
            Thread w = writer(s, n);
            byte[] back = s.getInputStream().readNBytes(n);
            w.join();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(back).hasSize(n);
            assertThat(ms).as("60 KB at 50 KB/s takes 1.2 s").isGreaterThanOrEqualTo(1000);
        }
        proxy.toxics().get("thin").remove();
        JsonNode e = rig.evidence("echo", "thin");
        assertThat(e.get("bytes_delayed").asLong()).isEqualTo(n);
        assertThat(e.get("attributes").get("rate").asLong()).isEqualTo(50);
    }

    private static Thread writer(Socket s, int n) {
        Thread w = new Thread(() -> {
            try {
                OutputStream o = s.getOutputStream();
                byte[] b = new byte[n];
                Arrays.fill(b, (byte) 'b');
                o.write(b);
            } catch (IOException ignored) {
                // the reader's assertion reports what went wrong
            }
        });
        w.start();
        return w;
    }

    @Test
    void slowCloseDelaysOnlyItsStreamsClose() throws Exception {
        proxy.toxics().slowClose("late-fin", ToxicDirection.DOWNSTREAM, 600);
        try (Socket s = connect()) {
            roundTrip(s, 8);
            long t0 = System.nanoTime();
            s.shutdownOutput(); // upstream FIN passes at once; the echo closes; its FIN comes back 600 ms late
            assertThat(s.getInputStream().read()).isEqualTo(-1);
            assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(500);
        }
        JsonNode e = rig.evidence("echo", "late-fin");
        assertThat(e.get("closes_delayed").asLong()).isEqualTo(1);
        assertThat(e.get("landed").asBoolean()).isTrue();
    }

    @Test
    void timeoutDropsTheStreamAndClosesAfterItsTimeout() throws Exception {
        proxy.toxics().timeout("blackhole", ToxicDirection.UPSTREAM, 0);
        try (Socket s = connect()) {
            s.setSoTimeout(400);
            s.getOutputStream().write("lost".getBytes(StandardCharsets.UTF_8));
            assertThatThrownBy(() -> s.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
        }
        JsonNode held = rig.evidence("echo", "blackhole");
        assertThat(held.get("bytes_dropped").asLong()).isEqualTo(4);
        proxy.toxics().get("blackhole").remove();

        proxy.toxics().timeout("cut", ToxicDirection.UPSTREAM, 400);
        try (Socket s = connect()) {
            long t0 = System.nanoTime();
            s.getOutputStream().write("gone".getBytes(StandardCharsets.UTF_8));
            int r;
            try {
                r = s.getInputStream().read();
            } catch (SocketException reset) {
                r = -1;
            }
            assertThat(r).as("closed by the proxy, nothing echoed").isEqualTo(-1);
            assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(300);
        }
        JsonNode cut = rig.evidence("echo", "cut");
        assertThat(cut.get("connections_closed").asLong()).isEqualTo(1);
        assertThat(cut.get("bytes_dropped").asLong()).isEqualTo(4);
    }

    @Test
    void resetPeerResetsTheConnection() throws Exception {
        proxy.toxics().resetPeer("rst", ToxicDirection.DOWNSTREAM, 0);
        // the RST may arrive before the client's first write, or even its first socket option
        assertThatThrownBy(() -> {
            try (Socket s = connect()) {
                s.getOutputStream().write(new byte[64]);
                InputStream in = s.getInputStream();
                if (in.read() < 0) throw new AssertionError("closed with FIN, not reset");
            }
        }).isInstanceOf(SocketException.class).hasMessageContaining("reset");
        JsonNode e = rig.evidence("echo", "rst");
        assertThat(e.get("resets_sent").asLong()).isEqualTo(1);
        assertThat(e.get("landed").asBoolean()).isTrue();
    }

    @Test
    void slicerSplitsWritesIntoDelayedPieces() throws Exception {
        proxy.toxics().slicer("bits", ToxicDirection.DOWNSTREAM, 10, 2000); // 10-byte pieces, 2 ms apart
        try (Socket s = connect()) {
            long t0 = System.nanoTime();
            s.getOutputStream().write(new byte[500]);
            InputStream in = s.getInputStream();
            int got = 0;
            int reads = 0;
            byte[] buf = new byte[4096];
            while (got < 500) {
                int r = in.read(buf);
                if (r < 0) break;
                got += r;
                reads++;
            }
            assertThat(got).isEqualTo(500);
            assertThat(reads).as("arrived in more than one piece").isGreaterThan(1);
            assertThat((System.nanoTime() - t0) / 1_000_000).as("49 gaps of 2 ms").isGreaterThanOrEqualTo(90);
        }
        JsonNode e = rig.evidence("echo", "bits");
        assertThat(e.get("bytes_sliced").asLong()).isEqualTo(500);
        assertThat(e.get("slices").asLong()).isEqualTo(49);
    }

    @Test
    void limitDataClosesAfterItsBytes() throws Exception {
        proxy.toxics().limitData("cap", ToxicDirection.DOWNSTREAM, 100);
        try (Socket s = connect()) {
            s.getOutputStream().write(new byte[1000]);
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            try {
                s.getInputStream().transferTo(got);
            } catch (SocketException reset) {
                // closed: what counts is what arrived before
            }
            assertThat(got.size()).isEqualTo(100);
        }
        JsonNode e = rig.evidence("echo", "cap");
        assertThat(e.get("bytes_cut").asLong()).isGreaterThanOrEqualTo(1);
        assertThat(e.get("connections_closed").asLong()).isEqualTo(1);
    }

    @Test
    void disabledProxyRefusesConnectionsAndComesBackOnItsPort() throws Exception {
        proxy.disable();
        assertThat(client.getProxy("echo").isEnabled()).isFalse();
        assertThatThrownBy(this::connect).isInstanceOf(ConnectException.class);
        proxy.enable();
        assertThat(client.getProxy("echo").getListen()).isEqualTo(proxy.getListen());
        try (Socket s = connect()) {
            roundTrip(s, 8);
        }
    }

    @Test
    void resetRemovesToxicsAndKeepsTheirEvidenceInTheRecord() throws Exception {
        proxy.toxics().latency("l1", ToxicDirection.UPSTREAM, 100);
        try (Socket s = connect()) {
            roundTrip(s, 8);
        }
        client.reset();
        assertThat(proxy.toxics().getAll()).isEmpty();
        assertThat(rig.evidence("echo", "l1").get("landed").asBoolean()).isTrue();
        proxy.delete();
        assertThatThrownBy(() -> client.getProxy("echo")).hasMessageContaining("404");
        List<String> lines = Files.readAllLines(record.resolve("echo.jsonl"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("\"event\":\"toxic_removed\"", "\"toxic\":\"l1\"", "\"landed\":true"));
        assertThat(lines.get(0)).contains("\"event\":\"proxy_created\"");
        assertThat(lines.get(lines.size() - 1)).contains("\"event\":\"proxy_deleted\"");
        for (String l : lines) assertThat(ToxiproxyRig.JSON.readTree(l).get("at").asText()).isNotBlank();
    }
}
