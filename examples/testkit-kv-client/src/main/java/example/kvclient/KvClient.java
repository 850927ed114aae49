package example.kvclient;

import java.io.IOException;

/**
 * A key-value client that retries failed requests on the primary. A request that failed did not reach
 * the server (connection refused, reset before sending), so retrying a put is safe.
 *
 * <p>The seeded bug: built with {@code replicaFallback}, a read whose retries are exhausted is answered
 * by the replica, which lags the primary — a stale read that breaks linearizability.
 */
public final class KvClient {
    private final KvTransport primary;
    private final KvTransport replica;
    private final int attempts;
    private int retries;

    /**
     * @param attempts tries per request (at least 1)
     * @param replica  where a read falls back to when every attempt failed, or null to fail the read
     */
    public KvClient(KvTransport primary, KvTransport replica, int attempts) {
        if (attempts < 1) throw new IllegalArgumentException("attempts must be at least 1, got " + attempts);
        this.primary = primary;
        this.replica = replica;
        this.attempts = attempts;
    }

    public String get(String key) throws IOException {
        IOException last = null;
        for (int i = 0; i < attempts; i++) {
            try {
                return primary.get(key);
            } catch (IOException e) {
                last = e;
                retries++;
            }
        }
        if (replica != null) return replica.get(key);
        throw last;
    }

    public void put(String key, String value) throws IOException {
        IOException last = null;
        for (int i = 0; i < attempts; i++) {
            try {
                primary.put(key, value);
                return;
            } catch (IOException e) {
                last = e;
                retries++;
            }
        }
        throw last;
    }

    public boolean delete(String key) throws IOException {
        return primary.delete(key);
    }

    /** Requests retried so far. */
    public int retries() {
        return retries;
    }
}
