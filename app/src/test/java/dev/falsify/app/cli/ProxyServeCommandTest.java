package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code falsify proxy serve} as a user runs it: flags, a Toxiproxy config file, the record folder, stopping. */
class ProxyServeCommandTest {
    @TempDir
    Path dir;

    @Test
    void refusesWhatItCannotServeWithExitTwo() {
        CliRun wide = CliRun.run("proxy", "serve", "--listen", "0.0.0.0:0");
        assertThat(wide.exit()).isEqualTo(2);
        assertThat(wide.err()).contains("not a loopback address", "--allow-remote-api");
        CliRun as = CliRun.run("proxy", "serve", "--listen", "127.0.0.1:0", "--disable-as", "vanish");
        assertThat(as.exit()).isEqualTo(2);
        assertThat(as.err()).contains("--disable-as must be down or partition");
        CliRun config = CliRun.run("proxy", "serve", "--listen", "127.0.0.1:0", "--config", dir.resolve("none.json").toString());
        assertThat(config.exit()).isEqualTo(2);
        assertThat(config.err()).contains("none.json", "cannot read").doesNotContain("Exception");
        CliRun port = CliRun.run("proxy", "serve", "--listen", "127.0.0.1:99999");
        assertThat(port.exit()).isEqualTo(2);
    }

    @Test
    void servesAConfigRecordsEvidenceAndStopsCleanly() throws Exception {
        try (ServerSocket upstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path cfg = dir.resolve("toxiproxy.json");
            Files.writeString(cfg, "[{\"name\":\"db\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"127.0.0.1:"
                    + upstream.getLocalPort() + "\"}]");
            Path rec = dir.resolve("evidence");
            StringWriter out = new StringWriter();
            CommandLine cl = FalsifyCommand.commandLine("proxy", "serve");
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(new StringWriter(), true));
            ProxyServeCommand serve = (ProxyServeCommand) cl.getSubcommands().get("proxy").getSubcommands().get("serve").getCommand();
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cl.execute("proxy", "serve", "--listen",
                    "127.0.0.1:0", "--config", cfg.toString(), "--record", rec.toString(), "--seed", "7"));
            Matcher m = Pattern.compile("on http://127\\.0\\.0\\.1:(\\d+) \\(loopback only; seed 7").matcher("");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!m.reset(out.toString()).find() && System.nanoTime() < deadline && !exit.isDone()) Thread.sleep(20);
            assertThat(m.find(0)).as(out.toString()).isTrue();
            assertThat(out.toString()).contains("1 proxy created");
            String api = "http://127.0.0.1:" + m.group(1);
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> proxies = http.send(HttpRequest.newBuilder(URI.create(api + "/proxies")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(proxies.body()).contains("\"db\"", "\"enabled\":true");
            HttpResponse<String> toxic = http.send(HttpRequest.newBuilder(URI.create(api + "/proxies/db/toxics"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"latency\",\"attributes\":{\"latency\":50}}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(toxic.statusCode()).isEqualTo(200);
            serve.stop.countDown();
            assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
            String lines = Files.readString(rec.resolve("db.jsonl"));
            assertThat(lines).contains("\"event\":\"proxy_created\"", "\"event\":\"toxic_added\"", "\"event\":\"server_stopped\"",
                    "\"toxic\":\"latency_downstream\"");
        }
    }
}
