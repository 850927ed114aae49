package dev.falsify.runner.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removes what runs that are gone left behind — after a {@code kill -9} no hook runs — at the next start of
 * a cluster: namespaces (and with them their bridge, veths, addresses, rules and qdiscs) and subnet claims
 * whose owning process ({@link ClusterNames}: pid and start time) no longer exists. Never touches a name it
 * did not make, nor anything of a live run.
 */
public final class ClusterSweep {
    private static final Path NETNS_DIR = Path.of("/run/netns");

    private ClusterSweep() {
    }

    /** Removes leftovers of dead runs; returns the namespaces removed. */
    public static synchronized List<String> sweep() {
        List<String> stale = new ArrayList<>();
        for (String name : list(NETNS_DIR)) {
            ClusterNames.ownerOf(name).filter(o -> !o.alive()).ifPresent(o -> stale.add(name));
        }
        Cluster.remove(stale);
        for (String claim : list(Subnets.CLAIMS)) {
            Path file = Subnets.CLAIMS.resolve(claim);
            try {
                String owner = Files.readString(file, StandardCharsets.UTF_8).strip();
                // the claim file is written just after it is created: an empty one is a run claiming right now
                if (owner.isEmpty()) continue;
                boolean dead = ClusterNames.ownerOf(owner + "-hub").map(o -> !o.alive()).orElse(false);
                if (dead) Files.deleteIfExists(file);
            } catch (IOException e) {
                // gone meanwhile, or unreadable: leave it
            }
        }
        return stale;
    }

    /** The namespaces of this machine that a cluster made (any owner). */
    public static List<String> ours() {
        return list(NETNS_DIR).stream().filter(n -> ClusterNames.ownerOf(n).isPresent()).toList();
    }

    private static List<String> list(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
