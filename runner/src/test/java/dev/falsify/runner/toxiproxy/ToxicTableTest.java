package dev.falsify.runner.toxiproxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunSpecParser;
import dev.falsify.model.plan.run.RunSpecResult;
import dev.falsify.model.plan.run.RunVocabulary.ToxicAttribute;
import dev.falsify.model.plan.run.RunVocabulary.ToxicType;
import dev.falsify.runner.proxy.ConnectionSelector;
import dev.falsify.runner.proxy.ProxyFault;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The one table: a toxic written in a run block ({@code toxic:}) and the same toxic sent to
 * {@code falsify proxy serve} become the same engine fault and connection selector, and docs/runner.md
 * lists each mapping.
 */
class ToxicTableTest {
    private static final Map<ToxicType, Map<String, Long>> SAMPLES = Map.of(
            ToxicType.LATENCY, Map.of("latency", 120L, "jitter", 15L),
            ToxicType.BANDWIDTH, Map.of("rate", 64L),
            ToxicType.SLOW_CLOSE, Map.of("delay", 700L),
            ToxicType.TIMEOUT, Map.of("timeout", 300L),
            ToxicType.RESET_PEER, Map.of("timeout", 20L),
            ToxicType.SLICER, Map.of("average_size", 16L, "size_variation", 4L, "delay", 100L),
            ToxicType.LIMIT_DATA, Map.of("bytes", 1000L));

    private static RunSpecResult lint(String toxic) {
        return RunSpecParser.parse("proxies:\n  - { name: db, listen: \"127.0.0.1:1\", upstream: \"127.0.0.1:2\" }\n"
                + "services:\n  - { name: s, cmd: \"true\" }\nworkload: { cmd: \"true\" }\n"
                + "faults:\n  - name: f\n    at: 1s\n    for: 1s\n    toxic: " + toxic + "\n");
    }

    @Test
    void aRunBlockToxicAndAServedToxicAreTheSameFault() throws Exception {
        assertThat(SAMPLES).containsOnlyKeys(ToxicType.values());
        for (ToxicType t : ToxicType.values()) {
            for (String stream : new String[]{"upstream", "downstream"}) {
                Map<String, Long> attrs = new LinkedHashMap<>(SAMPLES.get(t));
                String yamlAttrs = attrs.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
                RunSpecResult r = lint("{ proxy: db, type: " + t.id() + ", stream: " + stream + ", toxicity: 0.25, attributes: { "
                        + yamlAttrs + " } }");
                assertThat(r.errors()).as(t.id()).isEmpty();
                RunSpec.ProxyAction pf = (RunSpec.ProxyAction) r.spec().faults().get(0).action();
                assertThat(pf.kind()).isEqualTo(t.kind().id());
                ProxyFault fromPlan = ProxyFault.parse(pf.kind(), pf.params());
                ConnectionSelector selFromPlan = ConnectionSelector.parse(pf.connections());

                String json = "{\"type\":\"" + t.id() + "\",\"stream\":\"" + stream + "\",\"toxicity\":0.25,\"attributes\":"
                        + new ObjectMapper().writeValueAsString(attrs) + "}";
                ToxicSpec served = ToxicSpec.create(new ObjectMapper().readTree(json));
                assertThat(served.fault()).as(t.id() + " " + stream).isEqualTo(fromPlan);
                assertThat(served.selector()).isEqualTo(selFromPlan).isEqualTo(new ConnectionSelector.Fraction(0.25));
            }
        }
        assertThat(((ProxyFault.Bandwidth) ToxicSpec.create(new ObjectMapper().readTree(
                "{\"type\":\"bandwidth\",\"attributes\":{\"rate\":100}}")).fault()).kbps()).as("KB/s to kbit/s").isEqualTo(800);
    }

    @Test
    void lintRefusesWhatNoToxicHas() {
        assertThat(lint("{ proxy: db, type: explode }").errors()).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("unknown toxic type", "latency"));
        assertThat(lint("{ proxy: db, type: latency, attributes: { ms: 5 } }").errors()).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("has no attribute 'ms'", "latency, jitter"));
        assertThat(lint("{ proxy: db, type: latency, stream: both }").errors()).hasSize(1);
        assertThat(lint("{ proxy: db, type: latency, toxicity: 2 }").errors()).hasSize(1);
        assertThat(lint("{ proxy: nope, type: latency }").errors()).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("unknown proxy 'nope'"));
        RunSpecResult defaults = lint("{ proxy: db, type: latency }");
        assertThat(defaults.errors()).isEmpty();
        RunSpec.ProxyAction pf = (RunSpec.ProxyAction) defaults.spec().faults().get(0).action();
        assertThat(pf.params()).containsEntry("direction", "downstream").containsEntry("ms", "0");
        assertThat(pf.connections()).isEqualTo("all");
    }

    @Test
    void docsListTheTable() throws Exception {
        String docs = Files.readString(Path.of("..", "docs", "runner.md"), StandardCharsets.UTF_8);
        for (ToxicType t : ToxicType.values()) {
            String row = docs.lines().filter(l -> l.startsWith("| **`" + t.id() + "`** |")).findFirst().orElse("");
            assertThat(row).as("docs/runner.md row of " + t.id()).contains("`" + t.kind().id() + "`");
            for (ToxicAttribute a : t.attributes()) {
                assertThat(row).as(t.id()).contains("`" + a.name() + "`→`" + a.param() + "`" + (a.factor() == 1 ? "" : " ×" + a.factor()));
            }
        }
    }
}
