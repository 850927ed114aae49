package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.UserError;
import dev.falsify.devtools.bench.ScaleHistories;
import dev.falsify.devtools.bench.ScaleHistories.Kind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench scale}: the scale benchmark of issue 30. Generates histories of 10,000 to
 * 1,000,000 operations ({@link ScaleHistories}), then times whole {@code falsify check FILE} processes
 * started through the launcher as a user runs them, parse and check together: median wall time, median
 * CPU time (user + sys, which the machine's other work disturbs less than wall time) and the largest
 * peak resident memory over {@code --runs} runs, beside Porcupine's figures and the targets.
 */
@Command(name = "scale", mixinStandardHelpOptions = true,
        description = {"Generates kv (Porcupine's log format) and list-append (Jepsen EDN) histories and times whole",
                "`falsify check FILE` processes on them: median wall and CPU time and peak memory over --runs runs,",
                "beside Porcupine's figures and the targets of issue 30."})
public final class BenchScaleCommand implements Callable<Integer> {
    private static final String TIME = "/usr/bin/time";

    @Option(names = "--ops", paramLabel = "N",
            description = "Only histories of N operations (kv) and N transactions (list-append); default: the issue's sizes.")
    Integer ops;

    @Option(names = "--runs", defaultValue = "5", paramLabel = "N", description = "Measured runs per history. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--broken", description = "Check the variants with one injected violation (exit 1 expected) instead of the valid ones.")
    boolean broken;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Generator seed. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--timeout", paramLabel = "D", defaultValue = "10m",
            description = "The check's --timeout: longer than check's own 60 s default, so that a slow run on a busy machine is timed rather than given up (exit 3). Default: ${DEFAULT-VALUE}.")
    String timeout;

    @Option(names = "--keep", paramLabel = "DIR", description = "Write the histories into DIR and keep them (default: a temporary folder, removed).")
    Path keep;

    @Option(names = "--launcher", paramLabel = "PATH",
            description = "The launcher to start (default: $FALSIFY_CHECKOUT/falsify, which the launcher sets, else ./falsify).")
    Path launcher;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /**
     * One row of the issue's table. Targets: wall in seconds and peak memory in MB, 0 = none;
     * {@code porcupine} is the issue's figure for Porcupine (parse + check, Go, 2 cores).
     */
    record Row(Kind kind, int ops, String porcupine, double wallTarget, double memTarget) {
        String label() {
            return (kind == Kind.KV ? "kv, " : "list-append, ") + String.format(Locale.ROOT, "%,d", ops)
                    + (kind == Kind.KV ? " ops" : " txns");
        }
    }

    static final List<Row> ISSUE_TABLE = List.of(
            new Row(Kind.KV, 10_000, "0.13 s, 18 MB", 0.13, 150),
            new Row(Kind.KV, 100_000, "1.04 s, 106 MB", 0.5, 0),
            new Row(Kind.KV, 1_000_000, "11.8 s, 1.09 GB", 6, 1024),
            new Row(Kind.LIST_APPEND, 100_000, "-", 2, 0),
            new Row(Kind.LIST_APPEND, 1_000_000, "-", 20, 1536));

    /** The rows to run: the issue's, or with {@code --ops N} one kv and one list-append row of N (targets of that size, if any). */
    static List<Row> rows(Integer ops) {
        if (ops == null) return ISSUE_TABLE;
        if (ops < 1) throw new UserError("--ops must be at least 1");
        List<Row> out = new ArrayList<>();
        for (Kind k : Kind.values()) {
            out.add(ISSUE_TABLE.stream().filter(r -> r.kind() == k && r.ops() == ops).findFirst()
                    .orElse(new Row(k, ops, "-", 0, 0)));
        }
        return out;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (runs < 1) throw new UserError("--runs must be at least 1");
        if (!Files.isExecutable(Path.of(TIME))) throw new UserError(TIME + " is needed to measure peak memory (apt-get install time)");
        List<Row> rows = rows(ops);
        Path home = System.getenv("FALSIFY_CHECKOUT") != null ? Path.of(System.getenv("FALSIFY_CHECKOUT")) : Path.of(".");
        Path exe = launcher != null ? launcher : home.resolve("falsify");
        if (!Files.isExecutable(exe)) throw new UserError(exe + ": no launcher there (give --launcher)");
        Path dir = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("falsify-bench-scale");
        PrintWriter out = spec.commandLine().getOut();
        try {
            int expectedExit = broken ? 1 : 0;
            out.printf(Locale.ROOT, "falsify bench scale: %s, %s histories (seed %d), %d runs each (one unmeasured run first), %d cores, load average %s%n",
                    exe, broken ? "broken" : "valid", seed, runs, Runtime.getRuntime().availableProcessors(), BenchCliCommand.loadAverage());
            BenchCliCommand.measure(exe, List.of("--version")); // unmeasured: the launcher may rebuild the jar or the archives first
            out.println("runtime: " + LauncherRuntime.probe(exe).describe());
            out.printf(Locale.ROOT, "%-26s %8s %8s %9s %5s  %-16s %s%n", "history", "wall s", "cpu s", "peak MB", "exit", "Porcupine", "target");
            out.flush();
            boolean allMet = true;
            for (Row row : rows) {
                Path file = dir.resolve((row.kind() == Kind.KV ? "kv-" : "list-append-") + row.ops() + (broken ? "-bad" : "-ok")
                        + (row.kind() == Kind.KV ? ".txt" : ".edn"));
                if (!Files.isRegularFile(file)) ScaleHistories.write(file, row.kind(), row.ops(), broken, seed);
                List<String> args = List.of("check", file.toString(), "--timeout", timeout);
                BenchCliCommand.measure(exe, args, 30); // unmeasured: page cache, launcher
                double[] wall = new double[runs];
                double[] cpu = new double[runs];
                double peak = 0;
                int exit = expectedExit;
                for (int i = 0; i < runs; i++) {
                    double[] m = BenchCliCommand.measure(exe, args, 30);
                    wall[i] = m[0];
                    cpu[i] = m[1];
                    peak = Math.max(peak, m[2]);
                    if ((int) m[3] != expectedExit) exit = (int) m[3]; // the unexpected exit is the one shown
                }
                double w = BenchCliCommand.median(wall);
                boolean rightExit = exit == expectedExit;
                boolean hasTarget = row.wallTarget() > 0;
                boolean met = rightExit && (!hasTarget || w <= row.wallTarget()) && (row.memTarget() == 0 || peak <= row.memTarget());
                allMet &= met;
                String target = !hasTarget ? (rightExit ? "none" : "wrong exit, expected " + expectedExit)
                        : "<= " + fmt(row.wallTarget()) + " s" + (row.memTarget() == 0 ? "" : ", <= " + (int) row.memTarget() + " MB")
                        + (met ? "  met" : rightExit ? "  NOT MET" : "  NOT MET (exit " + exit + ", expected " + expectedExit + ")");
                out.printf(Locale.ROOT, "%-26s %8.3f %8.3f %9.1f %5d  %-16s %s%n", row.label(), w, BenchCliCommand.median(cpu), peak, exit,
                        row.porcupine(), target);
                out.flush();
            }
            out.printf(Locale.ROOT, "load average after: %s%n", BenchCliCommand.loadAverage());
            out.println(allMet ? "all targets met" : "some targets not met (see the exit codes, and the load average: the machine may be busy)");
            if (keep != null) out.println("histories kept in " + dir);
            out.flush();
            return ExitCode.OK.code();
        } finally {
            if (keep == null) deleteTree(dir);
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
