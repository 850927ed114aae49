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
 * {@code falsify bench history}: a generated 100,000-op history opened in the history viewer as the
 * user's window opens it — read, drawn, checked, the stepper's linearization overlay on — timing the
 * window, the first bars and the check result; then pan/zoom steps at every zoom level and stepper
 * Forward presses, each timed as repaint plus JavaFX pulse. Targets: first frame ≤ 2 s, check result
 * ≤ 4 s, every zoom/pan/step ≤ 16 ms p99. {@code --window} draws in a real window on $DISPLAY.
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
        out.printf("history viewer, %d ops, 32 processes, checked as the window checks it:%n", f.ops());
        out.printf("  window on screen %.0f ms; first bars %.0f ms (target ≤ 2000 ms); check result shown %s (target ≤ 4000 ms);"
                + " reading and layout alone %.0f ms%n", f.windowMs(), f.loadMs(),
                f.checkMs() < 0 ? "not within 120 s" : String.format(java.util.Locale.ROOT, "%.0f ms", f.checkMs()), f.readMs());
        out.printf("  verdict: %s%n", f.verdict().lines().findFirst().orElse(""));
        out.printf("  stepper overlay: %d linearization points%n", f.overlaySteps());
        out.printf("pan/zoom frame (repaint + pulse, %d steps from the whole history to 100000× in, overlay on): p50 %.2f ms, p99 %.2f ms,"
                + " max %.2f ms (target ≤ 16 ms); repaint alone p50 %.2f ms, p99 %.2f ms%n", steps,
                f.p(f.frameMs(), 0.5), f.p(f.frameMs(), 0.99), f.frameMs()[f.frameMs().length - 1],
                f.p(f.drawMs(), 0.5), f.p(f.drawMs(), 0.99));
        if (f.stepperMs().length > 0) {
            out.printf("stepper Forward (step + repaint + pulse, %d presses): p50 %.2f ms, p99 %.2f ms, max %.2f ms (target ≤ 16 ms)%n",
                    f.stepperMs().length, f.p(f.stepperMs(), 0.5), f.p(f.stepperMs(), 0.99), f.stepperMs()[f.stepperMs().length - 1]);
        }
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
