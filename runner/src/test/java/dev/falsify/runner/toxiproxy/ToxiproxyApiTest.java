package dev.falsify.runner.toxiproxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Toxiproxy's HTTP contract, call by call: routes, status codes, error bodies, defaults, field order. */
class ToxiproxyApiTest {
    ToxiproxyRig rig;

    @AfterEach
    void stop() throws IOException {
        if (rig != null) rig.close();
    }

    private ToxiproxyRig rig() throws IOException {
        rig = new ToxiproxyRig(null, ServeSettings.DisableAs.DOWN);
        return rig;
    }

    private static List<String> fieldNames(JsonNode o) {
        List<String> out = new ArrayList<>();
        o.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private String create(ToxiproxyRig r, String name) throws Exception {
        ToxiproxyRig.Answer a = r.call("POST", "/proxies",
                "{\"name\":\"" + name + "\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"" + r.echoAddress() + "\"}");
        assertThat(a.status()).isEqualTo(201);
        return a.json().get("listen").asText();
    }

    @Test
    void proxiesAreCreatedShownAndDeletedWithToxiproxysStatusCodes() throws Exception {
        ToxiproxyRig r = rig();
        ToxiproxyRig.Answer created = r.call("POST", "/proxies",
                "{\"name\":\"db\",\"listen\":\"localhost:0\",\"upstream\":\"" + r.echoAddress() + "\"}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.contentType()).isEqualTo("application/json");
        assertThat(fieldNames(created.json())).containsExactly("name", "listen", "upstream", "enabled", "toxics");
        assertThat(created.json().get("listen").asText()).matches("127\\.0\\.0\\.1:[1-9]\\d*");
        assertThat(created.json().get("enabled").asBoolean()).isTrue();

        ToxiproxyRig.Answer missing = r.call("GET", "/proxies/nope", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("{\"error\":\"proxy not found\",\"status\":404}\n");
        assertThat(missing.contentType()).startsWith("text/plain");
        assertThat(r.call("POST", "/proxies", "{\"upstream\":\"127.0.0.1:1\"}").body())
                .isEqualTo("{\"error\":\"missing required field: name\",\"status\":400}\n");
        assertThat(r.call("POST", "/proxies", "{\"name\":\"x\"}").body()).contains("missing required field: upstream");
        ToxiproxyRig.Answer bad = r.call("POST", "/proxies", "{not json");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("error").asText()).startsWith("bad request body");
        assertThat(r.call("POST", "/proxies", "{\"name\":\"db\",\"upstream\":\"" + r.echoAddress() + "\"}").status()).isEqualTo(409);

        JsonNode index = r.call("GET", "/proxies", null).json();
        assertThat(fieldNames(index)).containsExactly("db");
        assertThat(r.call("PUT", "/proxies", "{}").status()).isEqualTo(405);
        assertThat(r.call("GET", "/proxies/db/", null).status()).isEqualTo(404);
        assertThat(r.call("DELETE", "/proxies/db", null).status()).isEqualTo(204);
        assertThat(r.call("DELETE", "/proxies/db", null).status()).isEqualTo(404);
        assertThat(r.call("GET", "/proxies", null).body()).isEqualTo("{}");
    }

    @Test
    void toxicsTakeToxiproxysDefaultsAndUpdatesMergeAttributes() throws Exception {
        ToxiproxyRig r = rig();
        create(r, "db");
        ToxiproxyRig.Answer added = r.call("POST", "/proxies/db/toxics", "{\"type\":\"latency\",\"attributes\":{\"latency\":10}}");
        assertThat(added.status()).isEqualTo(200);
        JsonNode t = added.json();
        assertThat(fieldNames(t)).containsExactly("attributes", "name", "type", "stream", "toxicity");
        assertThat(t.get("name").asText()).isEqualTo("latency_downstream");
        assertThat(t.get("stream").asText()).isEqualTo("downstream");
        assertThat(t.get("toxicity").toString()).isEqualTo("1");
        assertThat(t.get("attributes").toString()).isEqualTo("{\"latency\":10,\"jitter\":0}");

        assertThat(r.call("POST", "/proxies/db/toxics", "{\"type\":\"latency\"}").status()).isEqualTo(409);
        assertThat(r.call("POST", "/proxies/db/toxics", "{\"type\":\"latency\",\"stream\":\"sideways\"}").body())
                .isEqualTo("{\"error\":\"stream was invalid, can be either upstream or downstream\",\"status\":400}\n");
        assertThat(r.call("POST", "/proxies/db/toxics", "{\"type\":\"explode\"}").body())
                .isEqualTo("{\"error\":\"invalid toxic type\",\"status\":400}\n");
        assertThat(r.call("POST", "/proxies/db/toxics", "{\"type\":\"slicer\",\"name\":\"s\"}").json().get("error").asText())
                .startsWith("bad request body: slicer");
        assertThat(r.call("POST", "/proxies/nope/toxics", "{\"type\":\"latency\"}").status()).isEqualTo(404);

        ToxiproxyRig.Answer up = r.call("PATCH", "/proxies/db/toxics/latency_downstream",
                "{\"attributes\":{\"jitter\":5},\"toxicity\":0.5}");
        assertThat(up.status()).isEqualTo(200);
        assertThat(up.json().get("attributes").toString()).isEqualTo("{\"latency\":10,\"jitter\":5}");
        assertThat(up.json().get("toxicity").asDouble()).isEqualTo(0.5);
        assertThat(r.call("POST", "/proxies/db/toxics/latency_downstream", "{\"attributes\":{\"latency\":20}}")
                .json().get("toxicity").asDouble()).isEqualTo(0.5);

        r.call("POST", "/proxies/db/toxics", "{\"type\":\"bandwidth\",\"stream\":\"upstream\",\"attributes\":{\"rate\":100}}");
        JsonNode list = r.call("GET", "/proxies/db/toxics", null).json();
        assertThat(list).extracting(n -> n.get("name").asText()).containsExactly("bandwidth_upstream", "latency_downstream");
        assertThat(r.call("GET", "/proxies/db/toxics/bandwidth_upstream", null).json().get("type").asText()).isEqualTo("bandwidth");
        assertThat(r.call("DELETE", "/proxies/db/toxics/bandwidth_upstream", null).status()).isEqualTo(204);
        assertThat(r.call("DELETE", "/proxies/db/toxics/bandwidth_upstream", null).body())
                .isEqualTo("{\"error\":\"toxic not found\",\"status\":404}\n");
        assertThat(r.call("GET", "/proxies/db/toxics/nope/evidence", null).status()).isEqualTo(404);
        assertThat(r.call("GET", "/proxies/db/toxics/bandwidth_upstream/evidence", null).json().get("active").asBoolean()).isFalse();
    }

    @Test
    void anUpdatedToxicActsWithItsNewAttributesOnTheSameConnections() throws Exception {
        ToxiproxyRig r = rig();
        String listen = create(r, "db");
        r.call("POST", "/proxies/db/toxics", "{\"name\":\"l\",\"type\":\"latency\",\"attributes\":{\"latency\":0}}");
        int port = Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1));
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(20_000);
            s.getOutputStream().write(1);
            assertThat(s.getInputStream().read()).isEqualTo(1);
            r.call("POST", "/proxies/db/toxics/l", "{\"attributes\":{\"latency\":300}}");
            long t0 = System.nanoTime();
            s.getOutputStream().write(2);
            assertThat(s.getInputStream().read()).isEqualTo(2);
            assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(280);
        }
        assertThat(r.evidence("db", "l").get("delay_added_ms").asLong()).isGreaterThanOrEqualTo(280);
    }

    @Test
    void populateCreatesKeepsAndReplacesAndResetReenables() throws Exception {
        ToxiproxyRig r = rig();
        String two = "[{\"name\":\"a\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"" + r.echoAddress() + "\"},"
                + "{\"name\":\"b\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"" + r.echoAddress() + "\",\"enabled\":false}]";
        ToxiproxyRig.Answer first = r.call("POST", "/populate", two);
        assertThat(first.status()).isEqualTo(201);
        assertThat(first.json().get("proxies")).hasSize(2);
        assertThat(first.json().get("proxies").get(1).get("enabled").asBoolean()).isFalse();
        String aListen = first.json().get("proxies").get(0).get("listen").asText();
        // the same again: a's listen is 127.0.0.1:0, which Toxiproxy compares after resolving — it differs from the
        // bound port, so a is replaced; with its bound address given, it is kept
        String keep = "[{\"name\":\"a\",\"listen\":\"" + aListen + "\",\"upstream\":\"" + r.echoAddress() + "\"}]";
        assertThat(r.call("POST", "/populate", keep).json().get("proxies").get(0).get("listen").asText()).isEqualTo(aListen);
        ToxiproxyRig.Answer invalid = r.call("POST", "/populate", "[{\"name\":\"c\",\"upstream\":\"127.0.0.1:1\"},{\"name\":\"d\"}]");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("error").asText()).isEqualTo("missing required field: upstream at proxy 2");
        assertThat(invalid.json().get("proxies").isNull()).isTrue();
        assertThat(r.call("GET", "/proxies/c", null).status()).as("nothing created before the check").isEqualTo(404);

        r.call("POST", "/proxies/a/toxics", "{\"type\":\"timeout\"}");
        assertThat(r.call("POST", "/reset", null).status()).isEqualTo(204);
        assertThat(r.call("GET", "/proxies/b", null).json().get("enabled").asBoolean()).isTrue();
        assertThat(r.call("GET", "/proxies/a/toxics", null).body()).isEqualTo("[]");
    }

    @Test
    void versionBrowsersAndUnknownRoutes() throws Exception {
        ToxiproxyRig r = rig();
        ToxiproxyRig.Answer v = r.call("GET", "/version", null);
        assertThat(v.body()).isEqualTo("{\"version\": \"" + ToxiproxyServer.VERSION + "\"}\n");
        assertThat(v.contentType()).isEqualTo("application/json;charset=utf-8");
        ToxiproxyRig.Answer browser = r.call("GET", "/proxies", null, "Mozilla/5.0 (X11; Linux x86_64)");
        assertThat(browser.status()).isEqualTo(403);
        assertThat(browser.body()).isEqualTo("User agent not allowed\n");
        assertThat(r.call("GET", "/nothing", null).status()).isEqualTo(404);
        assertThat(r.call("POST", "/version", "{}").status()).isEqualTo(405);
        assertThat(r.call("POST", "/proxies", "x".repeat(ToxiproxyServer.MAX_BODY + 10)).status()).isEqualTo(400);
    }

    @Test
    void nonLoopbackAddressesAreRefusedUnlessAllowed() throws Exception {
        ToxiproxyRig r = rig();
        // resolved, never connected to: the address is refused before any socket exists
        ToxiproxyRig.Answer up = r.call("POST", "/proxies", "{\"name\":\"far\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"10.1.2.3:5432\"}");
        assertThat(up.status()).isEqualTo(403);
        assertThat(up.json().get("error").asText()).contains("not a loopback address", "--allow-remote-upstream");
        ToxiproxyRig.Answer listen = r.call("POST", "/proxies", "{\"name\":\"wide\",\"listen\":\"0.0.0.0:0\",\"upstream\":\"" + r.echoAddress() + "\"}");
        assertThat(listen.status()).isEqualTo(403);
        assertThat(listen.json().get("error").asText()).contains("--allow-remote-listen");
        assertThat(r.call("GET", "/proxies", null).body()).isEqualTo("{}");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ToxiproxyServer.start(new InetSocketAddress("0.0.0.0", 0), false,
                        r.server == null ? null : new ServeSettings(dev.falsify.runner.proxy.LoopbackFaultProxy.Reach.LOOPBACK,
                                ServeSettings.DisableAs.DOWN, 1, EvidenceLog.off())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--allow-remote-api");
    }

    @Test
    void disabledAsPartitionBlackHolesWithEvidence() throws Exception {
        rig = new ToxiproxyRig(null, ServeSettings.DisableAs.PARTITION);
        String listen = create(rig, "db");
        int port = Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1));
        assertThat(rig.call("POST", "/proxies/db", "{\"enabled\":false}").json().get("enabled").asBoolean()).isFalse();
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(300);
            s.getOutputStream().write(new byte[10]);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.getInputStream().read())
                    .isInstanceOf(SocketTimeoutException.class);
        }
        JsonNode e = rig.call("GET", "/proxies/db/evidence", null).json();
        JsonNode w = e.get("disabled_as_partition").get(0);
        assertThat(w.get("connectionsHeld").asLong()).isEqualTo(1);
        assertThat(rig.call("PATCH", "/proxies/db", "{\"enabled\":true}").json().get("enabled").asBoolean()).isTrue();
    }
}
