package dev.falsify.runner.cluster;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.falsify.runner.faults.ShellCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** What the cluster tests share: the root check (a visible skip reason), the host's network state, traffic. */
final class ClusterRig {
    private ClusterRig() {
    }

    /** Skips the test, saying what is missing, on a host that cannot build namespaces. */
    static void assumeClusterHost() {
        List<String> missing = HostTools.missing();
        assumeTrue(missing.isEmpty(), () -> "needs a host that can build network namespaces; missing: " + String.join("; ", missing));
    }

    /** The host namespace's firewall, routes and links, as text: must be byte-identical before and after a run. */
    static String hostNetwork() {
        ShellCommand.Outcome o = sh("iptables-save | grep -v '^#'; echo ---; ip6tables-save 2>/dev/null | grep -v '^#'; echo ---;"
                + " ip route show table all; echo ---; ip -6 route show table all; echo ---; ip -o link show | sed 's/ state .*//'; echo ---; ip -o addr show");
        return o.output();
    }

    static ShellCommand.Outcome sh(String script) {
        return new ShellCommand(script, Path.of("/"), Map.of(), Duration.ofSeconds(30)).run();
    }

    /** Sends {@code count} UDP datagrams from node {@code from} to {@code to}'s address (bash's /dev/udp). */
    static void udp(Cluster c, String from, String to, int port, int count) {
        sh("ip netns exec " + c.netns(from).netns() + " bash -c 'for i in $(seq " + count + "); do echo x > /dev/udp/"
                + c.netns(to).address() + "/" + port + "; done' 2>/dev/null");
    }
}
