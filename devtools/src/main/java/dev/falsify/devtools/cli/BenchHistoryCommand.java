package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.UserError;
import dev.falsify.devtools.ui.HistoryBenchmark;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench history}: a generated 100,000-op history opened in the headless history
 * viewer (file → first frame) and pan/zoom steps at every zoom level, each timed as repaint plus
 * JavaFX pulse. Targets: first frame ≤ 2 s, a frame ≤ 16 ms.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "Benchmark the history viewer: 100,000 ops to the first frame, and pan/zoom frame times.")
public final class BenchHistoryCommand implements Callable<Integer> {
    @Option(names = "--ops", description = "Ops in the generated history (default: ${DEFAULT-VALUE}).")
    int ops = 100_000;

    @Option(names = "--steps", description = "Measured pan/zoom steps (default: ${DEFAULT-VALUE}).")
    int steps = 300;

    @Option(names = "--window", description = "Draw in a real window on $DISPLAY (GTK glass, Prism's own pipeline choice,"
            + " or -Dprism.order via FALSIFY_JAVA_OPTS) instead of headless Monocle with software Prism.")
    boolean window;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (ops < 1 || steps < 1) throw new UserError("--ops and --steps must be at least 1");
        HistoryBenchmark.Figures f = HistoryBenchmark.run(ops, steps, 1600, 1000, window);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("measured with: %s%n", f.pipeline());
        out.printf("history viewer, %d ops, 32 processes: file read, laid out and first frame drawn in %.0f ms (target ≤ 2000 ms);"
                + " reading and layout alone %.0f ms%n", f.ops(), f.loadMs(), f.readMs());
        out.printf("pan/zoom frame (repaint + pulse, %d steps from the whole history to 100000× in): p50 %.2f ms, p99 %.2f ms,"
                + " max %.2f ms (target ≤ 16 ms); repaint alone p50 %.2f ms, p99 %.2f ms%n", steps,
                f.p(f.frameMs(), 0.5), f.p(f.frameMs(), 0.99), f.frameMs()[f.frameMs().length - 1],
                f.p(f.drawMs(), 0.5), f.p(f.drawMs(), 0.99));
        out.printf("CPU per step: FX thread %.2f ms, Prism render thread %.2f ms%n", f.fxCpuMs(), f.renderCpuMs());
        for (HistoryBenchmark.Level l : f.levels()) {
            out.printf("  zoom %6.0f×: frame p50 %5.2f ms, p99 %5.2f ms; repaint p99 %5.2f ms; CPU per step FX %5.2f ms,"
                    + " render %5.2f ms%n", l.zoom(), f.p(l.frameMs(), 0.5), f.p(l.frameMs(), 0.99), f.p(l.drawMs(), 0.99),
                    l.fxCpuMs(), l.renderCpuMs());
        }
        out.printf("machine load average while measuring: %.1f on %d cores%n",
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        out.flush();
        return ExitCode.OK.code();
    }
}
