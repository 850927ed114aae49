package dev.falsify.app.ui.log;

import java.util.Arrays;

/**
 * A growable array of line start offsets written by one thread and read by others: the array is
 * replaced before the count that makes its new entries visible is published, so a reader that reads
 * {@link #count()} first always finds its entries in {@link #at}.
 */
final class OffsetIndex {
    private volatile long[] starts = new long[1 << 12];
    private volatile int count;

    int count() {
        return count;
    }

    long at(int i) {
        return starts[i];
    }

    /** Appends the start of line {@code count()}; single writer. */
    void add(long offset) {
        long[] a = starts;
        int n = count;
        if (n == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
            starts = a;
        }
        a[n] = offset;
        count = n + 1;
    }

    /** Forgets the last line (a partial line at the end of a file, indexed again when it is complete). */
    void dropLast() {
        if (count > 0) count = count - 1;
    }

    long bytes() {
        return (long) starts.length * Long.BYTES;
    }
}
