package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.exec.ProcessReaper;
import dev.falsify.runner.nodefaults.StorageFsBinary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example's S8: the leader loses every unsynced write (lose-unsynced-writes) and restarts. A leader
 * that forces its log before acknowledging keeps every acknowledged write; with {@code ack-before-fsync}
 * the acknowledged writes go with the page cache and no-lost-ack fails.
 */
@Timeout(240)
class ExampleCrashRecoveryRunTest {
    @TempDir
    Path dir;

    private RunResult run(Map<String, String> env) throws Exception {
        RunOptions o = new RunOptions(dir.resolve("sessions"), List.of("S8"), null, env, 1, null, "test",
                new PrintWriter(new StringWriter()));
        return PlanRunner.run(MessageScenarioRunTest.PLAN, "replicated-kv.md", o, new EventBus());
    }

    @Test
    void aLeaderThatSyncsSurvivesAPowerLossAndOneThatDoesNotLosesAckedWrites() throws Exception {
        try {
            StorageFsBinary.get();
        } catch (IOException e) {
            assumeTrue(false, "the FUSE storage layer cannot run here: " + e.getMessage());
        }
        RunResult ok = run(Map.of());
        String okFinding = Files.readString(ok.sessionDir().resolve("findings/S8.md"));
        System.out.println(okFinding.lines().filter(l -> l.contains("unsynced") || l.contains("power-loss")).toList());
        assertThat(ok.verdicts().get("S8")).as(ok.reasons().toString()).isIn(Verdict.PASS_SMOKE, Verdict.PASS_HARDENING);
        assertThat(okFinding).contains("unsynced bytes dropped", "n1 restart");

        RunResult bug = run(Map.of("KV_BUG", "ack-before-fsync"));
        String bugFinding = Files.readString(bug.sessionDir().resolve("findings/S8.md"));
        System.out.println(bugFinding.lines().filter(l -> l.contains("unsynced") || l.contains("no-lost-ack")).toList());
        assertThat(bug.verdicts().get("S8")).as(bug.reasons().toString()).isIn(Verdict.FAIL_REPRODUCIBLE, Verdict.FAIL_NONDETERMINISTIC);
        // the layer dropped bytes the leader had acknowledged: counted, not guessed
        assertThat(bugFinding).containsPattern("[1-9]\\d* B / [1-9]");
        assertThat(ProcessReaper.liveCount()).isZero();
    }
}
