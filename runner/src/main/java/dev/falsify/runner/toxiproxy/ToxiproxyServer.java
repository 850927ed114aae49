package dev.falsify.runner.toxiproxy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@code falsify proxy serve}: Toxiproxy's HTTP API (2.x, as its README documents it) on Falsify's fault
 * engine, so a Toxiproxy client needs no change, plus one extension per toxic — its landing evidence at
 * {@code GET /proxies/{proxy}/toxics/{toxic}/evidence} — and {@code GET /proxies/{proxy}/evidence} for all
 * of a proxy's toxics, removed ones included.
 *
 * <p>Routes, status codes and error bodies ({@code {"error": "proxy not found", "status": 404}}) are
 * Toxiproxy's. Like Toxiproxy it refuses browsers (a {@code Mozilla/} user agent gets 403), so a web page
 * cannot drive it; unlike Toxiproxy it listens on loopback only unless told otherwise.
 *
 * <p>Built on the JDK's {@link HttpServer}: the API is a dozen routes with small JSON bodies, and a server
 * framework would add a dependency to the product jar for nothing the JDK lacks.
 */
public final class ToxiproxyServer implements AutoCloseable {
    /** What {@code GET /version} reports: the Toxiproxy API it speaks, and that Falsify serves it. */
    public static final String VERSION = "2.9.0-falsify";
    static final int MAX_BODY = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> UPDATE = Set.of("POST", "PATCH");

    private final HttpServer http;
    private final ExecutorService workers;
    private final ServedProxies proxies;

    private ToxiproxyServer(HttpServer http, ExecutorService workers, ServedProxies proxies) {
        this.http = http;
        this.workers = workers;
        this.proxies = proxies;
    }

    /**
     * Starts the API on {@code listen} (port 0 picks a free one). A non-loopback address needs
     * {@code remoteApi}: the API can make this host listen and relay, so it is not offered to the network
     * by accident.
     */
    public static ToxiproxyServer start(InetSocketAddress listen, boolean remoteApi, ServeSettings settings)
            throws IOException {
        if (listen.getAddress() == null || (!listen.getAddress().isLoopbackAddress() && !remoteApi)) {
            throw new IllegalArgumentException("the API address " + listen + " is not a loopback address;"
                    + " pass --allow-remote-api to serve it there");
        }
        // without it the JDK's server waits for delayed ACKs on small responses: 40 ms a call instead of < 1
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer http = HttpServer.create(listen, 64);
        ExecutorService workers = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "toxiproxy-api");
            t.setDaemon(true);
            return t;
        });
        ToxiproxyServer server = new ToxiproxyServer(http, workers, new ServedProxies(settings));
        http.createContext("/", server::handle);
        http.setExecutor(workers);
        http.start();
        return server;
    }

    public InetSocketAddress address() {
        return http.getAddress();
    }

    /**
     * Creates the proxies of a Toxiproxy config file (its {@code -config}: a JSON array as {@code POST /populate}
     * takes); returns how many, or throws with the first error in Toxiproxy's words.
     */
    public int populate(String json) {
        JsonNode body;
        try {
            body = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw ApiError.badBody(e.getOriginalMessage());
        }
        return proxies.populate(body, new ArrayList<>()).size();
    }

    /** Stops the API and every proxy; active toxics' evidence goes to the record files. */
    @Override
    public void close() {
        http.stop(0);
        proxies.close();
        workers.shutdownNow();
        try {
            workers.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String agent = ex.getRequestHeaders().getFirst("User-Agent");
            if (agent != null && agent.startsWith("Mozilla/")) {
                plain(ex, 403, "User agent not allowed\n");
                return;
            }
            try {
                route(ex);
            } catch (ApiError e) {
                error(ex, e);
            } catch (RuntimeException e) {
                error(ex, new ApiError(500, String.valueOf(e.getMessage())));
            }
        }
    }

    /** The path as Toxiproxy's router sees it: {@code /proxies/{proxy}/toxics/{toxic}}, names decoded. */
    private void route(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        String path = ex.getRequestURI().getPath();
        List<String> seg = segments(path);
        if (seg == null) {
            plain(ex, 404, "404 page not found\n");
            return;
        }
        String top = seg.isEmpty() ? "" : seg.get(0);
        switch (seg.size()) {
            case 1 -> {
                switch (top) {
                    case "proxies" -> {
                        if (method.equals("GET")) proxyIndex(ex);
                        else if (method.equals("POST")) json(ex, 201, proxies.create(body(ex)).toJson());
                        else notAllowed(ex);
                    }
                    case "populate" -> {
                        if (method.equals("POST")) populate(ex);
                        else notAllowed(ex);
                    }
                    case "reset" -> {
                        if (method.equals("POST")) {
                            proxies.reset();
                            noContent(ex);
                        } else notAllowed(ex);
                    }
                    case "version" -> {
                        if (method.equals("GET")) version(ex);
                        else notAllowed(ex);
                    }
                    default -> plain(ex, 404, "404 page not found\n");
                }
            }
            case 2 -> {
                if (!top.equals("proxies")) {
                    plain(ex, 404, "404 page not found\n");
                } else if (method.equals("GET")) {
                    json(ex, 200, proxies.get(seg.get(1)).toJson());
                } else if (UPDATE.contains(method)) {
                    json(ex, 200, proxies.update(seg.get(1), body(ex)).toJson());
                } else if (method.equals("DELETE")) {
                    proxies.delete(seg.get(1));
                    noContent(ex);
                } else notAllowed(ex);
            }
            case 3 -> {
                if (!top.equals("proxies")) {
                    plain(ex, 404, "404 page not found\n");
                } else if (seg.get(2).equals("toxics")) {
                    if (method.equals("GET")) json(ex, 200, proxies.get(seg.get(1)).toxicsJson());
                    else if (method.equals("POST")) {
                        ServedProxy p = proxies.get(seg.get(1));
                        json(ex, 200, p.addToxic(ToxicSpec.create(body(ex))).toJson());
                    } else notAllowed(ex);
                } else if (seg.get(2).equals("evidence")) {
                    if (method.equals("GET")) proxyEvidence(ex, proxies.get(seg.get(1)));
                    else notAllowed(ex);
                } else plain(ex, 404, "404 page not found\n");
            }
            case 4 -> {
                if (!top.equals("proxies") || !seg.get(2).equals("toxics")) {
                    plain(ex, 404, "404 page not found\n");
                    return;
                }
                ServedProxy p = proxies.get(seg.get(1));
                if (method.equals("GET")) json(ex, 200, p.toxic(seg.get(3)).toJson());
                else if (UPDATE.contains(method)) json(ex, 200, p.updateToxic(seg.get(3), body(ex)).toJson());
                else if (method.equals("DELETE")) {
                    p.removeToxic(seg.get(3));
                    noContent(ex);
                } else notAllowed(ex);
            }
            case 5 -> {
                if (top.equals("proxies") && seg.get(2).equals("toxics") && seg.get(4).equals("evidence")) {
                    if (method.equals("GET")) json(ex, 200, proxies.get(seg.get(1)).evidence(seg.get(3)).toJson());
                    else notAllowed(ex);
                } else plain(ex, 404, "404 page not found\n");
            }
            default -> plain(ex, 404, "404 page not found\n");
        }
    }

    /** Path segments, or null when the path has an empty one (a trailing or doubled slash matches no route). */
    static List<String> segments(String path) {
        if (path == null || !path.startsWith("/")) return null;
        if (path.equals("/")) return List.of();
        String[] parts = path.substring(1).split("/", -1);
        List<String> out = new ArrayList<>();
        for (String p : parts) {
            if (p.isEmpty()) return null;
            out.add(p);
        }
        return out;
    }

    private void proxyIndex(HttpExchange ex) throws IOException {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (ServedProxy p : proxies.all()) o.set(p.name, p.toJson());
        json(ex, 200, o);
    }

    private void populate(HttpExchange ex) throws IOException {
        List<ServedProxy> done = new ArrayList<>();
        ApiError failed = null;
        try {
            proxies.populate(body(ex), done);
        } catch (ApiError e) {
            failed = e;
        }
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        if (failed != null) {
            o.put("error", failed.getMessage());
            o.put("status", failed.status());
        }
        ArrayNode list = ServedProxies.json(done);
        if (failed != null && done.isEmpty()) o.putNull("proxies");
        else o.set("proxies", list);
        json(ex, failed == null ? 201 : failed.status(), o);
    }

    private void proxyEvidence(HttpExchange ex, ServedProxy p) throws IOException {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("proxy", p.name);
        ArrayNode toxics = o.putArray("toxics");
        for (ToxicEvidence e : p.allEvidence()) toxics.add(e.toJson());
        ArrayNode disabled = o.putArray("disabled_as_partition");
        for (var r : p.disabledEvidence()) disabled.add(JSON.valueToTree(r));
        json(ex, 200, o);
    }

    private static void version(HttpExchange ex) throws IOException {
        byte[] b = ("{\"version\": \"" + VERSION + "\"}\n").getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json;charset=utf-8");
        ex.sendResponseHeaders(200, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    private static JsonNode body(HttpExchange ex) throws IOException {
        byte[] b;
        try (InputStream in = ex.getRequestBody()) {
            b = in.readNBytes(MAX_BODY + 1);
        }
        if (b.length > MAX_BODY) throw ApiError.badBody("larger than " + MAX_BODY + " bytes");
        if (b.length == 0) throw ApiError.badBody("EOF");
        try {
            return JSON.readTree(b);
        } catch (JsonProcessingException e) {
            throw ApiError.badBody(e.getOriginalMessage());
        }
    }

    private static void json(HttpExchange ex, int status, JsonNode body) throws IOException {
        byte[] b = JSON.writeValueAsBytes(body);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    /** Toxiproxy answers errors through Go's http.Error: the JSON body as text/plain, with a newline. */
    private static void error(HttpExchange ex, ApiError e) throws IOException {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("error", e.getMessage());
        o.put("status", e.status());
        plain(ex, e.status(), JSON.writeValueAsString(o) + "\n");
    }

    private static void plain(HttpExchange ex, int status, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    private static void notAllowed(HttpExchange ex) throws IOException {
        ex.sendResponseHeaders(405, -1);
    }

    private static void noContent(HttpExchange ex) throws IOException {
        ex.sendResponseHeaders(204, -1);
    }
}
