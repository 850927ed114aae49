package dev.falsify.app.ui.log;

import java.util.Arrays;

/**
 * The rows a viewer shows: every line, or the lines a {@link LineFilter} accepts, found by a scan that
 * advances in bounded steps (off the FX thread) and keeps up with a growing log. Single writer (the
 * scanner); readers see a consistent prefix.
 */
final class FilteredLines {
    private final LogLines lines;
    private final LineFilter filter;
    private volatile int[] rows = new int[1024];
    private volatile int count;
    private volatile int scanned;

    FilteredLines(LogLines lines, LineFilter filter) {
        this.lines = lines;
        this.filter = filter;
    }

    LogLines lines() {
        return lines;
    }

    LineFilter filter() {
        return filter;
    }

    /** Rows known so far. */
    int count() {
        return filter.showsAll() ? lines.count() : count;
    }

    /** The source line shown in row {@code r}. */
    int line(int r) {
        return filter.showsAll() ? r : rows[r];
    }

    /** The row showing source line {@code line}, or the row of the nearest shown line before it (or 0). */
    int rowOf(int line) {
        if (filter.showsAll()) return line;
        int n = count;
        int i = Arrays.binarySearch(rows, 0, n, line);
        return i >= 0 ? i : Math.max(0, -i - 2);
    }

    /** Whether lines of the log remain to be scanned. */
    boolean behind() {
        return !filter.showsAll() && scanned < lines.count();
    }

    /**
     * Scans up to {@code max} more lines.
     *
     * @return lines scanned
     */
    int scan(int max) {
        if (filter.showsAll()) return 0;
        int end = (int) Math.min(lines.count(), (long) scanned + max);
        int from = scanned;
        for (int i = from; i < end; i++) {
            if (filter.accepts(lines, i)) {
                int[] a = rows;
                int n = count;
                if (n == a.length) {
                    a = Arrays.copyOf(a, a.length * 2);
                    rows = a;
                }
                a[n] = i;
                count = n + 1;
            }
        }
        scanned = end;
        return end - from;
    }
}
