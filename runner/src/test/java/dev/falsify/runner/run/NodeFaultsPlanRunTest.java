package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.exec.ProcessReaper;
import dev.falsify.runner.nodefaults.Libfaketime;
import dev.falsify.runner.nodefaults.StorageFsBinary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Clock faults (libfaketime) and storage faults (the FUSE layer) through whole plan runs, with real processes. */
@Timeout(120)
class NodeFaultsPlanRunTest {
    @TempDir
    Path dir;

    private RunResult run(String... scenarios) throws Exception {
        Files.writeString(dir.resolve("ops.jsonl"), ShellPlanRunTest.OPS, StandardCharsets.UTF_8);
        String plan = "# Test Plan: node faults\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n## 7. Scenarios\n\n" + String.join("", scenarios);
        Path planFile = dir.resolve("plan.md");
        Files.writeString(planFile, plan, StandardCharsets.UTF_8);
        return PlanRunner.run(planFile, "plan.md", new RunOptions(dir.resolve("sessions"), List.of(), null, Map.of(),
                1, null, "test", new PrintWriter(new StringWriter())), new EventBus());
    }

    private static String service(String name, String cmd) {
        return "services:\n  - name: " + name + "\n    cmd: \"" + cmd + "\"\n";
    }

    @Test
    void aClockJumpLandsMidRunAndAStaticProgramIsNotProven() throws Exception {
        assumeTrue(Libfaketime.find().isPresent(), "libfaketime is not installed (Debian: apt-get install faketime)");
        Path stat = dir.resolve("spin-static");
        Files.writeString(dir.resolve("spin.c"), "#include <unistd.h>\nint main(void){for(;;)pause();}\n");
        Process cc = new ProcessBuilder("cc", "-static", "-O1", "-o", stat.toString(), dir.resolve("spin.c").toString())
                .redirectErrorStream(true).start();
        cc.getInputStream().readAllBytes();
        boolean haveStatic = cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0;
        String jump = service("clocky", "while true; do date +%s; sleep 0.1; done")
                + "faults:\n  - name: jump-back\n    at: 500ms\n    for: 1s\n    clock: { service: clocky, kind: jump, offset: -90s }\n";
        String drift = service("clocky", "exec sleep 30")
                + "faults:\n  - name: fast\n    at: 300ms\n    for: 1500ms\n    clock: { service: clocky, kind: drift, rate: 3 }\n";
        String statik = service("frozen", "exec ./spin-static")
                + "faults:\n  - name: jump-static\n    at: 500ms\n    for: 1s\n    clock: { service: frozen, kind: jump, offset: 60s }\n";
        String strobe = service("clocky", "exec sleep 30")
                + "faults:\n  - name: flicker\n    at: 300ms\n    for: 1500ms\n    clock: { service: clocky, kind: strobe, offset: 5s, period: 100ms }\n";
        String third = haveStatic ? ShellPlanRunTest.scenario("S3", statik) : "";
        RunResult r = run(ShellPlanRunTest.scenario("S1", jump), ShellPlanRunTest.scenario("S2", drift), third,
                ShellPlanRunTest.scenario("S4", strobe));

        assertThat(r.verdicts().get("S1")).as(r.reasons().toString()).isIn(Verdict.PASS_SMOKE, Verdict.PASS_HARDENING);
        assertThat(r.verdicts().get("S2")).as(r.reasons().toString()).isIn(Verdict.PASS_SMOKE, Verdict.PASS_HARDENING);
        String s1 = Files.readString(r.sessionDir().resolve("findings/S1.md"));
        System.out.println(s1.lines().filter(l -> l.contains("clock") || l.contains("libfaketime")).toList());
        assertThat(s1).contains("clocky clock offset vs host", "≈ -90000 ms", "processes with libfaketime loaded");
        String s2 = Files.readString(r.sessionDir().resolve("findings/S2.md"));
        System.out.println(s2.lines().filter(l -> l.contains("clock")).toList());
        assertThat(s2).contains("grows at 2000.0 ms/s");
        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S4", Verdict.PASS_SMOKE);
        assertThat(Files.readString(r.sessionDir().resolve("findings/S4.md"))).containsPattern("[1-9]\\d* flips; \\+5000 ms seen");
        if (haveStatic) {
            assertThat(r.verdicts()).containsEntry("S3", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
            String s3 = Files.readString(r.sessionDir().resolve("findings/S3.md"));
            assertThat(s3).contains("libfaketime not loaded");
        }
        // the service's processes were on the faulted clock, the runner's and the host's were not
        assertThat(Math.abs(System.currentTimeMillis() / 1000 - java.time.Instant.now().getEpochSecond())).isLessThan(2);
        assertThat(ProcessReaper.liveCount()).isZero();
    }

    @Test
    void storageFaultsCountWhatTheyFailedAndACrashDropsUnsyncedWrites() throws Exception {
        try {
            StorageFsBinary.get();
        } catch (IOException e) {
            assumeTrue(false, "the FUSE storage layer cannot run here: " + e.getMessage());
        }
        String writer = "mkdir -p {artifacts}/data; i=0; while true; do i=$((i+1)); echo $i >> {artifacts}/data/log"
                + " || echo write-failed; md5sum {artifacts}/data/log > /dev/null || echo read-failed; sleep 0.02; done";
        String windows = service("store", writer) + "faults:\n"
                + "  - { name: eio, at: 200ms, for: 300ms, storage: { service: store, kind: eio, dir: \\\"{artifacts}/data\\\" } }\n"
                + "  - { name: full, at: 800ms, for: 300ms, storage: { service: store, kind: disk-full, dir: \\\"{artifacts}/data\\\" } }\n"
                + "  - { name: slow, at: 1400ms, for: 300ms, storage: { service: store, kind: slow-io, delay: 20ms, dir: \\\"{artifacts}/data\\\" } }\n"
                ;
        String rot = service("store", writer) + "faults:\n"
                + "  - { name: rot, at: 1s, for: 300ms, storage: { service: store, kind: corrupt-reads, dir: \\\"{artifacts}/data\\\" } }\n";
        String crash = service("store", writer) + "faults:\n"
                + "  - { name: power-loss, at: 1s, for: 300ms, storage: { service: store, kind: lose-unsynced-writes, dir: \\\"{artifacts}/data\\\", restart: true } }\n";
        RunResult r = run(ShellPlanRunTest.scenario("S1", windows.replace("\\\"", "\"")), ShellPlanRunTest.scenario("S2", crash.replace("\\\"", "\"")),
                ShellPlanRunTest.scenario("S3", rot.replace("\\\"", "\"")));

        String s1 = Files.readString(r.sessionDir().resolve("findings/S1.md"));
        String s2 = Files.readString(r.sessionDir().resolve("findings/S2.md"));
        System.out.println(s1.lines().filter(l -> l.contains("full") || l.contains("ENOSPC") || l.contains("EIO") || l.contains("delayed") || l.contains("flipped")
                || l.contains("usable")).toList());
        System.out.println(s2.lines().filter(l -> l.contains("unsynced") || l.contains("restart") || l.contains("exit")).toList());
        assertThat(r.verdicts().get("S1")).as(r.reasons().toString()).isIn(Verdict.PASS_SMOKE, Verdict.PASS_HARDENING);
        assertThat(r.verdicts().get("S2")).as(r.reasons().toString()).isIn(Verdict.PASS_SMOKE, Verdict.PASS_HARDENING);
        assertThat(s1).contains("operations failed with EIO", "operations failed with ENOSPC", "operations delayed 20 ms",
                "usable bytes on data (statfs)");
        assertThat(r.verdicts().get("S3")).as(r.reasons().toString()).isIn(Verdict.PASS_SMOKE, Verdict.PASS_HARDENING);
        assertThat(Files.readString(r.sessionDir().resolve("findings/S3.md"))).contains("reads returned with a bit flipped");
        assertThat(s2).contains("unsynced bytes dropped", "store restart");
        assertThat(s2).containsPattern("[1-9]\\d* B / [1-9]");
        // unmounted at teardown: the data directory is a plain directory again
        assertThat(Files.readAllLines(Path.of("/proc/self/mountinfo"))).noneMatch(l -> l.contains(dir.toString()));
        assertThat(ProcessReaper.liveCount()).isZero();
    }
}
