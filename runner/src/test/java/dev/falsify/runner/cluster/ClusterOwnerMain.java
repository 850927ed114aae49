package dev.falsify.runner.cluster;

import java.util.List;

/** A JVM that builds a cluster, prints its namespaces and subnet, then waits to be killed (ClusterCrashTest). */
public final class ClusterOwnerMain {
    private ClusterOwnerMain() {
    }

    public static void main(String[] args) throws Exception {
        Cluster c = Cluster.up(List.of("a", "b"), List.of());
        System.out.println(String.join(",", c.namespaces()) + " " + c.subnet());
        System.out.flush();
        Thread.sleep(120_000);
    }
}
