package example.kvclient;

import java.io.IOException;

/** The network port of the key-value client: one call per request to a server. */
public interface KvTransport {
    /** The value of {@code key}, or null when there is none. */
    String get(String key) throws IOException;

    void put(String key, String value) throws IOException;

    /** Removes {@code key}; true when it existed. */
    boolean delete(String key) throws IOException;
}
