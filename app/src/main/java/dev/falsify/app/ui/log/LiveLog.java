package dev.falsify.app.ui.log;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of a running run, as the runner's {@code LogLine} events deliver them from every process:
 * stored as UTF-8 bytes in 1 MiB pages with an offset per line (no String per line), so 200,000 lines
 * a second cost an array copy each. Appends come from the runner's log threads (one per process
 * stream); the FX thread reads without locking: a line's bytes and entries are written before the
 * count that makes it visible.
 */
public final class LiveLog implements LogLines {
    private static final int PAGE = 1 << 20;
    private volatile byte[][] pages = new byte[16][];
    private int pageCount;
    private int used = PAGE; // forces a first page
    private volatile long[] where = new long[1 << 14]; // page << 32 | offset
    private volatile int[] length = new int[1 << 14];
    private volatile int[] proc = new int[1 << 14];
    private volatile int count;
    private volatile List<String> processes = List.of();
    private final Map<String, Integer> processIds = new HashMap<>();
    private volatile boolean finished;

    /** Appends a line the process wrote (its name as the run labels it, e.g. {@code S1-1 n2.err}). */
    public synchronized void append(String process, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        if (used + b.length > PAGE || pageCount == 0) newPage(Math.max(PAGE, b.length));
        byte[] page = pages[pageCount - 1];
        System.arraycopy(b, 0, page, used, b.length);
        int n = count;
        if (n == where.length) grow();
        where[n] = ((long) (pageCount - 1) << 32) | used;
        length[n] = b.length;
        proc[n] = processId(process);
        used += b.length;
        count = n + 1;
    }

    private void newPage(int size) {
        byte[][] ps = pages;
        if (pageCount == ps.length) {
            ps = Arrays.copyOf(ps, ps.length * 2);
            pages = ps;
        }
        ps[pageCount++] = new byte[size];
        used = 0;
    }

    private void grow() {
        int n = where.length * 2;
        length = Arrays.copyOf(length, n);
        proc = Arrays.copyOf(proc, n);
        where = Arrays.copyOf(where, n);
    }

    private int processId(String process) {
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
        long w = where[i];
        byte[] page = pages[(int) (w >>> 32)];
        return new String(page, (int) w, length[i], StandardCharsets.UTF_8);
    }

    @Override
    public int process(int i) {
        if (i >= count) throw new IndexOutOfBoundsException(i);
        return proc[i];
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
            if (proc[i] == id && ++seen == lineNo) return i;
        }
        return -1;
    }
}
