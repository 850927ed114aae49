package dev.falsify.runner.run;

import dev.falsify.model.plan.run.RunSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The concrete fault schedule of one seed: each fault's offset from the workload start with jitter
 * drawn from the seed (±10% of the offset, at most ±500 ms), so the same seed reproduces the same
 * schedule to the millisecond and different seeds probe slightly different moments.
 */
public final class FaultSchedule {
    private FaultSchedule() {
    }

    public record Entry(RunSpec.Fault fault, long atMs, long forMs, long jitterMs) {
        public String describe() {
            return fault.name() + " at " + atMs + " ms (jitter " + (jitterMs >= 0 ? "+" : "") + jitterMs + " ms)"
                    + (forMs > 0 ? " for " + forMs + " ms" : "");
        }
    }

    public static List<Entry> of(List<RunSpec.Fault> faults, long seed) {
        List<Entry> out = new ArrayList<>();
        for (RunSpec.Fault f : faults) {
            long at = f.at() == null ? 0 : f.at().toMillis();
            long bound = Math.min(500, at / 10);
            long jitter = 0;
            if (bound > 0) {
                SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L ^ f.name().hashCode());
                jitter = r.nextLong(-bound, bound + 1);
            }
            Duration d = f.duration();
            out.add(new Entry(f, Math.max(0, at + jitter), d == null ? 0 : d.toMillis(), jitter));
        }
        return out;
    }
}
