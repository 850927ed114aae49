package example.kvclient;

import static dev.falsify.testkit.FalsifyAssertions.assertLinearizable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.falsify.testkit.FaultPlan;
import dev.falsify.testkit.Faulty;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Plain JUnit, no extension: the testkit's plans and assertions on their own. */
class KvClientTest {
    @Test
    void aPutIsRetriedUntilItGetsThrough() throws IOException {
        FaultPlan plan = FaultPlan.failFirst(1).onMethods("put").withError(() -> new IOException("reset"));
        KvServer server = new KvServer(1);
        KvClient client = new KvClient(Faulty.wrap(KvTransport.class, server, plan), null, 2);
        client.put("a", "1");
        assertEquals("1", client.get("a"));
        assertEquals(1, client.retries());
        assertEquals(2, plan.calls());
    }

    @Test
    void aReadFailsWhenEveryAttemptFailsAndThereIsNoFallback() {
        FaultPlan plan = FaultPlan.failEvery(1).onMethods("get").withError(() -> new IOException("down"));
        KvClient client = new KvClient(Faulty.wrap(KvTransport.class, new KvServer(1), plan), null, 3);
        assertThrows(IOException.class, () -> client.get("a"));
        assertEquals(3, plan.fired());
    }

    @Test
    void withoutFaultsTheHistoryIsLinearizable() throws IOException {
        KvServer server = new KvServer(1);
        KvClient client = new KvClient(server, null, 1);
        assertNull(client.get("x"));
        assertLinearizable(KvWorkload.run(List.of(client, new KvClient(server, null, 1)), 3, 40, 9), "kv");
    }
}
