package dev.falsify.runner.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.ClusterVocabulary;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Real namespaces, real rules, real packets; skipped with the reason on a host without root, ip or iptables. */
class ClusterTest {

    @BeforeEach
    void needsRoot() {
        ClusterRig.assumeClusterHost();
    }

    @Test
    void partitionDropsCountedPacketsInsideTheNamespacesAndLeavesTheHostAsItWas() throws Exception {
        String before = ClusterRig.hostNetwork();
        List<String> created;
        try (Cluster c = Cluster.up(List.of("n1", "n2", "n3"), List.of())) {
            created = c.namespaces();
            assertThat(ClusterSweep.ours()).containsAll(created);
            assertThat(c.netns("n1").address()).startsWith(c.subnet().substring(0, c.subnet().lastIndexOf('.')));
            Map<String, Set<String>> grudge = PartitionShapes.grudge(ClusterVocabulary.Shape.ISOLATE, c.netnsNodes(), "n1",
                    List.of(), List.of());
            DropWindow w = DropWindow.partition(c, grudge);
            assertThat(w.read()).hasSize(4).allSatisfy((link, n) -> assertThat(n.packets()).isZero());
            ClusterRig.udp(c, "n2", "n1", 9, 7);
            ClusterRig.udp(c, "n1", "n3", 9, 3);
            ClusterRig.udp(c, "n2", "n3", 9, 5); // not part of the partition: no rule counts it
            Map<DropWindow.Link, DropWindow.Count> during = w.read();
            assertThat(during.get(new DropWindow.Link("n2", "n1")).packets()).isEqualTo(7);
            assertThat(during.get(new DropWindow.Link("n1", "n3")).packets()).isEqualTo(3);
            assertThat(during.get(new DropWindow.Link("n3", "n1")).packets()).isZero();
            assertThat(during).doesNotContainKey(new DropWindow.Link("n2", "n3"));
            Map<DropWindow.Link, DropWindow.Count> last = w.heal();
            assertThat(last.get(new DropWindow.Link("n2", "n1")).packets()).isEqualTo(7);
            assertThat(w.read()).isEmpty(); // the chain is gone
        }
        assertThat(ClusterSweep.ours()).doesNotContainAnyElementsOf(created);
        assertThat(ClusterRig.hostNetwork()).isEqualTo(before);
    }

    @Test
    void lossCountsTheDropsOfItsRandomRule() throws Exception {
        try (Cluster c = Cluster.up(List.of("a", "b"), List.of())) {
            DropWindow w = DropWindow.loss(c, List.of("b"), 50);
            ClusterRig.udp(c, "a", "b", 9, 200);
            long dropped = w.heal().get(new DropWindow.Link("any", "b")).packets();
            // 200 packets at 50 %: fewer than 40 or more than 160 would be a 1-in-10^18 draw
            assertThat(dropped).isBetween(40L, 160L);
        }
    }

    @Test
    void bandwidthLimitShowsInTheQdiscStatistics() throws Exception {
        try (Cluster c = Cluster.up(List.of("a", "b"), List.of())) {
            QdiscWindow w = QdiscWindow.start(c, ClusterVocabulary.NetKind.BANDWIDTH, Map.of("kbps", "64"), List.of("a"));
            ClusterRig.sh("ip netns exec " + c.netns("a").netns() + " bash -c 'head -c 60000 /dev/zero > /dev/udp/"
                    + c.netns("b").address() + "/9' 2>/dev/null; for i in $(seq 60); do ip netns exec " + c.netns("a").netns()
                    + " bash -c 'head -c 1400 /dev/zero > /dev/udp/" + c.netns("b").address() + "/9' 2>/dev/null; done");
            QdiscWindow.Stats s = w.heal().get("a");
            assertThat(s).isNotNull();
            assertThat(s.overlimits() + s.dropped()).isPositive();
        }
    }

    @Test
    void twoClustersAtOnceGetDisjointNamesAndSubnets() throws Exception {
        try (Cluster a = Cluster.up(List.of("n1", "n2"), List.of()); Cluster b = Cluster.up(List.of("n1", "n2"), List.of())) {
            assertThat(a.id()).isNotEqualTo(b.id());
            assertThat(a.subnet()).isNotEqualTo(b.subnet());
            assertThat(a.namespaces()).doesNotContainAnyElementsOf(b.namespaces());
        }
    }
}
