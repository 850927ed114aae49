package dev.falsify.runner.cluster;

import dev.falsify.model.plan.run.ClusterVocabulary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Jepsen's partition shapes as a grudge: for each node, the nodes whose packets it refuses. Pure, so the
 * shapes are tested without namespaces; {@link DropWindow} turns a grudge into DROP rules.
 */
public final class PartitionShapes {
    private PartitionShapes() {
    }

    /**
     * @param nodes the nodes the shape splits, in order (the fault's list, else every netns node as declared)
     * @param node  {@code isolate}'s node
     */
    public static Map<String, Set<String>> grudge(ClusterVocabulary.Shape shape, List<String> nodes, String node,
            List<String> from, List<String> to) {
        Map<String, Set<String>> g = new LinkedHashMap<>();
        int n = nodes.size();
        switch (shape) {
            case ISOLATE -> {
                for (String other : nodes) {
                    if (!other.equals(node)) cut(g, List.of(node), List.of(other));
                }
            }
            case HALVES -> cut(g, nodes.subList(0, n / 2), nodes.subList(n / 2, n));
            case BRIDGE -> cut(g, nodes.subList(0, n / 2), nodes.subList(n / 2 + 1, n));
            case MAJORITIES_RING -> {
                int m = n / 2 + 1;
                int back = (m - 1) / 2;
                int ahead = m - 1 - back;
                for (int i = 0; i < n; i++) {
                    Set<String> sees = new LinkedHashSet<>();
                    for (int d = -back; d <= ahead; d++) sees.add(nodes.get(Math.floorMod(i + d, n)));
                    for (String other : nodes) {
                        if (!sees.contains(other)) g.computeIfAbsent(nodes.get(i), k -> new LinkedHashSet<>()).add(other);
                    }
                }
            }
            case ONE_WAY -> {
                for (String receiver : to) {
                    for (String sender : from) g.computeIfAbsent(receiver, k -> new LinkedHashSet<>()).add(sender);
                }
            }
        }
        return g;
    }

    /** Both directions between every node of {@code a} and every node of {@code b}. */
    private static void cut(Map<String, Set<String>> g, List<String> a, List<String> b) {
        for (String x : a) {
            for (String y : b) {
                g.computeIfAbsent(x, k -> new LinkedHashSet<>()).add(y);
                g.computeIfAbsent(y, k -> new LinkedHashSet<>()).add(x);
            }
        }
    }

    /** The grudge's links as "sender→receiver" lines, for timelines and reports. */
    public static List<String> describe(Map<String, Set<String>> grudge) {
        List<String> out = new ArrayList<>();
        grudge.forEach((receiver, senders) -> senders.forEach(s -> out.add(s + "→" + receiver)));
        return out;
    }
}
