package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench cli}: whole {@code falsify} processes, spawned through the launcher as a user
 * runs them, timed over several runs: median wall time, median CPU time and peak resident memory
 * (from {@code /usr/bin/time}) per command, against the targets of issue 13. The load average is
 * printed before and after, since other work on the machine slows every figure, and so is the Java
 * runtime and class-data-sharing archive the launcher started ({@link LauncherRuntime}).
 */
@Command(name = "cli", mixinStandardHelpOptions = true,
        description = {"Benchmarks whole falsify processes started through the launcher (check of the Porcupine",
                "etcd and kv folders and of one small file, lint of the example plan, --version): median wall",
                "and CPU time and peak memory over --runs runs, after one unmeasured run of each."})
public final class BenchCliCommand implements Callable<Integer> {
    private static final String TIME = "/usr/bin/time";

    @Option(names = "--runs", defaultValue = "5", paramLabel = "N", description = "Measured runs per command. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--launcher", paramLabel = "PATH",
            description = "The launcher to start (default: $FALSIFY_CHECKOUT/falsify, which the launcher sets, else ./falsify).")
    Path launcher;

    @Option(names = "--corpora", paramLabel = "DIR",
            description = "The shared corpora (default: ../shared/corpora beside the checkout, $FALSIFY_CHECKOUT or .).")
    Path corpora;

    @Option(names = "--plan", paramLabel = "FILE",
            description = "The plan to lint (default: the checkout's example plan, examples/replicated-kv/docs/testing-plans/replicated-kv.md).")
    Path plan;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /**
     * One benchmarked command with its targets (wall in seconds, peak memory in MB; 0 = none) and the
     * exit code its inputs must give: a run that exits otherwise did other work (a plan not found
     * exits 2 in a tenth of a second), so its time meets no target.
     */
    record Work(String label, List<String> args, double wallTarget, double memTarget, int exit) {
    }

    /** Medians over the measured runs; {@code peakMb} is the largest peak seen. */
    record Figures(double wallS, double cpuS, double peakMb, int exit) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (runs < 1) throw new UserError("--runs must be at least 1");
        if (!Files.isExecutable(Path.of(TIME))) throw new UserError(TIME + " is needed to measure peak memory (apt-get install time)");
        Path home = System.getenv("FALSIFY_CHECKOUT") != null ? Path.of(System.getenv("FALSIFY_CHECKOUT")) : Path.of(".");
        Path exe = launcher != null ? launcher : home.resolve("falsify");
        if (!Files.isExecutable(exe)) throw new UserError(exe + ": no launcher there (give --launcher)");
        // the corpora and the example plan are found from the checkout, not from the launcher: a
        // packaged launcher (installers/target/app-image/Falsify/bin/falsify) has neither beside it
        Path checkout = home.toAbsolutePath().normalize();
        Path corp = corpora != null ? corpora : checkout.resolve("../shared/corpora").normalize();
        Path etcd = corp.resolve("porcupine/etcd");
        Path kv = corp.resolve("porcupine/kv");
        if (!Files.isDirectory(etcd) || !Files.isDirectory(kv)) throw new UserError(corp + ": no porcupine/etcd and porcupine/kv there (give --corpora)");
        Path lintPlan = plan != null ? plan : checkout.resolve("examples/replicated-kv/docs/testing-plans/replicated-kv.md");
        if (!Files.isRegularFile(lintPlan)) throw new UserError(lintPlan + ": no plan there (give --plan)");
        // both folders hold histories that are not linearizable (exit 1); etcd_002.log is linearizable
        List<Work> work = List.of(
                new Work("check porcupine/etcd --model cas-register", List.of("check", etcd.toString(), "--model", "cas-register"), 0.6, 150, 1),
                new Work("check porcupine/kv --model kv", List.of("check", kv.toString(), "--model", "kv"), 0.3, 0, 1),
                new Work("check porcupine/etcd/etcd_002.log", List.of("check", etcd.resolve("etcd_002.log").toString()), 0.4, 0, 0),
                new Work("lint the example plan", List.of("lint", lintPlan.toString()), 0.4, 0, 0),
                new Work("--version", List.of("--version"), 0.3, 0, 0));
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "falsify bench cli: %s, %d runs per command (one unmeasured run first), %d cores, load average %s%n",
                exe, runs, Runtime.getRuntime().availableProcessors(), loadAverage());
        measure(exe, List.of("--version")); // unmeasured: the launcher may rebuild the jar or the archives first
        out.println("runtime: " + LauncherRuntime.probe(exe).describe());
        out.printf(Locale.ROOT, "%-44s %8s %8s %9s %5s  %s%n", "command", "wall s", "cpu s", "peak MB", "exit", "target");
        out.flush();
        boolean allMet = true;
        for (Work w : work) {
            measure(exe, w.args()); // unmeasured: the launcher may rebuild the jar or the archives
            double[] wall = new double[runs];
            double[] cpu = new double[runs];
            double peak = 0;
            int exit = w.exit();
            for (int i = 0; i < runs; i++) {
                double[] m = measure(exe, w.args());
                wall[i] = m[0];
                cpu[i] = m[1];
                peak = Math.max(peak, m[2]);
                if ((int) m[3] != w.exit()) exit = (int) m[3]; // the unexpected exit is the one shown
            }
            Figures f = new Figures(median(wall), median(cpu), peak, exit);
            boolean rightExit = exit == w.exit();
            boolean met = rightExit && f.wallS() <= w.wallTarget() && (w.memTarget() == 0 || f.peakMb() <= w.memTarget());
            allMet &= met;
            String target = "<= " + w.wallTarget() + " s" + (w.memTarget() == 0 ? "" : ", <= " + (int) w.memTarget() + " MB")
                    + (met ? "  met" : rightExit ? "  NOT MET" : "  NOT MET (exit " + exit + ", expected " + w.exit() + ")");
            out.printf(Locale.ROOT, "%-44s %8.3f %8.3f %9.1f %5d  %s%n", w.label(), f.wallS(), f.cpuS(), f.peakMb(), f.exit(), target);
            out.flush();
        }
        out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
        out.println(allMet ? "all targets met" : "some targets not met (see the exit codes, and the load average: the machine may be busy)");
        out.flush();
        return ExitCode.OK.code();
    }

    /** One run: {wall s, user+sys s, peak RSS MB, exit code}. */
    static double[] measure(Path exe, List<String> args) throws IOException, InterruptedException {
        return measure(exe, args, 10);
    }

    /** As {@link #measure(Path, List)}, giving up after {@code minutes}. */
    static double[] measure(Path exe, List<String> args, int minutes) throws IOException, InterruptedException {
        Path report = Files.createTempFile("falsify-bench-cli", ".time");
        try {
            List<String> cmd = new ArrayList<>(List.of(TIME, "-o", report.toString(), "-f", "%e %U %S %M %x", exe.toString()));
            cmd.addAll(args);
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new UserError("`falsify " + String.join(" ", args) + "` did not finish within " + minutes + " minutes");
            }
            List<String> lines = Files.readAllLines(report);
            // the last line holds the figures; earlier ones say "Command exited with non-zero status N"
            String[] f = lines.get(lines.size() - 1).trim().split("\\s+");
            return new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]) + Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]) / 1024.0, Double.parseDouble(f[4])};
        } finally {
            Files.deleteIfExists(report);
        }
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
