package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.verdict.BudgetTier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunUnitsTest {

    private static RunSpec.Fault fault(String name, long atMs) {
        return new RunSpec.Fault(name, Duration.ofMillis(atMs), Duration.ofSeconds(2),
                new RunSpec.ProxyAction("p", "partition", Map.of(), null), null, null);
    }

    @Test
    void aSeedReproducesItsFaultScheduleAndSeedsDiffer() {
        List<RunSpec.Fault> faults = List.of(fault("a", 5000), fault("b", 12_000));
        assertThat(FaultSchedule.of(faults, 7)).isEqualTo(FaultSchedule.of(faults, 7));
        assertThat(FaultSchedule.of(faults, 7).stream().map(FaultSchedule.Entry::atMs).toList())
                .isNotEqualTo(FaultSchedule.of(faults, 8).stream().map(FaultSchedule.Entry::atMs).toList());
        for (long seed = 0; seed < 200; seed++) {
            FaultSchedule.Entry e = FaultSchedule.of(faults, seed).get(0);
            assertThat(e.jitterMs()).isBetween(-500L, 500L);
            assertThat(e.atMs()).isEqualTo(5000 + e.jitterMs());
            assertThat(e.forMs()).isEqualTo(2000);
        }
        assertThat(FaultSchedule.of(List.of(fault("zero", 0)), 3).get(0).atMs()).isZero();
    }

    @Test
    void placeholdersLeaveShellExpansionsAlone() {
        Placeholders p = Placeholders.of(Path.of("/s"), Path.of("/s/artifacts"), Path.of("/s/logs/S1-3"), 3, "S1", Path.of("/plans"));
        assertThat(p.apply("kv --seed {seed} --history {artifacts}/{scenario}-{seed}.jsonl --bug ${KV_BUG:-none} {unknown}"))
                .isEqualTo("kv --seed 3 --history /s/artifacts/S1-3.jsonl --bug ${KV_BUG:-none} {unknown}");
        assertThat(p.apply("{plan_dir}/x {logs} {session}")).isEqualTo("/plans/x /s/logs/S1-3 /s");
    }

    @Test
    void budgetsAreReadFromThePlansWordsAndNeverGuessed() {
        assertThat(BudgetCheck.parse("20 seeds × 60 s")).contains(new BudgetCheck.Budget(20, 60_000));
        assertThat(BudgetCheck.parse("1 seed x 2 min")).contains(new BudgetCheck.Budget(1, 120_000));
        assertThat(BudgetCheck.parse("not provided — laptop only. Revisit when: CI")).isEmpty();
        assertThat(BudgetCheck.parse("a while")).isEmpty();
        assertThat(BudgetCheck.tierMet("1 seed × 7 s", "2 seeds × 7 s", "", List.of(7400L, 7300L)).tier())
                .isEqualTo(BudgetTier.HARDENING);
        assertThat(BudgetCheck.tierMet("1 seed × 7 s", "2 seeds × 7 s", "", List.of(7400L)).tier()).isEqualTo(BudgetTier.SMOKE);
        assertThat(BudgetCheck.tierMet("1 seed × 7 s", "2 seeds × 7 s", "", List.of(2000L, 2000L)).tier()).isEqualTo(BudgetTier.NONE);
        assertThat(BudgetCheck.tierMet("", "lots", "", List.of(2000L)).tier()).isEqualTo(BudgetTier.SMOKE);
        assertThat(BudgetCheck.tierMet("", "", "", List.of()).tier()).isEqualTo(BudgetTier.NONE);
    }
}
