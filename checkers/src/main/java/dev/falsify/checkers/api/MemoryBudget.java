package dev.falsify.checkers.api;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes a check's search may hold, shared by the checks that run at once (the files of one
 * {@code falsify check}, the partitions of one history). A search asks before each big allocation
 * ({@link Account#tryCharge}) and answers UNKNOWN when it is refused, rather than growing until the
 * JVM throws {@link OutOfMemoryError}: a checker that runs out of room has no answer, and must
 * never look like one that found a violation.
 *
 * <p>The limit is derived from the heap: {@link #DEFAULT_SHARE} of {@link Runtime#maxMemory()},
 * or what {@code -Dfalsify.memory=SIZE} (property {@link #PROPERTY}) or {@code falsify check
 * --memory SIZE} says — bytes, {@code 512m}, {@code 2g}, or a share of the heap such as {@code 40%}.
 * What is counted is what grows with the search: the linearizability memo (exactly, in bytes of
 * its arrays) and the model states it interns (estimated per state); the rest of a check (the ops
 * themselves, a result) lives outside the budget, in the heap it leaves.
 */
public final class MemoryBudget {
    /** System property naming the budget (same syntax as {@code --memory}). */
    public static final String PROPERTY = "falsify.memory";
    /** Share of the heap a budget gets when nothing else is said. */
    public static final double DEFAULT_SHARE = 0.5;

    private static final Exhausted EXHAUSTED = new Exhausted();

    private final long limit;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    public MemoryBudget(long limitBytes) {
        if (limitBytes <= 0) throw new IllegalArgumentException("a memory budget must be positive, not " + limitBytes);
        this.limit = limitBytes;
    }

    /** The budget {@link #PROPERTY} names, else {@link #DEFAULT_SHARE} of the heap. */
    public static MemoryBudget fromHeap() {
        String given = System.getProperty(PROPERTY);
        long max = Runtime.getRuntime().maxMemory();
        if (given != null && !given.isBlank()) {
            try {
                return new MemoryBudget(parse(given, max));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("-D" + PROPERTY + ": " + e.getMessage(), e);
            }
        }
        return new MemoryBudget((long) (max * DEFAULT_SHARE));
    }

    /**
     * Bytes from {@code 536870912}, {@code 512k}, {@code 512m}, {@code 2g} (powers of 1024; a
     * trailing {@code b} or {@code B} allowed) or {@code 40%} of {@code heapBytes}.
     *
     * @throws IllegalArgumentException for anything else, or a size that is not positive
     */
    public static long parse(String text, long heapBytes) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        String what = "a memory size such as 512m, 2g or 40% (of the heap), not '" + text + "'";
        try {
            if (t.endsWith("%")) {
                double share = Double.parseDouble(t.substring(0, t.length() - 1));
                if (!(share > 0 && share <= 100)) throw new IllegalArgumentException(what);
                return Math.max(1, (long) (heapBytes * share / 100));
            }
            if (t.endsWith("b")) t = t.substring(0, t.length() - 1);
            long unit = 1;
            char last = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
            switch (last) {
                case 'k' -> unit = 1L << 10;
                case 'm' -> unit = 1L << 20;
                case 'g' -> unit = 1L << 30;
                case 't' -> unit = 1L << 40;
                default -> { }
            }
            if (unit > 1) t = t.substring(0, t.length() - 1);
            if (t.length() > 18) throw new IllegalArgumentException(what);
            long n = Long.parseLong(t.strip());
            if (n <= 0 || n > Long.MAX_VALUE / unit) throw new IllegalArgumentException(what);
            return n * unit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what);
        }
    }

    /** The limit in bytes. */
    public long limit() {
        return limit;
    }

    /** Bytes charged now, by every account. */
    public long used() {
        return used.get();
    }

    /** The most bytes charged at once so far (as seen when charges were passed on, in batches). */
    public long peak() {
        return peak.get();
    }

    private void sawUsed(long u) {
        long p;
        while (u > (p = peak.get()) && !peak.compareAndSet(p, u)) {
            // another account raised it meanwhile: compare again
        }
    }

    /** {@code 512 MB}, {@code 1.5 GB}: the limit for people. */
    public String describe() {
        return describe(limit);
    }

    /** Bytes for people, in MB below 10 GB. */
    public static String describe(long bytes) {
        if (bytes >= 10L << 30) return (bytes >> 30) + " GB";
        if (bytes >= 1L << 20) return (bytes >> 20) + " MB";
        return (bytes >> 10) + " KB";
    }

    /** A new account: what one search holds, released together by {@link Account#close()}. */
    public Account account() {
        return new Account();
    }

    /**
     * Thrown by a search structure whose growth the budget refused; the search catches it and
     * answers UNKNOWN. One shared instance without a stack trace: it is control flow, not a bug.
     */
    public static final class Exhausted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private Exhausted() {
            super("memory budget exhausted", null, false, false);
        }
    }

    /** The exception a refused growth throws. */
    public static Exhausted exhausted() {
        return EXHAUSTED;
    }

    /** What one search holds of the budget. Used by one thread at a time. */
    public final class Account implements AutoCloseable {
        /** Small charges are added up here and passed on to the shared count in batches of this many bytes. */
        private static final long BATCH = 1 << 16;
        /** Bytes charged to the shared count. */
        private long held;
        /** Bytes charged here, not yet passed on. */
        private long pending;
        private boolean overdrawn;

        private Account() {
        }

        /**
         * Charges {@code bytes} when the budget has room for them; false (nothing charged, the
         * account marked {@link #overdrawn}) when not.
         */
        public boolean tryCharge(long bytes) {
            flush();
            while (true) {
                long u = used.get();
                if (bytes > limit - u) {
                    overdrawn = true;
                    return false;
                }
                if (used.compareAndSet(u, u + bytes)) {
                    held += bytes;
                    sawUsed(u + bytes);
                    return true;
                }
            }
        }

        /**
         * Charges {@code bytes} already allocated (small growth: one state, one table row); marks
         * the account {@link #overdrawn} when that takes the budget past its limit.
         */
        public void charge(long bytes) {
            pending += bytes;
            if (pending >= BATCH) flush();
        }

        private void flush() {
            if (pending == 0) return;
            held += pending;
            long u = used.addAndGet(pending);
            sawUsed(u);
            if (u > limit) overdrawn = true;
            pending = 0;
        }

        /** Gives back {@code bytes} no longer held. */
        public void release(long bytes) {
            flush();
            long r = Math.min(bytes, held);
            held -= r;
            used.addAndGet(-r);
        }

        /** Whether a charge found the budget full: the search should stop. */
        public boolean overdrawn() {
            return overdrawn;
        }

        /** The budget this account draws on. */
        public MemoryBudget budget() {
            return MemoryBudget.this;
        }

        /** Gives back everything this account holds. */
        @Override
        public void close() {
            flush();
            release(held);
        }
    }
}
