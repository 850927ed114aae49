package example.kvclient;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An in-memory key-value server, with an asynchronously updated replica: writes reach the replica only
 * when {@link #replicate()} runs (every {@code lag} writes), as a follower that lags its leader.
 */
public final class KvServer implements KvTransport {
    private final Map<String, String> data = new ConcurrentHashMap<>();
    private final Map<String, String> replica = new ConcurrentHashMap<>();
    private final int lag;
    private int writesSinceSync;

    /** @param lag writes between two replica syncs (1: the replica is always current) */
    public KvServer(int lag) {
        this.lag = lag;
    }

    @Override
    public String get(String key) {
        return data.get(key);
    }

    @Override
    public synchronized void put(String key, String value) {
        data.put(key, value);
        if (++writesSinceSync >= lag) replicate();
    }

    @Override
    public synchronized boolean delete(String key) {
        boolean had = data.remove(key) != null;
        if (++writesSinceSync >= lag) replicate();
        return had;
    }

    /** The replica's view, as a transport: reads may be stale. */
    public KvTransport replica() {
        return new KvTransport() {
            @Override
            public String get(String key) {
                return replica.get(key);
            }

            @Override
            public void put(String key, String value) {
                throw new UnsupportedOperationException("the replica is read-only");
            }

            @Override
            public boolean delete(String key) {
                throw new UnsupportedOperationException("the replica is read-only");
            }
        };
    }

    synchronized void replicate() {
        replica.clear();
        replica.putAll(data);
        writesSinceSync = 0;
    }
}
