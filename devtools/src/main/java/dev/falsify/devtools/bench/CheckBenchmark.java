package dev.falsify.devtools.bench;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.history.History;
import dev.falsify.model.vocabulary.Validity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The benchmark behind {@code falsify bench check}, for every checker: histories are parsed once
 * (parse time reported separately), checked over and over for a warm-up time (at least once) so the
 * JIT's optimising compiler has compiled the check, then checked {@code passes} times;
 * each file's check time is the median of its passes and the total is the median of the per-pass
 * totals. Check time is the checker's own elapsed time (its {@code ExecutionEvidence}), so parsing
 * and building the checker's input are never counted.
 *
 * <p>Why a warm-up time rather than one pass: after one pass of the kv folder most of the search
 * still ran in first-tier code, and the median of the next 5 passes was 55-85 ms where the steady
 * state is about 20 ms; the JVM reaches it within a second or two of checking.
 */
public final class CheckBenchmark {
    /** @param checkMs median check time over the measured passes */
    public record FileTiming(String file, long ops, Validity validity, double checkMs, double maxMs) {
    }

    /** @param warmupPasses passes run to warm up, not measured */
    public record Report(String model, int passes, int warmupPasses, double totalCheckMs, double parseMs, List<FileTiming> files) {
        public Report {
            files = List.copyOf(files);
        }
    }

    private CheckBenchmark() {
    }

    /**
     * @param histories already parsed histories
     * @param parseMs   how long parsing them took (reported, not counted)
     * @param label     what the report names as the model
     * @param check     one check of one history
     * @param warmup    how long to check before measuring (whole passes, at least one)
     */
    public static Report run(List<History> histories, double parseMs, String label,
                             Function<History, CheckResult> check, Duration warmup, int passes) {
        if (passes < 1) throw new IllegalArgumentException("passes must be at least 1");
        int warmupPasses = 0;
        long warmupEnd = System.nanoTime() + warmup.toNanos();
        do {
            for (History h : histories) check.apply(h);
            warmupPasses++;
        } while (System.nanoTime() - warmupEnd < 0);
        double[][] times = new double[histories.size()][passes];
        double[] totals = new double[passes];
        Validity[] validity = new Validity[histories.size()];
        long[] ops = new long[histories.size()];
        for (int p = 0; p < passes; p++) {
            for (int i = 0; i < histories.size(); i++) {
                CheckResult r = check.apply(histories.get(i));
                times[i][p] = r.evidence().elapsedMs();
                totals[p] += r.evidence().elapsedMs();
                validity[i] = r.validity();
                ops[i] = r.evidence().opsTotal();
            }
        }
        List<FileTiming> files = new ArrayList<>();
        for (int i = 0; i < histories.size(); i++) {
            double max = Arrays.stream(times[i]).max().orElse(0);
            files.add(new FileTiming(histories.get(i).source(), ops[i], validity[i], median(times[i]), max));
        }
        return new Report(label, passes, warmupPasses, median(totals), parseMs, files);
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
