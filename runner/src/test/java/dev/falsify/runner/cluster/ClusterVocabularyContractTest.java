package dev.falsify.runner.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.ClusterVocabulary;
import dev.falsify.model.plan.run.RunSpecParser;
import dev.falsify.model.plan.run.RunVocabulary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/runner.md's "Nodes and cluster faults" tables, lint and the runner say what {@link ClusterVocabulary} says. */
class ClusterVocabularyContractTest {
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z-]+)` \\|(.*)$", Pattern.MULTILINE);

    private static Map<String, String> rows(String heading, String tableHead) throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "runner.md"));
        String section = doc.substring(doc.indexOf(heading));
        section = section.substring(section.indexOf(tableHead));
        section = section.substring(0, section.indexOf("\n\n"));
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = ROW.matcher(section);
        while (m.find()) out.put(m.group(1), m.group(2));
        return out;
    }

    @Test
    void theShapesTableIsTheVocabulary() throws Exception {
        Map<String, String> rows = rows("## Nodes and cluster faults", "| shape |");
        assertThat(rows.keySet()).containsExactlyElementsOf(ClusterVocabulary.Shape.ids());
        for (ClusterVocabulary.Shape s : ClusterVocabulary.Shape.values()) {
            String row = rows.get(s.id());
            assertThat(row).as(s.id()).contains("≥ " + s.minNodes());
            for (String f : s.fields()) assertThat(row).as(s.id()).contains("`" + f + "`");
        }
    }

    @Test
    void thePacketFaultTableIsTheVocabularyWithItsDefaults() throws Exception {
        Map<String, String> rows = rows("**Packet faults**", "| kind |");
        assertThat(rows.keySet()).containsExactlyElementsOf(ClusterVocabulary.NetKind.ids());
        for (ClusterVocabulary.NetKind k : ClusterVocabulary.NetKind.values()) {
            List<String> params = new ArrayList<>();
            for (RunVocabulary.Param p : k.params()) params.add("`" + p.name() + "`=" + p.defaultValue());
            assertThat(rows.get(k.id())).as(k.id()).contains(String.join(", ", params)).contains(k.netem() ? "netem" : "");
            // lint takes each default and refuses a parameter the kind does not have
            String yaml = "nodes: [{ name: a, transport: netns }]\nworkload: { cmd: w }\nfaults:\n  - { name: f, at: 1s, net: { kind: "
                    + k.id() + ", params: { " + k.params().get(0).name() + ": " + k.params().get(0).defaultValue() + " } } }\n";
            assertThat(RunSpecParser.parse(yaml).errors()).as(k.id()).isEmpty();
            assertThat(RunSpecParser.parse(yaml.replace(k.params().get(0).name() + ":", "nope:")).errors()).isNotEmpty();
            if (k != ClusterVocabulary.NetKind.LOSS) {
                Map<String, String> defaults = new LinkedHashMap<>();
                assertThat(QdiscWindow.spec(k, defaults)).as("the runner builds every qdisc kind").isNotBlank();
            }
        }
    }

    @Test
    void shapesCutWhatTheTableSays() {
        List<String> five = List.of("n1", "n2", "n3", "n4", "n5");
        var halves = PartitionShapes.grudge(ClusterVocabulary.Shape.HALVES, five, null, List.of(), List.of());
        assertThat(halves.get("n1")).containsExactlyInAnyOrder("n3", "n4", "n5");
        assertThat(halves.get("n5")).containsExactlyInAnyOrder("n1", "n2");
        var bridge = PartitionShapes.grudge(ClusterVocabulary.Shape.BRIDGE, five, null, List.of(), List.of());
        assertThat(bridge).doesNotContainKey("n3");
        assertThat(bridge.get("n1")).containsExactlyInAnyOrder("n4", "n5");
        var ring = PartitionShapes.grudge(ClusterVocabulary.Shape.MAJORITIES_RING, five, null, List.of(), List.of());
        for (int i = 0; i < 5; i++) {
            String n = five.get(i);
            // hears itself and its two ring neighbours: 3 of 5, a majority
            assertThat(ring.get(n)).hasSize(2).doesNotContain(n, five.get((i + 1) % 5), five.get((i + 4) % 5));
        }
        var oneWay = PartitionShapes.grudge(ClusterVocabulary.Shape.ONE_WAY, five, null, List.of("n1"), List.of("n2", "n3"));
        assertThat(oneWay).containsOnlyKeys("n2", "n3");
        assertThat(oneWay.get("n2")).containsExactly("n1");
        var isolate = PartitionShapes.grudge(ClusterVocabulary.Shape.ISOLATE, five, "n3", List.of(), List.of());
        assertThat(isolate.get("n3")).containsExactlyInAnyOrder("n1", "n2", "n4", "n5");
        assertThat(isolate.get("n1")).containsExactly("n3");
    }
}
