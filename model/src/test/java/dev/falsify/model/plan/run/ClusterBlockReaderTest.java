package dev.falsify.model.plan.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterBlockReaderTest {

    static final String CLUSTER = """
            nodes:
              - { name: n1, transport: netns }
              - { name: n2, transport: netns }
              - { name: n3, transport: NetNS }
              - dev
            services:
              - name: kv1
                node: n1
                cmd: "kv --bind {node:n1} --leader {node:n1}:7000"
                ready: { tcp: "{node:n1}:7001" }
            workload:
              cmd: "wl --nodes {node:n1}:7001,{node:n2}:7001"
            faults:
              - name: iso
                at: 1s
                for: 2s
                partition: { shape: isolate, node: n1 }
              - name: asym
                at: 3s
                for: 1s
                partition: { shape: one-way, from: [n1], to: [n2, n3] }
              - name: lossy
                at: 5s
                for: 1s
                net: { kind: loss, nodes: [n2], params: { percent: 30 } }
            """;

    @Test
    void readsNodesServiceNodesAndClusterFaults() {
        RunSpecResult r = RunSpecParser.parse(CLUSTER);
        assertThat(r.errors()).isEmpty();
        RunSpec s = r.spec();
        assertThat(s.nodes()).extracting(RunSpec.Node::name).containsExactly("n1", "n2", "n3", "dev");
        assertThat(s.nodes()).extracting(RunSpec.Node::transport).containsExactly("netns", "netns", "netns", "local");
        assertThat(s.hasNetnsNodes()).isTrue();
        assertThat(s.services().get(0).node()).isEqualTo("n1");
        assertThat(s.faults().get(0).action()).isEqualTo(new RunSpec.PartitionAction("isolate", "n1", List.of(), List.of(), List.of()));
        assertThat(s.faults().get(1).action()).isEqualTo(new RunSpec.PartitionAction("one-way", null, List.of(), List.of("n1"),
                List.of("n2", "n3")));
        assertThat(s.faults().get(2).action()).isEqualTo(new RunSpec.NetAction("loss", List.of("n2"), java.util.Map.of("percent", "30")));
    }

    @Test
    void namesWhatIsWrong() {
        String yaml = """
                nodes:
                  - { name: n1, transport: netns }
                  - { name: n1, transport: docker }
                  - { name: "../x", transport: netns }
                  - { name: l, transport: local }
                services:
                  - { name: a, node: n9, cmd: "x {node:n7}" }
                workload: { cmd: w }
                faults:
                  - { name: f1, at: 1s, partition: { shape: square } }
                  - { name: f2, at: 1s, partition: { shape: one-way, from: [n1] } }
                  - { name: f3, at: 1s, partition: { shape: isolate, node: l } }
                  - { name: f4, at: 1s, partition: { shape: majorities-ring } }
                  - { name: f5, at: 1s, net: { kind: loss, params: { percent: 140, ms: 3 } } }
                  - { name: f6, at: 1s, net: { kind: jitter } }
                  - { name: f7, at: 1s, partition: { shape: halves, node: n1 } }
                """;
        List<String> messages = RunSpecParser.parse(yaml).errors().stream().map(RunSpecError::message).toList();
        assertThat(messages).contains(
                "node 'n1' is declared twice",
                "unknown node transport 'docker' (expected local or netns)",
                "node name '../x' must be a word of at most 16 letters, digits, _ or -",
                "service runs on unknown node 'n9' (declared: l, n1)",
                "{node:n7} names no declared node (declared: l, n1)",
                "unknown partition shape 'square' (expected isolate, halves, majorities-ring, bridge or one-way)",
                "partition shape one-way needs 'to'",
                "node 'l' has transport local: network faults need transport: netns",
                "partition shape majorities-ring needs at least 4 netns nodes (it has 1)",
                "percent '140' must be from 0 to 100",
                "net fault kind loss takes no parameter 'ms' (it takes percent)",
                "unknown net fault kind 'jitter' (expected loss, bandwidth, delay, duplicate, reorder or corrupt)",
                "partition shape halves takes no 'node'");
    }

    @Test
    void clusterFaultsWithoutNetnsNodesAreRefused() {
        String yaml = """
                workload: { cmd: w }
                faults:
                  - { name: f1, at: 1s, partition: { shape: halves } }
                """;
        assertThat(RunSpecParser.parse(yaml).errors()).extracting(RunSpecError::message)
                .contains("a partition needs nodes with transport: netns (the run block declares none)");
    }
}
