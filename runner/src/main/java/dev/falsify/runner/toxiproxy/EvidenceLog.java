package dev.falsify.runner.toxiproxy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * {@code falsify proxy serve --record DIR}: one JSONL file per proxy, one line per thing that happened to
 * it — created, toxic added / updated / removed (with the toxic's evidence), disabled, enabled, deleted —
 * and the evidence of every toxic still active when the server stops. Lines are appended whole, so a file
 * read while the server runs ends at a complete record.
 */
public final class EvidenceLog {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path dir;

    private EvidenceLog(Path dir) {
        this.dir = dir;
    }

    public static EvidenceLog off() {
        return new EvidenceLog(null);
    }

    /** Records into {@code dir}, created if absent; refuses a path that exists and is not a directory. */
    public static EvidenceLog into(Path dir) throws IOException {
        Files.createDirectories(dir);
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) throw new IOException(dir + " is not a writable directory");
        return new EvidenceLog(dir);
    }

    boolean on() {
        return dir != null;
    }

    /** The file of proxy {@code name}: its name where that is a plain file name, else a safe form plus a hash. */
    Path file(String proxy) {
        String safe = proxy.replaceAll("[^A-Za-z0-9._-]", "_");
        if (!safe.equals(proxy) || safe.startsWith(".")) {
            safe = safe.replaceFirst("^\\.+", "_") + "-" + Integer.toHexString(proxy.hashCode());
        }
        if (safe.length() > 120) safe = safe.substring(0, 100) + "-" + Integer.toHexString(proxy.hashCode());
        return dir.resolve(safe + ".jsonl");
    }

    synchronized void write(String proxy, String event, ObjectNode detail) {
        if (dir == null) return;
        ObjectNode line = JSON.createObjectNode();
        line.put("at", Instant.now().toString());
        line.put("proxy", proxy);
        line.put("event", event);
        if (detail != null) line.setAll(detail);
        try {
            Files.write(file(proxy), (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record evidence in " + dir + ": " + e.getMessage(), e);
        }
    }
}
