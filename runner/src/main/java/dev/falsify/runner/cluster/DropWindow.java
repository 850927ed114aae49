package dev.falsify.runner.cluster;

import dev.falsify.runner.faults.ShellCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One fault window's DROP rules, inside the node namespaces of a {@link Cluster} only: a chain of its own in
 * each receiving node (hung from that namespace's FALSIFY chain), one rule per dropped link, each rule's
 * packet and byte counters its landing evidence. {@link #heal()} reads the counters a last time and removes
 * the chains; closing the cluster removes them anyway.
 */
public final class DropWindow {
    private static final Pattern RULE = Pattern.compile("^\\s*(\\d+)\\s+(\\d+)\\s+DROP\\b.*?/\\* (\\S+) \\*/", Pattern.MULTILINE);
    private static final Duration LIMIT = Duration.ofSeconds(20);

    /** One rule: packets from {@code sender} (a node, or "any" for loss) never reach {@code receiver}. */
    public record Link(String sender, String receiver) {
        public String label() {
            return sender + "→" + receiver;
        }

        /** The rule's comment: names are words ({@link ClusterNames#NODE}), so ':' separates them unambiguously. */
        String comment() {
            return sender + ":" + receiver;
        }
    }

    /** A counter reading of one rule. */
    public record Count(long packets, long bytes) {
    }

    private final Cluster cluster;
    private final String chain;
    private final List<Link> links;
    private volatile boolean healed;

    private DropWindow(Cluster cluster, String chain, List<Link> links) {
        this.cluster = cluster;
        this.chain = chain;
        this.links = List.copyOf(links);
    }

    /** Installs the grudge (receiver → senders it refuses); fails with the tool's message when a rule cannot be added. */
    public static DropWindow partition(Cluster cluster, Map<String, Set<String>> grudge) throws Cluster.SetupException {
        List<Link> links = new ArrayList<>();
        Map<String, StringBuilder> rules = new LinkedHashMap<>();
        String chain = cluster.nextChain();
        grudge.forEach((receiver, senders) -> {
            StringBuilder r = open(rules, cluster.netns(receiver).netns(), chain);
            for (String sender : senders) {
                Link l = new Link(sender, receiver);
                links.add(l);
                rule(r, chain, "-s " + cluster.netns(sender).address() + "/32", l);
            }
        });
        return install(cluster, chain, links, rules);
    }

    /** Random loss of {@code percent} % of the packets each node receives from the cluster's subnet. */
    public static DropWindow loss(Cluster cluster, List<String> nodes, int percent) throws Cluster.SetupException {
        List<Link> links = new ArrayList<>();
        Map<String, StringBuilder> rules = new LinkedHashMap<>();
        String chain = cluster.nextChain();
        String p = String.format(java.util.Locale.ROOT, "%.4f", Math.max(0, Math.min(100, percent)) / 100.0);
        for (String receiver : nodes) {
            StringBuilder r = open(rules, cluster.netns(receiver).netns(), chain);
            Link l = new Link("any", receiver);
            links.add(l);
            rule(r, chain, "-s " + cluster.subnet() + " -m statistic --mode random --probability " + p, l);
        }
        return install(cluster, chain, links, rules);
    }

    /**
     * One {@code iptables-restore --noflush} per receiving namespace, all at once: a rule set lands in one step per
     * node (nothing half-installed is ever counted), and the window's start waits for the slowest node only.
     */
    private static DropWindow install(Cluster cluster, String chain, List<Link> links, Map<String, StringBuilder> rules)
            throws Cluster.SetupException {
        DropWindow w = new DropWindow(cluster, chain, links);
        StringBuilder sh = new StringBuilder("fail=0; pids=''\n");
        String restore = HostTools.find("iptables-restore").orElse("iptables-restore");
        rules.forEach((ns, r) -> sh.append(HostTools.ip()).append(" netns exec ").append(ns).append(' ').append(restore)
                .append(" -w -n <<'FALSIFY_RULES' &\n").append(r).append("COMMIT\nFALSIFY_RULES\npids=\"$pids $!\"\n"));
        sh.append("for p in $pids; do wait $p || fail=1; done\nexit $fail\n");
        ShellCommand.Outcome o = HostTools.sh(sh.toString(), LIMIT);
        if (!o.ok()) {
            w.heal();
            throw new Cluster.SetupException("could not add the DROP rules: " + o.output().strip());
        }
        return w;
    }

    private static StringBuilder open(Map<String, StringBuilder> rules, String ns, String chain) {
        return rules.computeIfAbsent(ns, k -> new StringBuilder("*filter\n:" + chain + " - [0:0]\n-A FALSIFY -j " + chain + "\n"));
    }

    private static void rule(StringBuilder r, String chain, String match, Link l) {
        r.append("-A ").append(chain).append(' ').append(match).append(" -j DROP -m comment --comment \"").append(l.comment()).append("\"\n");
    }

    public List<Link> links() {
        return links;
    }

    /** Each rule's counters now (a rule that cannot be read is absent). */
    public Map<Link, Count> read() {
        Map<Link, Count> out = new LinkedHashMap<>();
        if (cluster.closed()) return out;
        StringBuilder sh = new StringBuilder();
        for (String receiver : receivers()) {
            sh.append(HostTools.ip()).append(" netns exec ").append(cluster.netns(receiver).netns()).append(' ')
              .append(HostTools.iptables()).append(" -w -nvx -L ").append(chain).append(" 2>/dev/null\n");
        }
        ShellCommand.Outcome o = HostTools.sh(sh.toString(), LIMIT);
        Matcher m = RULE.matcher(o.output());
        Map<String, Count> byComment = new LinkedHashMap<>();
        while (m.find()) byComment.put(m.group(3), new Count(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
        for (Link l : links) {
            Count c = byComment.get(l.comment());
            if (c != null) out.put(l, c);
        }
        return out;
    }

    /** Reads the counters a last time, then removes the window's rules; returns that last reading. */
    public synchronized Map<Link, Count> heal() {
        if (healed) return Map.of();
        Map<Link, Count> last = read();
        healed = true;
        if (cluster.closed()) return last;
        StringBuilder sh = new StringBuilder();
        for (String receiver : receivers()) {
            String x = HostTools.ip() + " netns exec " + cluster.netns(receiver).netns() + " " + HostTools.iptables() + " -w ";
            sh.append(x).append("-D FALSIFY -j ").append(chain).append(" 2>/dev/null; ")
              .append(x).append("-F ").append(chain).append(" 2>/dev/null; ")
              .append(x).append("-X ").append(chain).append(" 2>/dev/null\n");
        }
        sh.append("true\n");
        HostTools.sh(sh.toString(), LIMIT);
        return last;
    }

    private List<String> receivers() {
        return links.stream().map(Link::receiver).distinct().toList();
    }
}
