package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.UserError;
import dev.falsify.devtools.ui.UiBenchmark;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench ui}: keystroke → updated matrix and squiggles with a generated 5,000-line
 * plan open in the real workbench (headless), and cold start of a fresh JVM to an interactive
 * window. Targets: ≤ 100 ms and ≤ 3 s.
 */
@Command(name = "ui", mixinStandardHelpOptions = true,
        description = "Benchmark the workbench: keystroke latency on a 5,000-line plan and cold start.")
public final class BenchUiCommand implements Callable<Integer> {
    @Option(names = "--plan", paramLabel = "PLAN", description = "Use this plan instead of the generated one.")
    Path plan;

    @Option(names = "--samples", description = "Measured keystrokes (default: ${DEFAULT-VALUE}).")
    int samples = 60;

    @Option(names = "--warmup", description = "Keystrokes before measuring (default: ${DEFAULT-VALUE}).")
    int warmup = 30;

    @Option(names = "--cold-runs", description = "Fresh JVMs for the cold-start figure; 0 skips it (default: ${DEFAULT-VALUE}).")
    int coldRuns = 3;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        String text;
        if (plan != null) {
            if (!Files.isRegularFile(plan)) {
                throw new UserError(plan + ": no such plan file");
            }
            text = Files.readString(plan, StandardCharsets.UTF_8);
        } else {
            text = GeneratedPlan.text();
        }
        PrintWriter out = spec.commandLine().getOut();
        Path planFile = Files.createTempFile("falsify-bench-ui", ".md");
        try {
            Files.writeString(planFile, text, StandardCharsets.UTF_8);
            if (coldRuns > 0) {
                UiBenchmark.ColdStarts cold = UiBenchmark.coldStarts(planFile, coldRuns);
                out.printf("cold start (%d fresh JVMs, %d-line plan): window interactive %s ms, plan analysed %s ms"
                        + " (target ≤ 3000 ms); process CPU when interactive %s ms%n",
                        coldRuns, text.lines().count(), cold.window(), cold.analysed(), cold.cpu());
                for (String p : cold.phases()) {
                    out.printf("  %s%n", p);
                }
                out.flush();
            }
            UiBenchmark.Figures f = UiBenchmark.keystrokes(text, warmup, samples);
            out.printf("keystroke → matrix + problems + squiggles (%d-line plan, %d keystrokes after %d warm-up):"
                    + " p50 %.1f ms, p90 %.1f ms, max %.1f ms (target ≤ 100 ms); background parse+lint+matrix+highlight"
                    + " %.1f ms wall, %.1f ms CPU (mean)%n",
                    f.lines(), f.samples(), warmup, f.p50(), f.p90(), f.max(), f.meanCompute(), f.meanComputeCpu());
            out.printf("  median keystroke: %s%n  slowest keystroke: %s%n", f.p50Phases(), f.slowestPhases());
            out.printf("machine load average while measuring: %.1f on %d cores%n",
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    Runtime.getRuntime().availableProcessors());
            out.flush();
        } finally {
            Files.deleteIfExists(planFile);
        }
        return ExitCode.OK.code();
    }
}
