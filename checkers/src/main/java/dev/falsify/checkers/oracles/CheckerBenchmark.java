package dev.falsify.checkers.oracles;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.Validity;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.lin.CheckBenchmark;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * {@code falsify bench check --checker NAME} for any registered checker other than
 * linearizability: same protocol and report as {@link CheckBenchmark} (histories parsed once, one
 * warm-up pass, then {@code passes} measured passes; medians; the checker's own elapsed time).
 */
public final class CheckerBenchmark {
    private CheckerBenchmark() {
    }

    public static CheckBenchmark.Report run(Checker checker, List<History> histories, double parseMs,
                                            Function<History, CheckInput> input, int passes, CheckBudget budget) {
        if (passes < 1) throw new IllegalArgumentException("passes must be at least 1");
        List<CheckInput> inputs = histories.stream().map(input).toList();
        for (CheckInput in : inputs) checker.check(in, budget); // warm-up
        double[][] times = new double[inputs.size()][passes];
        double[] totals = new double[passes];
        Validity[] validity = new Validity[inputs.size()];
        long[] ops = new long[inputs.size()];
        for (int p = 0; p < passes; p++) {
            for (int i = 0; i < inputs.size(); i++) {
                CheckResult r = checker.check(inputs.get(i), budget);
                times[i][p] = r.evidence().elapsedMs();
                totals[p] += r.evidence().elapsedMs();
                validity[i] = r.validity();
                ops[i] = r.evidence().opsTotal();
            }
        }
        List<CheckBenchmark.FileTiming> files = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            files.add(new CheckBenchmark.FileTiming(histories.get(i).source(), ops[i], validity[i], median(times[i]),
                    Arrays.stream(times[i]).max().orElse(0)));
        }
        return new CheckBenchmark.Report(checker.name(), passes, median(totals), parseMs, files);
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
