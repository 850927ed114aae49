package example.kvclient;

import static dev.falsify.testkit.FalsifyAssertions.assertFaultsLanded;
import static dev.falsify.testkit.FalsifyAssertions.assertLinearizable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.falsify.testkit.FalsifyAssertionError;
import dev.falsify.testkit.FalsifyScenario;
import dev.falsify.testkit.FaultPlan;
import dev.falsify.testkit.FaultsNotLandedError;
import dev.falsify.testkit.Faulty;
import dev.falsify.testkit.Golden;
import dev.falsify.testkit.HistoryRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kv client's scenarios from docs/testing-plans/kv-client.md, as JUnit tests. Each writes a finding
 * into target/falsify-sessions/kv-client/<UTC>/ (open it with `falsify report`); the test results
 * themselves say what each test expects: S3 passes because it FINDS the seeded bug, S4 because the
 * fault it plans provably never landed.
 */
@FalsifyScenario(plan = "docs/testing-plans/kv-client.md")
class KvClientScenariosTest {
    private static final String[] NOT_APPLICABLE = {"more than one failover", "client-hidden retries", "asymmetric",
            "three seeds"};

    /** {@code n} clients sharing one server through one faulty transport. */
    private static List<KvClient> clients(KvTransport transport, KvTransport replica, int n) {
        List<KvClient> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(new KvClient(transport, replica, 2));
        return out;
    }

    @Test
    @FalsifyScenario(id = "S1", seed = 1, notApplicable = {"more than one failover", "client-hidden retries", "asymmetric",
            "three seeds"})
    void readsAndWritesStayLinearizableWhileRequestsFail(@TempDir Path tmp) throws IOException {
        FaultPlan plan = FaultPlan.failEvery(4).onMethods("get", "put").withError(() -> new IOException("connection reset"));
        KvTransport transport = Faulty.wrap(KvTransport.class, new KvServer(3), plan);
        HistoryRecorder history = KvWorkload.run(clients(transport, null, 3), 2, 60, 1);

        assertLinearizable(history, "kv");
        assertFaultsLanded(plan);
        // the plan is deterministic and the clock manual: the history is the same bytes on every run
        Path file = tmp.resolve("S1.history.jsonl");
        history.writeJsonl(file);
        Golden.assertMatches("kv-client-S1.history.jsonl", Files.readString(file));
    }

    @Test
    @FalsifyScenario(id = "S2", seed = 5, notApplicable = {"more than one failover", "client-hidden retries", "asymmetric",
            "three seeds"})
    void concurrentClientsStayLinearizableUnderRandomFaults() throws Exception {
        FaultPlan plan = FaultPlan.failWithProbability(0.2, 5).onMethods("get", "put")
                .withError(() -> new IOException("connection refused"));
        KvTransport transport = Faulty.wrap(KvTransport.class, new KvServer(1), plan);
        HistoryRecorder history = new HistoryRecorder();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                String process = "t" + t;
                KvClient client = new KvClient(transport, null, 3);
                done.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < 50; i++) {
                        KvWorkload.step(history, client, process, "k" + (i % 2), i % 3 == 0, process + "-" + i);
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : done) f.get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        assertLinearizable(history, "kv");
        assertFaultsLanded(plan);
    }

    @Test
    @FalsifyScenario(id = "S3", seed = 11)
    void theSeededStaleReadIsFound() {
        FaultPlan plan = FaultPlan.failWithProbability(0.5, 11).onMethods("get").withError(() -> new IOException("timeout"));
        KvServer server = new KvServer(3);
        KvTransport transport = Faulty.wrap(KvTransport.class, server, plan);
        HistoryRecorder history = KvWorkload.run(clients(transport, server.replica(), 3), 2, 60, 1);

        // the test passes because the checker FINDS the bug: a read served by the lagging replica
        FalsifyAssertionError found = assertThrows(FalsifyAssertionError.class, () -> assertLinearizable(history, "kv"));
        assertTrue(found.counterexample().contains("longest linearizable prefix"), found.counterexample());
        assertTrue(found.counterexample().contains("could not") || found.counterexample().contains("impossible"),
                found.counterexample());
    }

    @Test
    @FalsifyScenario(id = "S4")
    void aFaultOnDeleteNeverLandsBecauseNothingCallsDelete() {
        FaultPlan plan = FaultPlan.failFirst(1).onMethods("delete");
        KvTransport transport = Faulty.wrap(KvTransport.class, new KvServer(3), plan);
        HistoryRecorder history = KvWorkload.run(clients(transport, null, 3), 2, 30, 1);

        assertLinearizable(history, "kv");   // green, but it says nothing about deletes:
        assertEquals(0, plan.calls());
        assertThrows(FaultsNotLandedError.class, () -> assertFaultsLanded(plan));
        // ... so the session records S4 as INCONCLUSIVE-fault-not-proven, never PASS
    }
}
