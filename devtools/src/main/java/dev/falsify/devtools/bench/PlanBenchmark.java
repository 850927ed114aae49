package dev.falsify.devtools.bench;

import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.PlanLinter;
import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.SyntheticPlan;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;

/**
 * The editor's per-keystroke budget: parse + lint + coverage of a generated 5,000-line plan
 * (200 claims, 300 hypotheses, 150 scenarios with §7.M). Reports the median after warm-up.
 */
public final class PlanBenchmark {
    private PlanBenchmark() {
    }

    public static final double TARGET_MS = 100.0;

    /**
     * Wall-clock figures plus the benchmark thread's CPU time (which is far less disturbed when other
     * processes compete for the cores), and the system load average when the run ended.
     */
    public record Result(int lines, int claims, int hypotheses, int scenarios, int diagnostics, int warmup,
                         int iterations, double medianMs, double p90Ms, double minMs, double maxMs, double cpuMedianMs,
                         double loadAverage, int cores) {
        public boolean withinTarget() {
            return medianMs <= TARGET_MS;
        }
    }

    public static Result run(int warmup, int iterations) {
        String text = SyntheticPlan.generate(200, 300, 150, 5000);
        int lines = text.split("\n", -1).length;
        List<Diagnostic> last = List.of();
        Plan plan = null;
        for (int i = 0; i < warmup; i++) {
            plan = PlanParser.parse(text);
            last = PlanLinter.lint(plan, CoverageBuilder.build(plan));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
        double[] ms = new double[iterations];
        double[] cpu = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            long c0 = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            plan = PlanParser.parse(text);
            CoverageMatrix coverage = CoverageBuilder.build(plan);
            last = PlanLinter.lint(plan, coverage);
            ms[i] = (System.nanoTime() - t0) / 1e6;
            cpu[i] = cpuTime ? (threads.getCurrentThreadCpuTime() - c0) / 1e6 : ms[i];
        }
        Arrays.sort(ms);
        Arrays.sort(cpu);
        double p90 = ms[Math.min(iterations - 1, (int) Math.ceil(iterations * 0.9) - 1)];
        var os = ManagementFactory.getOperatingSystemMXBean();
        return new Result(lines, plan.claims().size(), plan.hypotheses().size(), plan.scenarios().size(), last.size(),
                warmup, iterations, median(ms), p90, ms[0], ms[iterations - 1], median(cpu), os.getSystemLoadAverage(),
                os.getAvailableProcessors());
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
