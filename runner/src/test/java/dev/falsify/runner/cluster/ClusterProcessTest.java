package dev.falsify.runner.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.ClusterVocabulary;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Clusters seen from other processes: a kill -9'd owner's leftovers, and real sockets across a one-way partition. */
@Timeout(120)
class ClusterProcessTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @BeforeEach
    void needsRoot() {
        ClusterRig.assumeClusterHost();
    }

    @Test
    void leftoversOfAKilledRunAreSweptAtTheNextStartAndLiveOnesAreNot() throws Exception {
        Process owner = new ProcessBuilder(JAVA, "-cp", System.getProperty("java.class.path"), ClusterOwnerMain.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String line = new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertThat(line).as("the owner printed its namespaces").isNotNull();
        List<String> leftovers = List.of(line.split(" ")[0].split(","));
        String subnet = line.split(" ")[1];
        try (Cluster mine = Cluster.up(List.of("x"), List.of())) {
            owner.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertThat(owner.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(ClusterSweep.ours()).as("kill -9 left them behind").containsAll(leftovers);

            List<String> swept = ClusterSweep.sweep();

            assertThat(swept).containsAll(leftovers);
            assertThat(ClusterSweep.ours()).doesNotContainAnyElementsOf(leftovers).containsAll(mine.namespaces());
            assertThat(Subnets.CLAIMS.resolve(subnet.replace("/24", ""))).doesNotExist();
        }
    }

    @Test
    void oneWayPartitionStopsOneDirectionOfRealTrafficAndNotTheOther() throws Exception {
        try (Cluster c = Cluster.up(List.of("a", "b"), List.of())) {
            DropWindow w = DropWindow.partition(c, PartitionShapes.grudge(ClusterVocabulary.Shape.ONE_WAY, c.netnsNodes(), null,
                    List.of("a"), List.of("b")));
            Process atA = receiver(c, "a");
            Process atB = receiver(c, "b");
            ClusterRig.udp(c, "a", "b", 5555, 10);
            ClusterRig.udp(c, "b", "a", 5555, 10);
            assertThat(count(atA)).as("b → a flows").isEqualTo(10);
            assertThat(count(atB)).as("a → b is dropped").isZero();
            assertThat(w.heal().get(new DropWindow.Link("a", "b")).packets()).isEqualTo(10);
            Process again = receiver(c, "b");
            ClusterRig.udp(c, "a", "b", 5555, 10);
            assertThat(count(again)).as("healed: a → b flows again").isEqualTo(10);
        }
    }

    private static Process receiver(Cluster c, String node) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "exec", c.netns(node).netns(), JAVA, "-cp", System.getProperty("java.class.path"),
                UdpCountMain.class.getName(), c.netns(node).address(), "5555", "3000").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertThat(r.readLine()).isEqualTo("ready");
        readers.put(p, r);
        return p;
    }

    private static final java.util.Map<Process, BufferedReader> readers = new java.util.concurrent.ConcurrentHashMap<>();

    private static int count(Process p) throws Exception {
        String last = readers.remove(p).readLine();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return Integer.parseInt(last.replace("received ", "").strip());
    }
}
