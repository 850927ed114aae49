package dev.falsify.runner.cluster;

import dev.falsify.runner.faults.ShellCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One run's cluster on this machine: a network namespace per netns node and one for the clients, each with
 * loopback up and its own address on a private bridge, which itself lives in a namespace of its own (the
 * "hub") — so nothing is ever added to the host's links, addresses, routes or firewall. Every name carries
 * the run's id ({@link ClusterNames}); {@link #close()} removes everything, a JVM shutdown hook covers Ctrl-C
 * and SIGTERM, and {@link ClusterSweep} removes what a {@code kill -9}'d run left behind.
 */
public final class Cluster implements AutoCloseable {
    private static final Set<Cluster> OPEN = ConcurrentHashMap.newKeySet();
    private static final Duration SCRIPT_LIMIT = Duration.ofSeconds(30);

    static {
        Thread hook = new Thread(() -> List.copyOf(OPEN).forEach(Cluster::close), "falsify-cluster-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private final ClusterNames names;
    private final Subnets.Claim subnet;
    private final Map<String, NodeTransport> nodes;
    private final NodeTransport.Netns client;
    private final AtomicInteger chains = new AtomicInteger();
    private volatile boolean closed;

    private Cluster(ClusterNames names, Subnets.Claim subnet, Map<String, NodeTransport> nodes, NodeTransport.Netns client) {
        this.names = names;
        this.subnet = subnet;
        this.nodes = Collections.unmodifiableMap(nodes);
        this.client = client;
    }

    /** Thrown when the cluster cannot be built; the message says what failed, and nothing is left behind. */
    public static class SetupException extends Exception {
        SetupException(String message) {
            super(message);
        }
    }

    /**
     * Builds the cluster: sweeps leftovers of dead runs, claims a /24 no other run and no host route uses, then
     * creates the namespaces. {@code local} nodes are only named (they are this host, 127.0.0.1).
     */
    public static Cluster up(List<String> netnsNodes, List<String> localNodes) throws SetupException {
        List<String> missing = HostTools.missing();
        if (!missing.isEmpty()) throw new SetupException("this host lacks " + String.join("; ", missing));
        ClusterSweep.sweep();
        ClusterNames names = ClusterNames.fresh();
        Subnets.Claim claim = Subnets.claim(names.id());
        String ip = HostTools.ip();
        String ipt = HostTools.iptables();
        StringBuilder sh = new StringBuilder("set -e\n");
        String hub = names.hub();
        sh.append(ip).append(" netns add ").append(hub).append('\n')
          .append(ip).append(" -n ").append(hub).append(" link set lo up\n")
          .append(ip).append(" -n ").append(hub).append(" link add br0 type bridge\n")
          .append(ip).append(" -n ").append(hub).append(" link set br0 up\n");
        Map<String, NodeTransport> nodes = new LinkedHashMap<>();
        List<String> roles = new ArrayList<>();
        roles.add(null); // the client namespace
        roles.addAll(netnsNodes);
        for (int i = 0; i < roles.size(); i++) {
            String node = roles.get(i);
            String ns = node == null ? names.client() : names.node(node);
            String addr = claim.address(node == null ? 2 : 10 + i);
            sh.append(ip).append(" netns add ").append(ns).append('\n')
              .append(ip).append(" -n ").append(ns).append(" link set lo up\n")
              .append(ip).append(" -n ").append(hub).append(" link add v").append(i).append(" type veth peer name eth0 netns ").append(ns).append('\n')
              .append(ip).append(" -n ").append(hub).append(" link set v").append(i).append(" master br0 up\n")
              .append(ip).append(" -n ").append(ns).append(" addr add ").append(addr).append("/24 dev eth0\n")
              .append(ip).append(" -n ").append(ns).append(" link set eth0 up\n");
            if (node != null) {
                // the fault chain every partition and loss rule hangs from, inside the node's own namespace
                sh.append(ip).append(" netns exec ").append(ns).append(' ').append(ipt).append(" -w -N FALSIFY\n")
                  .append(ip).append(" netns exec ").append(ns).append(' ').append(ipt).append(" -w -I INPUT 1 -j FALSIFY\n");
                nodes.put(node, new NodeTransport.Netns(node, addr, ns));
            }
        }
        for (String node : localNodes) nodes.put(node, new NodeTransport.Local(node));
        NodeTransport.Netns client = new NodeTransport.Netns("client", claim.address(2), names.client());
        Cluster c = new Cluster(names, claim, nodes, client);
        OPEN.add(c);
        ShellCommand.Outcome o = HostTools.sh(sh.toString(), SCRIPT_LIMIT);
        if (!o.ok()) {
            c.close();
            throw new SetupException("could not create the cluster's namespaces: " + o.output().strip());
        }
        return c;
    }

    /** The cluster's id (the prefix of every name it created). */
    public String id() {
        return names.id();
    }

    /** The private /24 the nodes' addresses are in. */
    public String subnet() {
        return subnet.cidr();
    }

    /** Every declared node, netns and local, by name. */
    public Map<String, NodeTransport> nodes() {
        return nodes;
    }

    /** The namespace the workload, readiness probes and the final-state dump run in. */
    public NodeTransport.Netns client() {
        return client;
    }

    /** The netns node called {@code name}; throws when it is not one. */
    public NodeTransport.Netns netns(String name) {
        if (nodes.get(name) instanceof NodeTransport.Netns n) return n;
        throw new IllegalArgumentException("no netns node named " + name);
    }

    /** The netns nodes in declared order. */
    public List<String> netnsNodes() {
        return nodes.values().stream().filter(n -> n instanceof NodeTransport.Netns).map(NodeTransport::node).toList();
    }

    /** Every namespace this cluster created (hub, client, nodes). */
    public List<String> namespaces() {
        List<String> out = new ArrayList<>(List.of(names.hub(), names.client()));
        for (String n : netnsNodes()) out.add(netns(n).netns());
        return out;
    }

    /** A fresh chain name for one fault window (unique within the cluster). */
    String nextChain() {
        return "FZ" + chains.incrementAndGet();
    }

    boolean closed() {
        return closed;
    }

    /**
     * Removes every namespace (their links, addresses, rules and qdiscs go with them) and releases the subnet.
     * Idempotent; safe from the shutdown hook.
     */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        OPEN.remove(this);
        remove(namespaces());
        subnet.release();
    }

    /** Deletes namespaces by name, ignoring those already gone. */
    static void remove(List<String> netns) {
        if (netns.isEmpty()) return;
        String ip = HostTools.ip();
        StringBuilder sh = new StringBuilder();
        for (String ns : netns) sh.append(ip).append(" netns del ").append(ns).append(" 2>/dev/null\n");
        sh.append("true\n");
        HostTools.sh(sh.toString(), SCRIPT_LIMIT);
    }
}
