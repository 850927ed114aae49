package dev.falsify.runner.nodefaults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Falsify's FUSE layer mounted over one data directory for a seed's run: faults are modes it is switched
 * into, and what it did (operations failed with EIO or ENOSPC, delayed, reads corrupted, unsynced bytes
 * dropped) comes back as {@link Counters}, the landing evidence. Closing it (or the runner dying) unmounts.
 */
public final class StorageFs implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path dir;
    private final Process process;
    private final OutputStream control;
    private final BufferedReader replies;

    private StorageFs(Path dir, Process process) {
        this.dir = dir;
        this.process = process;
        this.control = process.getOutputStream();
        this.replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Mounts over {@code dir} (created when absent); {@code errLog} receives the layer's own messages. */
    public static StorageFs mount(Path dir, Path errLog) throws IOException {
        Path bin = StorageFsBinary.get();
        Files.createDirectories(dir);
        Files.createDirectories(errLog.getParent());
        Process p = new ProcessBuilder(bin.toString(), dir.toString())
                .redirectError(ProcessBuilder.Redirect.appendTo(errLog.toFile())).start();
        StorageFs fs = new StorageFs(dir, p);
        String first = fs.replies.readLine();
        if (first == null || !first.contains("\"ready\":true")) {
            p.destroyForcibly();
            String err = Files.exists(errLog) ? Files.readString(errLog).strip() : "";
            throw new IOException("the storage fault layer did not mount over " + dir + ": "
                    + (err.isEmpty() ? "exit " + waitExit(p) : err.lines().reduce((a, b) -> b).orElse(err)));
        }
        fs.stats(); // the first answer loads the JSON reader's classes: paid here, not inside a fault's window
        return fs;
    }

    public Path dir() {
        return dir;
    }

    public long pid() {
        return process.pid();
    }

    /** {@code normal}, {@code eio}, {@code full}, {@code corrupt} or {@code slow <ms>}; returns the counters after. */
    public synchronized Counters mode(String mode) throws IOException {
        return command("mode " + mode);
    }

    /** Drops every unsynced write; returns the counters after (their dropped fields grew by what was dropped). */
    public synchronized Counters lose() throws IOException {
        return command("lose");
    }

    public synchronized Counters stats() throws IOException {
        return command("stats");
    }

    private Counters command(String c) throws IOException {
        if (!process.isAlive()) throw new IOException("the storage fault layer over " + dir + " ended (exit " + process.exitValue() + ")");
        control.write((c + "\n").getBytes(StandardCharsets.UTF_8));
        control.flush();
        String line = replies.readLine();
        if (line == null) throw new IOException("the storage fault layer over " + dir + " closed its output");
        JsonNode n = JSON.readTree(line);
        if (n.has("error")) throw new IOException("the storage fault layer refused '" + c + "': " + n.get("error").asText());
        return new Counters(n.path("mode").asText(), n.path("ops").asLong(), n.path("eio").asLong(), n.path("enospc").asLong(),
                n.path("delayed").asLong(), n.path("delay_total_ms").asLong(), n.path("corrupted_reads").asLong(),
                n.path("fsyncs").asLong(), n.path("unsynced_bytes").asLong(), n.path("unsynced_files").asLong(),
                n.path("dropped_bytes").asLong(), n.path("files_rolled_back").asLong(), n.path("files_removed").asLong(),
                n.path("undo_overflow").asLong());
    }

    /** Unmounts (the layer unmounts lazily when its stdin closes) and waits for it to end. */
    @Override
    public void close() {
        try {
            control.close();
        } catch (IOException ignored) {
            // already gone: it unmounted when it ended
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static String waitExit(Process p) {
        try {
            return p.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** The layer's counters since it was mounted; windows compare two of them. */
    public record Counters(String mode, long ops, long eio, long enospc, long delayed, long delayTotalMs, long corruptedReads,
                           long fsyncs, long unsyncedBytes, long unsyncedFiles, long droppedBytes, long filesRolledBack,
                           long filesRemoved, long undoOverflow) {
    }
}
