package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.JsonOutput;
import dev.falsify.app.cli.UserError;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.devtools.bench.PlanBenchmark;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code falsify bench plan [--json]}: parse + lint + coverage of a generated 5,000-line plan. */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Parse + lint + coverage of a generated 5,000-line plan (200 claims, 300 hypotheses, 150 scenarios"
                + " with §7.M); prints the median after warm-up (target ≤ 100 ms).")
public final class BenchPlanCommand implements Callable<Integer> {

    @Mixin
    JsonOutput output = new JsonOutput();

    @Option(names = "--warmup", defaultValue = "40", description = "Warm-up iterations (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--iterations", defaultValue = "30", description = "Measured iterations (default ${DEFAULT-VALUE}).")
    int iterations;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (warmup < 0 || iterations < 1) throw new UserError("--warmup must be ≥ 0 and --iterations ≥ 1");
        PlanBenchmark.Result r = PlanBenchmark.run(warmup, iterations);
        PrintWriter out = spec.commandLine().getOut();
        if (output.json()) {
            ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ObjectNode n = m.createObjectNode();
            n.put("benchmark", "plan");
            n.put("lines", r.lines());
            n.put("claims", r.claims());
            n.put("hypotheses", r.hypotheses());
            n.put("scenarios", r.scenarios());
            n.put("diagnostics", r.diagnostics());
            n.put("warmup", r.warmup());
            n.put("iterations", r.iterations());
            n.put("medianMs", round(r.medianMs()));
            n.put("p90Ms", round(r.p90Ms()));
            n.put("minMs", round(r.minMs()));
            n.put("maxMs", round(r.maxMs()));
            n.put("cpuMedianMs", round(r.cpuMedianMs()));
            n.put("loadAverage", round(r.loadAverage()));
            n.put("cores", r.cores());
            n.put("targetMs", PlanBenchmark.TARGET_MS);
            n.put("withinTarget", r.withinTarget());
            out.println(m.writeValueAsString(n));
        } else {
            out.printf("plan benchmark: %d lines, %d claims, %d hypotheses, %d scenarios (%d diagnostics)%n",
                    r.lines(), r.claims(), r.hypotheses(), r.scenarios(), r.diagnostics());
            out.printf("parse + lint + coverage: median %.1f ms, p90 %.1f ms, min %.1f ms over %d runs after %d warm-up (target ≤ %.0f ms: %s)%n",
                    r.medianMs(), r.p90Ms(), r.minMs(), r.iterations(), r.warmup(), PlanBenchmark.TARGET_MS,
                    r.withinTarget() ? "met" : "NOT met");
            out.printf("thread CPU time: median %.1f ms; system load average %.1f on %d cores%n", r.cpuMedianMs(), r.loadAverage(), r.cores());
        }
        out.flush();
        return ExitCode.OK.code();
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
