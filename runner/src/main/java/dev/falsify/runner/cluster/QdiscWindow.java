package dev.falsify.runner.cluster;

import dev.falsify.model.plan.run.ClusterVocabulary;
import dev.falsify.runner.faults.ShellCommand;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A packet fault made with a queueing discipline on the cluster side of each chosen node's link ({@code eth0}
 * inside its namespace): {@code tbf} for bandwidth, {@code netem} for delay, duplication, reordering and
 * corruption. Its evidence is the qdisc's own statistics (bytes and packets sent, dropped, overlimits).
 */
public final class QdiscWindow {
    private static final Pattern STATS = Pattern.compile("Sent (\\d+) bytes (\\d+) pkt \\(dropped (\\d+), overlimits (\\d+)");
    private static final Duration LIMIT = Duration.ofSeconds(20);

    /** One node's qdisc statistics. */
    public record Stats(long bytes, long packets, long dropped, long overlimits) {
    }

    /** Thrown when the kernel has no netem: the fault cannot run on this machine (INCONCLUSIVE-env, not a failure). */
    public static final class NoNetem extends Cluster.SetupException {
        NoNetem() {
            super("environment: the kernel has no netem qdisc (tc: \"Specified qdisc kind is unknown\"), needed for delay, "
                    + "duplicate, reorder and corrupt faults");
        }
    }

    private final Cluster cluster;
    private final List<String> nodes;
    private volatile boolean healed;

    private QdiscWindow(Cluster cluster, List<String> nodes) {
        this.cluster = cluster;
        this.nodes = List.copyOf(nodes);
    }

    /** Adds the qdisc of {@code kind} with {@code params} (the vocabulary's, defaults filled in) on each node. */
    public static QdiscWindow start(Cluster cluster, ClusterVocabulary.NetKind kind, Map<String, String> params, List<String> nodes)
            throws Cluster.SetupException {
        if (kind.netem() && !HostTools.netem(cluster.client().netns())) throw new NoNetem();
        String spec = spec(kind, params);
        QdiscWindow w = new QdiscWindow(cluster, nodes);
        StringBuilder sh = new StringBuilder("set -e\n");
        for (String n : nodes) {
            sh.append(HostTools.ip()).append(" netns exec ").append(cluster.netns(n).netns()).append(' ').append(HostTools.tc())
              .append(" qdisc add dev eth0 root ").append(spec).append('\n');
        }
        ShellCommand.Outcome o = HostTools.sh(sh.toString(), LIMIT);
        if (!o.ok()) {
            w.heal();
            throw new Cluster.SetupException("could not add the " + kind.id() + " qdisc: " + o.output().strip());
        }
        return w;
    }

    /** The tc arguments of a kind; every value is a whole number the vocabulary checked. */
    static String spec(ClusterVocabulary.NetKind kind, Map<String, String> params) {
        java.util.function.Function<String, Long> v = name -> Long.parseLong(params.getOrDefault(name,
                kind.param(name).map(dev.falsify.model.plan.run.RunVocabulary.Param::defaultValue).orElse("0")).strip());
        return switch (kind) {
            // burst: at least one full-size packet per tick; latency bounds the queue, beyond it packets drop
            case BANDWIDTH -> "tbf rate " + Math.max(8, v.apply("kbps")) + "kbit burst 16kb latency 200ms";
            case DELAY -> "netem delay " + v.apply("ms") + "ms " + v.apply("jitter_ms") + "ms";
            case DUPLICATE -> "netem duplicate " + v.apply("percent") + "%";
            case REORDER -> "netem delay " + v.apply("ms") + "ms reorder " + v.apply("percent") + "%";
            case CORRUPT -> "netem corrupt " + v.apply("percent") + "%";
            case LOSS -> throw new IllegalArgumentException("loss is an iptables rule, not a qdisc");
        };
    }

    public List<String> nodes() {
        return nodes;
    }

    /** Each node's qdisc statistics now. */
    public Map<String, Stats> read() {
        Map<String, Stats> out = new LinkedHashMap<>();
        if (cluster.closed()) return out;
        for (String n : nodes) {
            ShellCommand.Outcome o = HostTools.sh(HostTools.ip() + " netns exec " + cluster.netns(n).netns() + " " + HostTools.tc()
                    + " -s qdisc show dev eth0", LIMIT);
            Matcher m = STATS.matcher(o.output());
            if (m.find()) {
                out.put(n, new Stats(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4))));
            }
        }
        return out;
    }

    /** Reads the statistics a last time and removes the qdiscs. */
    public synchronized Map<String, Stats> heal() {
        if (healed) return Map.of();
        Map<String, Stats> last = read();
        healed = true;
        if (cluster.closed()) return last;
        StringBuilder sh = new StringBuilder();
        for (String n : nodes) {
            sh.append(HostTools.ip()).append(" netns exec ").append(cluster.netns(n).netns()).append(' ').append(HostTools.tc())
              .append(" qdisc del dev eth0 root 2>/dev/null\n");
        }
        sh.append("true\n");
        HostTools.sh(sh.toString(), LIMIT);
        return last;
    }
}
