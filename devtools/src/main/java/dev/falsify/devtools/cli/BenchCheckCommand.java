package dev.falsify.devtools.cli;

import dev.falsify.app.cli.DurationConverter;
import dev.falsify.app.cli.OracleInputs;
import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.JsonOutput;
import dev.falsify.app.cli.UserError;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.history.Histories;
import dev.falsify.devtools.bench.CheckBenchmark;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.checkers.lin.Models;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench check PATH… --model M [--json] [--passes N] [--warmup D]}: parses the histories once, runs
 * warm-up passes of the checker for --warmup (default 2 s), then N measured passes (default 5) in this JVM,
 * and prints per-file and total check times (medians of the passes; parsing excluded).
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Benchmarks a checker (linearizability unless --checker) on history files or folders.",
                "Warm-up passes for --warmup, then --passes measured passes; times are medians, parsing excluded.",
                "--json prints one object: totalCheckMs, passes, files[{file, ops, valid, checkMs}]."})
public final class BenchCheckCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "History files or folders.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--model", paramLabel = "M", description = "Model to check against (required for linearizability).")
    String model;

    @Option(names = "--checker", paramLabel = "NAME", defaultValue = "linearizability",
            description = "Checker to benchmark (see falsify check --list). Default: ${DEFAULT-VALUE}.")
    String checker;

    @Mixin
    OracleInputs oracle = new OracleInputs();

    @Option(names = "--format", paramLabel = "F", description = "History format (default: detected).")
    String format;

    @Mixin
    JsonOutput output = new JsonOutput();

    @Option(names = "--passes", defaultValue = "5", paramLabel = "N", description = "Measured passes (at least 5 for the published figures). Default: ${DEFAULT-VALUE}.")
    int passes;

    @Option(names = "--warmup", paramLabel = "D", converter = DurationConverter.class, defaultValue = "2s",
            description = "Check for this long before measuring (whole passes, at least one), so the JIT has compiled the check. Default: ${DEFAULT-VALUE}.")
    Duration warmup;

    @Option(names = "--timeout", paramLabel = "D", converter = DurationConverter.class, defaultValue = "60s",
            description = "Time budget per check. Default: ${DEFAULT-VALUE}.")
    Duration timeout;

    @Option(names = "--initial", paramLabel = "JSON", description = "Initial value, as for check.")
    String initial;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (passes < 1) throw new UserError("--passes must be at least 1");
        if (warmup.isNegative()) throw new UserError("--warmup must not be negative");
        if (CheckerRegistry.standard().find(checker).isEmpty()) {
            throw new UserError("unknown checker '" + checker + "'; known: "
                    + String.join(", ", CheckerRegistry.standard().all().stream().map(Checker::name).toList()));
        }
        if (checker.equals("linearizability") && Models.canonicalName(model) == null) {
            throw new UserError("unknown model '" + model + "'; known: " + String.join(", ", Models.NAMES));
        }
        HistoryFormat fmt;
        try {
            fmt = format == null ? null : HistoryFormat.fromId(format);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        List<History> histories = new ArrayList<>();
        long t0 = System.nanoTime();
        try {
            for (Path f : Histories.expand(inputs)) histories.add(Histories.readAll(f, fmt));
        } catch (NoSuchFileException e) {
            throw new UserError(e.getFile() + ": no such file or folder");
        } catch (HistoryFormatException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            throw new UserError("cannot read: " + e.getMessage());
        }
        if (histories.isEmpty()) throw new UserError("no history files in " + inputs);
        double parseMs = (System.nanoTime() - t0) / 1e6;
        Map<String, String> options = oracle.options();
        if (initial != null) options.put("initial", initial);
        HistoryCheck pipeline = HistoryCheck.standard();
        HistoryCheck.Request request = new HistoryCheck.Request(checker, model, fmt, options, oracle.finalState(),
                oracle.replicaStates(), oracle.groupMetrics(), CheckBudget.of(timeout));
        CheckBenchmark.Report report;
        try {
            // the check as `falsify check` runs it, on histories parsed once (parsing is not measured)
            report = CheckBenchmark.run(histories, parseMs, lin(checker) ? Models.canonicalName(model) : checker,
                    h -> pipeline.run(h, request).result(), warmup, passes);
        } catch (HistoryFormatException | IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output.json()) {
            ObjectNode n = JSON.createObjectNode();
            n.put("model", report.model());
            n.put("checker", checker);
            n.put("totalCheckMs", round(report.totalCheckMs()));
            n.put("passes", report.passes());
            n.put("warmupPasses", report.warmupPasses());
            n.put("parseMs", round(report.parseMs()));
            ArrayNode files = n.putArray("files");
            for (CheckBenchmark.FileTiming f : report.files()) {
                ObjectNode fn = files.addObject();
                fn.put("file", f.file());
                fn.put("ops", f.ops());
                Object valid = f.validity().json();
                if (valid instanceof Boolean b) fn.put("valid", b);
                else fn.put("valid", valid.toString());
                fn.put("checkMs", round(f.checkMs()));
            }
            try {
                out.println(JSON.writeValueAsString(n));
            } catch (IOException e) {
                throw new UserError(e.getMessage());
            }
        } else {
            for (CheckBenchmark.FileTiming f : report.files()) {
                out.printf(Locale.ROOT, "%-60s %7d ops  %-7s %9.3f ms (max %.3f)%n", f.file(), f.ops(),
                        f.validity().json(), f.checkMs(), f.maxMs());
            }
            double slowest = report.files().stream().mapToDouble(CheckBenchmark.FileTiming::checkMs).max().orElse(0);
            out.printf(Locale.ROOT, "total: %d files, model %s, median check time %.3f ms over %d passes after %d warm-up passes (slowest file %.3f ms); parse %.1f ms%n",
                    report.files().size(), report.model(), report.totalCheckMs(), report.passes(), report.warmupPasses(), slowest,
                    report.parseMs());
        }
        out.flush();
        return ExitCode.OK.code();
    }

    private static boolean lin(String checker) {
        return checker.equals("linearizability");
    }

    private static double round(double ms) {
        return Math.round(ms * 1000.0) / 1000.0;
    }
}
