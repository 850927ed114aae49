package kv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * A write-ahead log: one {@code seq key value} line per write, forced to disk before the write is acknowledged
 * — unless {@code sync} is false, the seeded bug {@code ack-before-fsync}: the line sits in the page cache when
 * the write is acknowledged, so a power loss (Falsify's lose-unsynced-writes) takes acknowledged writes with it.
 */
class Wal {
    static final Wal NONE = new Wal(null, null, true);

    private final Path file;
    private final FileChannel channel;
    private final boolean sync;

    private Wal(Path file, FileChannel channel, boolean sync) {
        this.file = file;
        this.channel = channel;
        this.sync = sync;
    }

    static Wal open(Path dir, boolean sync) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve("wal.log");
        return new Wal(f, FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND), sync);
    }

    synchronized void append(long seq, String key, String value) {
        if (channel == null) return;
        try {
            channel.write(ByteBuffer.wrap((seq + " " + key + " " + value + "\n").getBytes(StandardCharsets.UTF_8)));
            if (sync) channel.force(false);
        } catch (IOException e) {
            throw new IllegalStateException("wal write failed: " + e.getMessage(), e);
        }
    }

    /** Applies the log to {@code data} and {@code log}; returns the highest sequence number replayed. */
    long replay(Map<String, String> data, List<String[]> log) throws IOException {
        if (file == null || !Files.exists(file)) return 0;
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        long last = 0;
        synchronized (data) {
            for (String line : lines) {
                String[] p = line.split(" ", 3);
                if (p.length == 3) { // a torn last line (crash mid-write) is not a write
                    data.put(p[1], p[2]);
                    log.add(p);
                    last = Long.parseLong(p[0]);
                }
            }
        }
        return last;
    }
}
