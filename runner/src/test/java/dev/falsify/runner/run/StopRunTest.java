package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.exec.ProcessReaper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stop (the cancel flag) while the runner waits for a service that never gets ready or for a setup
 * command that never ends: the wait gives up at once instead of running out its timeout, every
 * process tree is gone and the session folder reads as interrupted.
 */
@Timeout(120)
class StopRunTest {
    @TempDir
    Path dir;

    private RunResult runAndStop(String runBody, String stopWhenStarted) throws Exception {
        String plan = "# Test Plan: stop\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n## 7. Scenarios\n\n"
                + "### Scenario S1: stop_me\n\n- **Falsifies if it FAILs:** C1\n- **Smoke budget:** 1 seed × 2 s\n\n"
                + "```run\ncwd: .\ntimeout: 10m\nseeds: [1, 2]\n" + runBody
                + "workload:\n  cmd: \"true\"\nhistory: { path: \"h.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n\n"
                + "### Scenario S2: never_reached\n\n- **Falsifies if it FAILs:** C1\n\n"
                + "```run\ncwd: .\nseeds: [1]\nworkload:\n  cmd: \"true\"\n```\n";
        Path planFile = dir.resolve("plan.md");
        Files.writeString(planFile, plan, StandardCharsets.UTF_8);
        AtomicBoolean cancel = new AtomicBoolean();
        EventBus bus = new EventBus();
        bus.subscribe(e -> {
            if (e instanceof RunEvent.ProcessStarted p && p.process().equals(stopWhenStarted)) {
                Thread t = new Thread(() -> {
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException ignored) {
                        // stop at once then
                    }
                    cancel.set(true);
                });
                t.start();
            }
        });
        RunOptions o = new RunOptions(dir.resolve("sessions"), List.of(), null, Map.of(), 1, null, "test",
                new PrintWriter(new StringWriter()), cancel);
        long t0 = System.nanoTime();
        RunResult r = PlanRunner.run(planFile, "plan.md", o, bus);
        // the waits below are minutes long: a run back well inside one minute did not wait them out
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(60_000);
        return r;
    }

    @Test
    void stopWhileAServiceIsNotReadyEndsTheWaitKillsTheTreeAndLeavesTheSessionInterrupted() throws Exception {
        RunResult r = runAndStop("services:\n  - name: never-ready\n    cmd: \"sleep 600 & sleep 600\"\n"
                + "    ready: { cmd: \"false\", timeout: 5m }\n", "never-ready");
        assertThat(ProcessReaper.liveCount()).isZero();
        assertThat(r.verdicts()).containsEntry("S1", Verdict.NOT_RUN).containsEntry("S2", Verdict.NOT_RUN);
        assertThat(SessionReader.read(r.sessionDir()).interrupted()).isTrue();
        assertThat(Files.readString(r.sessionDir().resolve("findings/report.md"))).contains(SessionReader.INTERRUPTED_MARK);
        assertThat(Files.exists(r.sessionDir().resolve("logs/S1-2"))).as("seed 2 never started").isFalse();
    }

    @Test
    void stopWhileALogReadinessLineIsAwaitedEndsTheWait() throws Exception {
        RunResult r = runAndStop("services:\n  - name: quiet\n    cmd: \"sleep 600\"\n"
                + "    ready: { log: \"never printed\", timeout: 5m }\n", "quiet");
        assertThat(ProcessReaper.liveCount()).isZero();
        assertThat(SessionReader.read(r.sessionDir()).interrupted()).isTrue();
    }

    @Test
    void stopDuringALongSetupCommandEndsIt() throws Exception {
        RunResult r = runAndStop("setup: [\"sleep 600\"]\n", "setup-1");
        assertThat(ProcessReaper.liveCount()).isZero();
        assertThat(SessionReader.read(r.sessionDir()).interrupted()).isTrue();
    }
}
