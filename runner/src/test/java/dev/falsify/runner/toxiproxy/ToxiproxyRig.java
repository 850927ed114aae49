package dev.falsify.runner.toxiproxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import dev.falsify.runner.proxy.EchoServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/** An echo server and a {@code falsify proxy serve} on ephemeral loopback ports, for the API tests. */
final class ToxiproxyRig implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    final EchoServer echo;
    final ToxiproxyServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    ToxiproxyRig(Path record, ServeSettings.DisableAs disableAs) throws IOException {
        echo = new EchoServer();
        EvidenceLog log = record == null ? EvidenceLog.off() : EvidenceLog.into(record);
        server = ToxiproxyServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), false,
                new ServeSettings(LoopbackFaultProxy.Reach.LOOPBACK, disableAs, 42, log));
    }

    String echoAddress() {
        return "127.0.0.1:" + echo.address().getPort();
    }

    int apiPort() {
        return server.address().getPort();
    }

    /** A request to the API: status and body text. */
    record Answer(int status, String body, String contentType) {
        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }
    }

    Answer call(String method, String path, String body) throws IOException, InterruptedException {
        return call(method, path, body, null);
    }

    Answer call(String method, String path, String body, String userAgent) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (userAgent != null) b.header("User-Agent", userAgent);
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body(), r.headers().firstValue("Content-Type").orElse(""));
    }

    JsonNode evidence(String proxy, String toxic) throws IOException, InterruptedException {
        Answer a = call("GET", "/proxies/" + proxy + "/toxics/" + toxic + "/evidence", null);
        if (a.status() != 200) throw new AssertionError("evidence of " + toxic + ": " + a);
        return a.json();
    }

    @Override
    public void close() throws IOException {
        server.close();
        echo.close();
    }
}
