package dev.falsify.devtools.bench;

import dev.falsify.runner.cluster.Cluster;
import dev.falsify.runner.cluster.DropWindow;
import dev.falsify.runner.cluster.HostTools;
import dev.falsify.runner.cluster.PartitionShapes;

import dev.falsify.model.plan.run.ClusterVocabulary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code falsify bench cluster}: how long a 5-node netns cluster takes to set up and to tear down (target ≤ 1 s
 * each), and the time from a partition's start to its first counted drop (target ≤ 50 ms) while a node sends a
 * steady UDP stream to the isolated one. Medians of {@code repeats} rounds, with the machine's load average.
 */
public final class ClusterBenchmark {
    private ClusterBenchmark() {
    }

    /** Each round's milliseconds, and the 1-minute load average before and after. */
    public record Result(List<Double> upMs, List<Double> downMs, List<Double> firstDropMs, String loadBefore, String loadAfter) {
        public double medianUp() {
            return median(upMs);
        }

        public double medianDown() {
            return median(downMs);
        }

        public double medianFirstDrop() {
            return median(firstDropMs);
        }
    }

    public static Result run(int nodes, int repeats) throws Cluster.SetupException, InterruptedException {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) names.add("n" + i);
        List<Double> up = new ArrayList<>();
        List<Double> down = new ArrayList<>();
        List<Double> drop = new ArrayList<>();
        String loadBefore = load();
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            Cluster c = Cluster.up(names, List.of());
            up.add((System.nanoTime() - t0) / 1e6);
            Process sender = null;
            try {
                // a steady stream n2 → n1 (bash builtins: no process per packet), so the first drop waits on the rule only
                sender = new ProcessBuilder(HostTools.ip(), "netns", "exec", c.netns("n2").netns(), "bash", "-c",
                        "while :; do echo x > /dev/udp/" + c.netns("n1").address() + "/9; done")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                Thread.sleep(100);
                long f0 = System.nanoTime();
                DropWindow w = DropWindow.partition(c, PartitionShapes.grudge(ClusterVocabulary.Shape.ISOLATE, names, "n1", List.of(), List.of()));
                long first = -1;
                while (first < 0 && System.nanoTime() - f0 < 5_000_000_000L) {
                    DropWindow.Count n = w.read().get(new DropWindow.Link("n2", "n1"));
                    if (n != null && n.packets() > 0) first = System.nanoTime();
                }
                drop.add(first < 0 ? Double.NaN : (first - f0) / 1e6);
                w.heal();
            } catch (IOException e) {
                drop.add(Double.NaN);
            } finally {
                if (sender != null) {
                    sender.destroyForcibly();
                    sender.waitFor();
                }
                long d0 = System.nanoTime();
                c.close();
                down.add((System.nanoTime() - d0) / 1e6);
            }
        }
        return new Result(up, down, drop, loadBefore, load());
    }

    static double median(List<Double> xs) {
        List<Double> s = xs.stream().sorted().toList();
        if (s.isEmpty()) return Double.NaN;
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    /** /proc/loadavg's first three figures, or "unknown". */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
