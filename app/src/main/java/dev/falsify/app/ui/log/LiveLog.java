package dev.falsify.app.ui.log;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of a running run, as the runner's {@code LogLine} events deliver them from every process:
 * stored as UTF-8 bytes in 1 MiB off-heap pages with an offset per line in fixed-size chunks (no
 * String, no object per line, and no array that doubles and is copied), so 200,000 lines a second
 * allocate nothing on the heap and the garbage collector never copies or scans the log's text.
 * Appends come from the runner's log threads (one per process stream); the FX thread reads without
 * locking: a line's bytes and entries are written before the count that makes it visible.
 */
public final class LiveLog implements LogLines {
    private static final int PAGE = 1 << 20;
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private volatile ByteBuffer[] pages = new ByteBuffer[16];
    private int pageCount;
    private int used = PAGE; // forces a first page
    private volatile long[][] where = new long[64][]; // per chunk: page << 32 | offset
    private volatile int[][] length = new int[64][];
    private volatile int[][] proc = new int[64][];
    private volatile int count;
    private volatile List<String> processes = List.of();
    private final Map<String, Integer> processIds = new HashMap<>();
    private byte[] scratch = new byte[4096]; // the encoder's output, reused (appends are serialized)
    private volatile boolean finished;

    /** Appends a line the process wrote (its name as the run labels it, e.g. {@code S1-1 n2.err}). */
    public synchronized void append(String process, String text) {
        append(processId(process), text);
    }

    /** Appends a line of the process {@link #processId} numbered. */
    public synchronized void append(int processId, String text) {
        if (processId < 0 || processId >= processes.size()) throw new IllegalArgumentException("unknown process " + processId);
        int len = encode(text);
        if (used + len > PAGE || pageCount == 0) newPage(Math.max(PAGE, len));
        ByteBuffer page = pages[pageCount - 1];
        page.put(used, scratch, 0, len);
        int n = count;
        int c = n >>> CHUNK_BITS;
        int k = n & (CHUNK - 1);
        if (k == 0) newChunk(c);
        where[c][k] = ((long) (pageCount - 1) << 32) | used;
        length[c][k] = len;
        proc[c][k] = processId;
        used += len;
        count = n + 1;
    }

    /**
     * UTF-8 of {@code s} into {@link #scratch} without a temporary array (what
     * {@code String.getBytes} would allocate per line); an unpaired surrogate becomes '?', as there.
     *
     * @return bytes written
     */
    private int encode(String s) {
        int n = s.length();
        if (scratch.length < n * 3) scratch = new byte[Math.max(scratch.length * 2, n * 3)];
        byte[] b = scratch;
        int j = 0;
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (ch < 0x80) {
                b[j++] = (byte) ch;
            } else if (ch < 0x800) {
                b[j++] = (byte) (0xC0 | ch >> 6);
                b[j++] = (byte) (0x80 | ch & 0x3F);
            } else if (Character.isHighSurrogate(ch) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(ch, s.charAt(++i));
                b[j++] = (byte) (0xF0 | cp >> 18);
                b[j++] = (byte) (0x80 | cp >> 12 & 0x3F);
                b[j++] = (byte) (0x80 | cp >> 6 & 0x3F);
                b[j++] = (byte) (0x80 | cp & 0x3F);
            } else if (Character.isSurrogate(ch)) {
                b[j++] = '?';
            } else {
                b[j++] = (byte) (0xE0 | ch >> 12);
                b[j++] = (byte) (0x80 | ch >> 6 & 0x3F);
                b[j++] = (byte) (0x80 | ch & 0x3F);
            }
        }
        return j;
    }

    private void newPage(int size) {
        ByteBuffer[] ps = pages;
        if (pageCount == ps.length) {
            ps = Arrays.copyOf(ps, ps.length * 2);
            pages = ps;
        }
        ps[pageCount++] = ByteBuffer.allocateDirect(size);
        used = 0;
    }

    private void newChunk(int c) {
        if (c == where.length) {
            length = Arrays.copyOf(length, c * 2);
            proc = Arrays.copyOf(proc, c * 2);
            where = Arrays.copyOf(where, c * 2);
        }
        length[c] = new int[CHUNK];
        proc[c] = new int[CHUNK];
        where[c] = new long[CHUNK];
    }

    /** The number lines of {@code process} are appended under (registered on first use). */
    public synchronized int processId(String process) {
        Integer id = processIds.get(process);
        if (id != null) return id;
        int next = processIds.size();
        processIds.put(process, next);
        List<String> l = new ArrayList<>(processes);
        l.add(process);
        processes = List.copyOf(l);
        return next;
    }

    /** No more lines will come (the run ended). */
    public void finish() {
        finished = true;
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public String line(int i) {
        if (i >= count) throw new IndexOutOfBoundsException(i);
        long w = where[i >>> CHUNK_BITS][i & (CHUNK - 1)];
        int len = length[i >>> CHUNK_BITS][i & (CHUNK - 1)];
        byte[] b = new byte[len];
        pages[(int) (w >>> 32)].get((int) w, b, 0, len);
        return new String(b, StandardCharsets.UTF_8);
    }

    @Override
    public int process(int i) {
        if (i >= count) throw new IndexOutOfBoundsException(i);
        return proc[i >>> CHUNK_BITS][i & (CHUNK - 1)];
    }

    @Override
    public List<String> processes() {
        return processes;
    }

    @Override
    public boolean growing() {
        return !finished;
    }

    /** Index of the line a process wrote as its {@code lineNo}-th (1-based), or -1. Linear: for a click. */
    public int find(String process, long lineNo) {
        int id = processes.indexOf(process);
        if (id < 0) return -1;
        long seen = 0;
        int n = count;
        for (int i = 0; i < n; i++) {
            if (process(i) == id && ++seen == lineNo) return i;
        }
        return -1;
    }
}
