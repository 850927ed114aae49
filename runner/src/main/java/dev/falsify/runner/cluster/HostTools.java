package dev.falsify.runner.cluster;

import dev.falsify.runner.faults.ShellCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What building a cluster needs from this host — root or CAP_NET_ADMIN + CAP_SYS_ADMIN, {@code ip}
 * (iproute2), {@code iptables}, {@code tc} — found once, and the scripts that use them. Scripts are made
 * only of this class's absolute program paths and names {@link ClusterNames} built, never of plan text.
 */
public final class HostTools {
    private static final long CAP_NET_ADMIN = 1L << 12;
    private static final long CAP_SYS_ADMIN = 1L << 21;
    private static final Pattern SAFE_PATH = Pattern.compile("/[A-Za-z0-9/_.+-]+");
    private static volatile Boolean netem;

    private HostTools() {
    }

    /** Absolute path of {@code program} on PATH or in the sbin folders root's PATH has, if any. */
    static Optional<String> find(String program) {
        Set<String> dirs = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        if (path != null) dirs.addAll(List.of(path.split(":")));
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
        for (String d : dirs) {
            if (d.isEmpty()) continue;
            Path p = Path.of(d, program);
            if (Files.isExecutable(p) && SAFE_PATH.matcher(p.toString()).matches()) return Optional.of(p.toString());
        }
        return Optional.empty();
    }

    public static String ip() {
        return find("ip").orElse("ip");
    }

    static String iptables() {
        return find("iptables").orElse("iptables");
    }

    static String tc() {
        return find("tc").orElse("tc");
    }

    /**
     * What this host lacks to build a netns cluster, each item saying which capability or program and how
     * to get it; empty when everything is there.
     */
    public static List<String> missing() {
        List<String> out = new ArrayList<>();
        long caps = effectiveCapabilities();
        if ((caps & CAP_NET_ADMIN) == 0 || (caps & CAP_SYS_ADMIN) == 0) {
            List<String> lacking = new ArrayList<>();
            if ((caps & CAP_NET_ADMIN) == 0) lacking.add("CAP_NET_ADMIN");
            if ((caps & CAP_SYS_ADMIN) == 0) lacking.add("CAP_SYS_ADMIN");
            out.add("root or " + String.join(" + ", lacking) + " (network namespaces; run as root or grant the capabilities)");
        }
        if (find("ip").isEmpty()) out.add("ip (iproute2: apt-get install iproute2)");
        if (find("iptables").isEmpty()) out.add("iptables (apt-get install iptables)");
        if (find("tc").isEmpty()) out.add("tc (iproute2: apt-get install iproute2)");
        if (find("ss").isEmpty()) out.add("ss (iproute2: apt-get install iproute2)");
        return out;
    }

    /** CapEff of this process, from /proc/self/status; 0 where unreadable. */
    static long effectiveCapabilities() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) return Long.parseUnsignedLong(line.substring(7).strip(), 16);
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: not Linux, so no namespaces either
        }
        return 0;
    }

    /** Runs an internal script (never plan text) with a time limit. */
    static ShellCommand.Outcome sh(String script, Duration timeout) {
        return new ShellCommand(script, Path.of("/"), Map.of(), timeout).run();
    }

    /**
     * Whether the kernel has the {@code netem} qdisc (some, this project's CI included, do not: "Specified qdisc
     * kind is unknown"). Tried once per JVM on the loopback of a namespace of {@code names}' cluster, never the host's.
     */
    static boolean netem(String anyClusterNetns) {
        Boolean known = netem;
        if (known != null) return known;
        String ipPath = ip();
        ShellCommand.Outcome o = sh(ipPath + " netns exec " + anyClusterNetns + " " + tc() + " qdisc add dev lo root netem delay 1ms && "
                + ipPath + " netns exec " + anyClusterNetns + " " + tc() + " qdisc del dev lo root", Duration.ofSeconds(10));
        boolean has = o.ok();
        netem = has;
        return has;
    }
}
