package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.runner.cluster.Cluster;
import dev.falsify.devtools.bench.ClusterBenchmark;
import dev.falsify.runner.cluster.HostTools;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench cluster}: set-up and tear-down time of a netns cluster (target ≤ 1 s each for 5 nodes) and
 * the time from a partition's start to its first counted drop (target ≤ 50 ms); medians, with the load average.
 */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = "Benchmark a netns cluster: set up and tear down N nodes, and a partition's time to its first counted drop (needs root).")
public final class BenchClusterCommand implements Callable<Integer> {
    @Option(names = "--nodes", description = "Nodes per cluster (default: ${DEFAULT-VALUE}).")
    int nodes = 5;

    @Option(names = "--repeats", description = "Rounds; the figures are medians (default: ${DEFAULT-VALUE}).")
    int repeats = 5;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        List<String> missing = HostTools.missing();
        if (!missing.isEmpty()) {
            out.println("cannot benchmark a netns cluster here: this host lacks " + String.join("; ", missing));
            out.flush();
            return ExitCode.INCONCLUSIVE.code();
        }
        if (nodes < 2 || nodes > 200 || repeats < 1 || repeats > 1000) {
            spec.commandLine().getErr().println("--nodes must be 2..200 and --repeats 1..1000");
            return ExitCode.BAD_INPUT.code();
        }
        ClusterBenchmark.Result r;
        try {
            r = ClusterBenchmark.run(nodes, repeats);
        } catch (Cluster.SetupException e) {
            out.println("cluster setup failed: " + e.getMessage());
            out.flush();
            return ExitCode.INCONCLUSIVE.code();
        }
        out.printf("netns cluster of %d nodes (+ client and hub namespaces), median of %d rounds:%n", nodes, repeats);
        out.printf("  set up     %.0f ms (rounds: %s) (target <= 1000 ms)%n", r.medianUp(), rounds(r.upMs()));
        out.printf("  tear down  %.0f ms (rounds: %s) (target <= 1000 ms)%n", r.medianDown(), rounds(r.downMs()));
        out.printf("  partition start -> first counted drop  %.0f ms (rounds: %s) (target <= 50 ms)%n", r.medianFirstDrop(),
                rounds(r.firstDropMs()));
        out.printf("machine load average (1, 5, 15 min): %s before, %s after, on %d cores%n", r.loadBefore(), r.loadAfter(),
                Runtime.getRuntime().availableProcessors());
        boolean ok = r.medianUp() <= 1000 && r.medianDown() <= 1000 && r.medianFirstDrop() <= 50;
        out.println(ok ? "PASS" : "BELOW TARGET");
        out.flush();
        return (ok ? ExitCode.OK : ExitCode.FAILED).code();
    }

    private static String rounds(List<Double> xs) {
        StringBuilder sb = new StringBuilder();
        for (double x : xs) sb.append(sb.length() == 0 ? "" : " ").append(String.format("%.0f", x));
        return sb.toString();
    }
}
