package dev.falsify.devtools.bench;

import dev.falsify.runner.toxiproxy.EvidenceLog;
import dev.falsify.runner.toxiproxy.ServeSettings;
import dev.falsify.runner.toxiproxy.ToxiproxyServer;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code falsify bench proxy}, API part: how long a Toxiproxy client waits per call to
 * {@code falsify proxy serve} on loopback (target ≤ 5 ms), per kind of call, with one proxy carrying
 * traffic-free toxics added and removed as a test suite does between its cases.
 */
public final class ToxiproxyApiBenchmark {
    /** Per call kind: median and p99 in milliseconds. */
    public record Call(String name, int samples, double medianMs, double p99Ms) {
    }

    private ToxiproxyApiBenchmark() {
    }

    public static Map<String, Call> run(int samples, int warmup) throws IOException, InterruptedException {
        try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> ProxyBenchmark.serve(echo), "bench-api-echo");
            t.setDaemon(true);
            t.start();
            ServeSettings settings = new ServeSettings(LoopbackFaultProxy.Reach.LOOPBACK, ServeSettings.DisableAs.DOWN, 1,
                    EvidenceLog.off());
            try (ToxiproxyServer server = ToxiproxyServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), false,
                    settings)) {
                String api = "http://127.0.0.1:" + server.address().getPort();
                HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                call(http, "POST", api + "/proxies", "{\"name\":\"bench\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"127.0.0.1:"
                        + echo.getLocalPort() + "\"}", 201);
                Map<String, long[]> times = new LinkedHashMap<>();
                for (String k : new String[]{"GET /version", "GET /proxies/{p}", "POST /proxies/{p}/toxics",
                        "GET …/toxics/{t}/evidence", "DELETE /proxies/{p}/toxics/{t}", "POST /reset"}) {
                    times.put(k, new long[samples]);
                }
                for (int i = -warmup; i < samples; i++) {
                    long[] ns = {
                            call(http, "GET", api + "/version", null, 200),
                            call(http, "GET", api + "/proxies/bench", null, 200),
                            call(http, "POST", api + "/proxies/bench/toxics",
                                    "{\"name\":\"lat\",\"type\":\"latency\",\"attributes\":{\"latency\":100,\"jitter\":10}}", 200),
                            call(http, "GET", api + "/proxies/bench/toxics/lat/evidence", null, 200),
                            call(http, "DELETE", api + "/proxies/bench/toxics/lat", null, 204),
                            call(http, "POST", api + "/reset", null, 204)};
                    if (i < 0) continue;
                    int k = 0;
                    for (long[] a : times.values()) a[i] = ns[k++];
                }
                Map<String, Call> out = new LinkedHashMap<>();
                times.forEach((k, a) -> out.put(k, new Call(k, samples, ProxyBenchmark.pct(a, 0.5) / 1e6, ProxyBenchmark.pct(a, 0.99) / 1e6)));
                return out;
            }
        }
    }

    private static long call(HttpClient http, String method, String url, String body, int expect)
            throws IOException, InterruptedException {
        HttpRequest r = HttpRequest.newBuilder(URI.create(url))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        long t0 = System.nanoTime();
        HttpResponse<String> res = http.send(r, HttpResponse.BodyHandlers.ofString());
        long ns = System.nanoTime() - t0;
        if (res.statusCode() != expect) throw new IOException(method + " " + url + ": " + res.statusCode() + " " + res.body());
        return ns;
    }
}
