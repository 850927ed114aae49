package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.cluster.ClusterSweep;
import dev.falsify.runner.cluster.HostTools;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.exec.ProcessReaper;
import dev.falsify.runner.faults.ShellCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example's cluster plan, run for real: three netns nodes, a one-way partition of the leader, the verdict
 * computed from the history and the rules' counters — and the host's firewall and routes untouched.
 */
@Timeout(240)
class ExampleClusterRunTest {
    static final Path PLAN = Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv-cluster.md").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        List<String> missing = HostTools.missing();
        assumeTrue(missing.isEmpty(), () -> "needs a host that can build network namespaces; missing: " + String.join("; ", missing));
    }

    private RunResult run(Map<String, String> env, List<RunEvent> events) throws Exception {
        EventBus bus = new EventBus();
        bus.subscribe(e -> {
            if (!(e instanceof RunEvent.LogLine)) events.add(e);
        });
        RunOptions o = new RunOptions(dir.resolve("sessions"), List.of("S1"), null, env, 1, dir.resolve("index.db"), "test",
                new PrintWriter(new StringWriter()), new AtomicBoolean());
        return PlanRunner.run(PLAN, "replicated-kv-cluster.md", o, bus);
    }

    @Test
    void asymmetricPartitionOfTheLeaderPassesWithCountersAndFailsWithTheBug() throws Exception {
        String hostBefore = hostNetwork();
        List<String> before = new ArrayList<>(ClusterSweep.ours());
        List<RunEvent> events = new CopyOnWriteArrayList<>();

        RunResult clean = run(Map.of(), events);

        assertThat(clean.verdicts()).containsEntry("S1", Verdict.PASS_SMOKE);
        JsonNode drops = JSON.readTree(clean.sessionDir().resolve("artifacts/S1-1.leader-one-way.cluster.json").toFile());
        assertThat(drops.get("landed").asBoolean()).isTrue();
        assertThat(drops.get("rules").get("n1→n2").get("after").asLong()).isPositive();
        assertThat(drops.get("rules").get("n1→n3").get("after").asLong()).isPositive();
        assertThat(events).anyMatch(e -> e instanceof RunEvent.LandingChecked l && l.landed() && l.evidence().contains("n1→n2: 0 → "));

        RunResult buggy = run(Map.of("KV_BUG", "stale-follower-reads"), events);

        assertThat(buggy.verdicts()).containsEntry("S1", Verdict.FAIL_REPRODUCIBLE);
        assertThat(ProcessReaper.liveCount()).isZero();
        // another run on this machine (another build, another test JVM) may own namespaces made before or
        // during ours: only those this JVM made must be gone
        String mine = "falsify-" + ProcessHandle.current().pid() + ".";
        List<String> after = new ArrayList<>(ClusterSweep.ours());
        after.removeAll(before);
        after.removeIf(name -> !name.startsWith(mine));
        assertThat(after).isEmpty();
        assertThat(hostNetwork()).as("the host's firewall, routes and links").isEqualTo(hostBefore);
    }

    static String hostNetwork() {
        return new ShellCommand("iptables-save | grep -v '^#'; echo ---; ip route show table all; echo ---; ip -o link show | sed 's/ state .*//'",
                Path.of("/"), Map.of(), Duration.ofSeconds(30)).run().output();
    }
}
