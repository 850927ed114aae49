package example.kvclient;

import dev.falsify.testkit.HistoryRecorder;
import dev.falsify.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A deterministic workload: clients take turns (client i % n), each step a put or a get of one of
 * the keys chosen by the seed; every request is recorded at the client's API, so the history shows
 * what callers saw, retries included in the op's interval.
 */
final class KvWorkload {
    static final Instant START = Instant.parse("2026-12-01T12:00:00Z");

    private KvWorkload() {
    }

    /** Runs {@code steps} requests through {@code clients}; times come from a manual clock, 1 ms per step. */
    static HistoryRecorder run(List<KvClient> clients, int keys, int steps, long seed) {
        ManualClock clock = new ManualClock(START);
        HistoryRecorder history = HistoryRecorder.withClock(clock);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < steps; i++) {
            step(history, clients.get(i % clients.size()), "c" + (i % clients.size()), "k" + random.nextInt(keys),
                    random.nextBoolean(), "v" + i);
            clock.advance(Duration.ofMillis(1));
        }
        return history;
    }

    /** One recorded request: ok with what the client returned, or fail when it gave up (nothing reached the server). */
    static void step(HistoryRecorder history, KvClient client, String process, String key, boolean put, String value) {
        HistoryRecorder.Invocation op = history.invoke(process, put ? "put" : "get", key, put ? value : null);
        try {
            if (put) {
                client.put(key, value);
                op.ok(null);
            } else {
                op.ok(client.get(key));
            }
        } catch (IOException e) {
            op.fail("io: " + e.getMessage());
        }
    }
}
