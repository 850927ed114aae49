package dev.falsify.runner.cluster;

import dev.falsify.runner.faults.ShellCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which private /24 a cluster's addresses come from. Candidates are the /24s of a pool (10.213.0.0/16, or
 * {@code FALSIFY_CLUSTER_POOL}, a /16 to /24 in 10/8, 172.16/12 or 192.168/16); one the host has an address or
 * route in is skipped, and two runs never get the same one: a run claims a /24 by creating its claim file
 * exclusively (in {@code /run/falsify/clusters}, named by the /24, holding the cluster's id). A claim whose
 * owner is gone is released by {@link ClusterSweep}.
 */
final class Subnets {
    static final Path CLAIMS = Path.of("/run/falsify/clusters");
    private static final Pattern CIDR = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?");

    private Subnets() {
    }

    /** A claimed /24: {@code base} is its first three octets as an int (a << 16 | b << 8 | c). */
    record Claim(int base, Path file) {
        String address(int host) {
            return (base >> 16 & 255) + "." + (base >> 8 & 255) + "." + (base & 255) + "." + host;
        }

        String cidr() {
            return address(0) + "/24";
        }

        void release() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a claim left behind is released by the next sweep: its owner is gone by then
            }
        }
    }

    static Claim claim(String clusterId) throws Cluster.SetupException {
        int[] pool = pool();
        List<long[]> used = hostRanges();
        try {
            Files.createDirectories(CLAIMS);
        } catch (IOException e) {
            throw new Cluster.SetupException("cannot create " + CLAIMS + ": " + e.getMessage());
        }
        int count = 1 << (24 - pool[1]);
        // start from a point that differs per cluster, so parallel runs rarely race for the same file
        int start = Math.floorMod(clusterId.hashCode(), count);
        for (int k = 0; k < count; k++) {
            int base = (pool[0] >>> 8) + (start + k) % count;
            long lo = ((long) base) << 8;
            if (overlaps(used, lo, lo + 255)) continue;
            Path file = CLAIMS.resolve(new Claim(base, null).address(0));
            try {
                Files.writeString(Files.createFile(file), clusterId + "\n", StandardCharsets.UTF_8);
                return new Claim(base, file);
            } catch (FileAlreadyExistsException e) {
                continue;
            } catch (IOException e) {
                throw new Cluster.SetupException("cannot claim a subnet in " + CLAIMS + ": " + e.getMessage());
            }
        }
        throw new Cluster.SetupException("no free /24 left in the cluster pool (" + count + " in use or taken by host routes)");
    }

    /** {network as int, prefix length} of the pool. */
    static int[] pool() throws Cluster.SetupException {
        String text = System.getenv().getOrDefault("FALSIFY_CLUSTER_POOL", "10.213.0.0/16").strip();
        Matcher m = CIDR.matcher(text);
        if (!m.matches() || m.group(5) == null) throw new Cluster.SetupException("FALSIFY_CLUSTER_POOL '" + text + "' is not a CIDR such as 10.213.0.0/16");
        long addr = 0;
        for (int i = 1; i <= 4; i++) {
            int o = Integer.parseInt(m.group(i));
            if (o > 255) throw new Cluster.SetupException("FALSIFY_CLUSTER_POOL '" + text + "' is not an IPv4 address");
            addr = addr << 8 | o;
        }
        int len = Integer.parseInt(m.group(5));
        if (len < 16 || len > 24) throw new Cluster.SetupException("FALSIFY_CLUSTER_POOL must be a /16 to /24, not /" + len);
        long mask = 0xffffffffL << (32 - len) & 0xffffffffL;
        boolean isPrivate = (addr >>> 24) == 10 || (addr >>> 20) == (172L << 4 | 1) || (addr >>> 16) == (192L << 8 | 168);
        if (!isPrivate) throw new Cluster.SetupException("FALSIFY_CLUSTER_POOL '" + text + "' is not a private (RFC 1918) range");
        return new int[] {(int) (addr & mask), len};
    }

    /** The host's own IPv4 addresses and routes (default routes aside), as [lo, hi] ranges. */
    static List<long[]> hostRanges() {
        List<long[]> out = new ArrayList<>();
        String ip = HostTools.ip();
        ShellCommand.Outcome o = HostTools.sh(ip + " -4 route show table all; " + ip + " -4 -o addr show", Duration.ofSeconds(10));
        Matcher m = CIDR.matcher(o.output());
        while (m.find()) {
            long addr = 0;
            boolean ok = true;
            for (int i = 1; i <= 4; i++) {
                int v = Integer.parseInt(m.group(i));
                ok &= v <= 255;
                addr = addr << 8 | v;
            }
            int len = m.group(5) == null ? 32 : Integer.parseInt(m.group(5));
            if (!ok || len > 32 || len == 0) continue;
            long mask = 0xffffffffL << (32 - len) & 0xffffffffL;
            out.add(new long[] {addr & mask, (addr & mask) | (~mask & 0xffffffffL)});
        }
        return out;
    }

    private static boolean overlaps(List<long[]> ranges, long lo, long hi) {
        for (long[] r : ranges) if (r[0] <= hi && lo <= r[1]) return true;
        return false;
    }
}
