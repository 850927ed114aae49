package dev.falsify.app.ui.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A log file opened by line offsets: {@link #index()} scans the bytes once for line breaks (and
 * checks they are UTF-8) and keeps only the offset of each line, so a million-line log costs 8 MB of
 * offsets and lines are read from disk when shown. {@link #index()} again reads only what was
 * appended since (following a file a run is writing). Opened read-only: nothing here writes.
 */
public final class LogFile implements LogLines, AutoCloseable {
    private static final int BINARY_PROBE = 8192;
    private final Path path;
    private final FileChannel channel;
    private final String process;
    private final OffsetIndex starts = new OffsetIndex();
    /** Bytes indexed; the offset where the next line starts once {@link #partialTail} is complete. */
    private volatile long indexedTo;
    private volatile boolean partialTail;
    /** Start of the last line indexed (re-read when it was still unfinished). */
    private long tailStart;
    private volatile boolean utf8 = true;
    private volatile boolean binary;
    private volatile boolean follow;
    private Utf8Check check = new Utf8Check();

    public LogFile(Path path) throws IOException {
        this.path = path;
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
        String n = path.getFileName().toString();
        this.process = n.replaceFirst("\\.log$", "");
    }

    public Path path() {
        return path;
    }

    /**
     * Indexes what was appended since the last call (the whole file the first time).
     *
     * @return lines added
     */
    public synchronized int index() throws IOException {
        int before = starts.count();
        long size = channel.size();
        if (size < indexedTo) return 0; // truncated under us: keep what was read (evidence files only grow)
        long p = indexedTo;
        if (partialTail) {
            // the unfinished last line is indexed again, whole; a line starts with the check at rest
            starts.dropLast();
            partialTail = false;
            p = tailStart;
            check = new Utf8Check();
        }
        if (indexedTo == 0 && size > 0) {
            ByteBuffer probe = ByteBuffer.allocate((int) Math.min(size, BINARY_PROBE));
            channel.read(probe, 0);
            for (int i = 0; i < probe.position(); i++) {
                if (probe.get(i) == 0) {
                    binary = true;
                    indexedTo = size;
                    return 0;
                }
            }
        }
        if (binary) return 0;
        ByteBuffer buf = ByteBuffer.allocate(1 << 20);
        boolean atLineStart = true; // a scan starts after a line break, or at the start of the file
        long lastStart = p;
        while (p < size) {
            buf.clear();
            int n = channel.read(buf, p);
            if (n <= 0) break;
            byte[] a = buf.array();
            for (int i = 0; i < n; i++) {
                if (atLineStart) {
                    lastStart = p + i;
                    starts.add(lastStart);
                    atLineStart = false;
                }
                byte b = a[i];
                if (utf8 && !check.accept(b)) utf8 = false;
                if (b == '\n') atLineStart = true;
            }
            p += n;
        }
        tailStart = lastStart;
        indexedTo = p;
        partialTail = !atLineStart;
        return starts.count() - before;
    }

    @Override
    public int count() {
        return starts.count();
    }

    @Override
    public String line(int i) {
        long from = starts.at(i);
        long to = i + 1 < starts.count() ? starts.at(i + 1) : indexedTo;
        int len = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(0, to - from));
        ByteBuffer b = ByteBuffer.allocate(len);
        try {
            while (b.hasRemaining()) {
                int n = channel.read(b, from + b.position());
                if (n <= 0) break;
            }
        } catch (IOException e) {
            return "(cannot read line " + (i + 1) + ": " + e.getMessage() + ")";
        }
        int end = b.position();
        byte[] a = b.array();
        while (end > 0 && (a[end - 1] == '\n' || a[end - 1] == '\r')) end--;
        return new String(a, 0, end, utf8 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    }

    @Override
    public int process(int i) {
        return 0;
    }

    @Override
    public List<String> processes() {
        return List.of(process);
    }

    @Override
    public boolean growing() {
        return follow;
    }

    /** Keeps indexing what a writer appends (the viewer polls {@link #index()}). */
    public void follow(boolean on) {
        follow = on;
    }

    public boolean binary() {
        return binary;
    }

    public boolean utf8() {
        return utf8;
    }

    public long size() {
        return indexedTo;
    }

    /** What a reader should know about the decoding, or empty. */
    public String note() {
        if (binary) return "binary file (a NUL byte in its first 8 KiB): not shown";
        return utf8 ? "" : "not valid UTF-8: shown as ISO-8859-1";
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** A streaming UTF-8 validity check (RFC 3629: no overlongs, no surrogates, at most U+10FFFF). */
    static final class Utf8Check {
        private int need;
        private int lo = 0x80;
        private int hi = 0xBF;

        boolean accept(byte x) {
            int b = x & 0xFF;
            if (need == 0) {
                if (b < 0x80) return true;
                if (b >= 0xC2 && b <= 0xDF) {
                    need = 1;
                } else if (b >= 0xE0 && b <= 0xEF) {
                    need = 2;
                    lo = b == 0xE0 ? 0xA0 : 0x80;
                    hi = b == 0xED ? 0x9F : 0xBF;
                    return true;
                } else if (b >= 0xF0 && b <= 0xF4) {
                    need = 3;
                    lo = b == 0xF0 ? 0x90 : 0x80;
                    hi = b == 0xF4 ? 0x8F : 0xBF;
                    return true;
                } else {
                    return false;
                }
                lo = 0x80;
                hi = 0xBF;
                return true;
            }
            if (b < lo || b > hi) return false;
            lo = 0x80;
            hi = 0xBF;
            need--;
            return true;
        }
    }
}
