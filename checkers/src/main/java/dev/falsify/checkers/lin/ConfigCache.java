package dev.falsify.checkers.lin;

import dev.falsify.checkers.api.MemoryBudget;
import java.util.Arrays;

/**
 * The memo of the search: the set of configurations (linearized ops, model state) already
 * explored, compared exactly.
 *
 * <p>The linearized set is the search's bitset, kept here with two compactions that keep an entry
 * small however long the history is. Definite ops (those with a completion) occupy the low words
 * and unknown ops the high ones. In Lowe's search every definite op that returned before the
 * earliest unlinearized one is linearized, so the definite words form "all ones, a window, all
 * zeros": an entry stores only the window. The unknown words are stored trimmed of zero words at
 * both ends. A 64-bit Zobrist hash of the whole set, updated in O(1) per bit flip, and the state
 * select the slot; equality is then checked on the stored words.
 */
final class ConfigCache {
    private static final int HEADER = 3;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final int definite;
    private final long[] bits;
    private final int definiteWords;
    private final int totalWords;
    private final int[] capacity;  // bits per definite word
    private final int[] count;     // set bits per definite word
    private final long[] zobrist;
    private long hash;
    private int low;   // first definite word that is not full
    private int high;  // one past the last definite word that is not empty (>= low)

    private long[] fingerprints = new long[1 << 12];
    private int[] refs = new int[1 << 12]; // arena offset + 1; 0 = empty slot
    private int size;
    private long[] arena = new long[1 << 14];
    private int arenaUsed;
    /** Where the tables' bytes are charged: growth the budget refuses ends the search (UNKNOWN). */
    private final MemoryBudget.Account account;

    /** A memo with no budget of its own (tests). */
    ConfigCache(int definite, int unknown, long seed) {
        this(definite, unknown, seed, new MemoryBudget(Long.MAX_VALUE).account());
    }

    /**
     * @param account where the memo's arrays are charged; {@link #add} throws
     *                {@link MemoryBudget.Exhausted} when it refuses their growth
     */
    ConfigCache(int definite, int unknown, long seed, MemoryBudget.Account account) {
        this.account = account;
        account.charge(tableBytes(fingerprints.length) + 8L * arena.length);
        definiteWords = (definite + 63) >>> 6;
        totalWords = definiteWords + ((unknown + 63) >>> 6);
        bits = new long[Math.max(1, totalWords)];
        capacity = new int[definiteWords];
        count = new int[definiteWords];
        for (int w = 0; w < definiteWords; w++) capacity[w] = Math.min(64, definite - (w << 6));
        zobrist = new long[definite + unknown];
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        for (int i = 0; i < zobrist.length; i++) zobrist[i] = random.nextLong();
        this.definite = definite;
    }

    /** Bit position of op {@code i} (definite ops first, then unknown ones from a word boundary). */
    private int position(int op) {
        return op < definite ? op : (definiteWords << 6) + (op - definite);
    }

    void set(int op) {
        int p = position(op);
        int w = p >>> 6;
        bits[w] |= 1L << p;
        hash ^= zobrist[op];
        if (w < definiteWords) {
            count[w]++;
            if (w >= high) high = w + 1;
            while (low < definiteWords && count[low] == capacity[low]) low++;
            if (high < low) high = low;
        }
    }

    void clear(int op) {
        int p = position(op);
        int w = p >>> 6;
        bits[w] &= ~(1L << p);
        hash ^= zobrist[op];
        if (w < definiteWords) {
            count[w]--;
            if (w < low) low = w;
            if (w == high - 1) {
                while (high > low && count[high - 1] == 0) high--;
            }
        }
    }

    boolean isSet(int op) {
        int p = position(op);
        return (bits[p >>> 6] & (1L << p)) != 0;
    }

    int size() {
        return size;
    }

    /**
     * Adds the current (bitset, state) configuration; false when it was already there.
     *
     * @throws MemoryBudget.Exhausted when the memo must grow and the budget has no room for it:
     *                                the search must stop
     */
    boolean add(int state) {
        long fp = hash ^ ((state + 1L) * GOLDEN);
        int uLow = definiteWords;
        int uHigh = totalWords;
        while (uLow < uHigh && bits[uLow] == 0) uLow++;
        while (uHigh > uLow && bits[uHigh - 1] == 0) uHigh--;
        int mask = fingerprints.length - 1;
        int slot = mix(fp) & mask;
        while (refs[slot] != 0) {
            if (fingerprints[slot] == fp && same(refs[slot] - 1, state, uLow, uHigh)) return false;
            slot = (slot + 1) & mask;
        }
        int words = (high - low) + (uHigh - uLow);
        ensureArena(HEADER + words);
        int at = arenaUsed;
        arena[at] = ((long) state << 32) | (low & 0xffffffffL);
        arena[at + 1] = ((long) high << 32) | (uLow & 0xffffffffL);
        arena[at + 2] = uHigh;
        System.arraycopy(bits, low, arena, at + HEADER, high - low);
        System.arraycopy(bits, uLow, arena, at + HEADER + (high - low), uHigh - uLow);
        arenaUsed += HEADER + words;
        fingerprints[slot] = fp;
        refs[slot] = at + 1;
        if (++size * 2 > fingerprints.length) grow();
        return true;
    }

    private boolean same(int at, int state, int uLow, int uHigh) {
        if (arena[at] != (((long) state << 32) | (low & 0xffffffffL))) return false;
        if (arena[at + 1] != (((long) high << 32) | (uLow & 0xffffffffL))) return false;
        if (arena[at + 2] != uHigh) return false;
        int p = at + HEADER;
        for (int w = low; w < high; w++) {
            if (arena[p++] != bits[w]) return false;
        }
        for (int w = uLow; w < uHigh; w++) {
            if (arena[p++] != bits[w]) return false;
        }
        return true;
    }

    private void ensureArena(int more) {
        if (arenaUsed + more > arena.length) {
            long wanted = Math.max((long) arena.length * 2, (long) arenaUsed + more);
            // the copy is charged before it is made (old and new arrays live at once while copying)
            if (wanted > Integer.MAX_VALUE - 16 || !account.tryCharge(8 * wanted)) throw MemoryBudget.exhausted();
            long oldBytes = 8L * arena.length;
            arena = Arrays.copyOf(arena, (int) wanted);
            account.release(oldBytes);
        }
    }

    /** Bytes of the fingerprint and reference tables at {@code slots} slots. */
    private static long tableBytes(int slots) {
        return 12L * slots;
    }

    /**
     * Lets go of the tables once the search is over ({@link #size} is kept): a partition's memo is
     * not needed to explain its answer, and a history with many partitions held every one of them
     * until the whole check ended.
     */
    void free() {
        if (arena == null) return;
        account.release(tableBytes(fingerprints.length) + 8L * arena.length);
        arena = null;
        fingerprints = null;
        refs = null;
    }

    private void grow() {
        long[] oldFp = fingerprints;
        int[] oldRefs = refs;
        if (oldFp.length >= 1 << 30 || !account.tryCharge(tableBytes(oldFp.length * 2))) throw MemoryBudget.exhausted();
        fingerprints = new long[oldFp.length * 2];
        refs = new int[oldRefs.length * 2];
        int mask = fingerprints.length - 1;
        for (int i = 0; i < oldRefs.length; i++) {
            if (oldRefs[i] == 0) continue;
            int slot = mix(oldFp[i]) & mask;
            while (refs[slot] != 0) slot = (slot + 1) & mask;
            fingerprints[slot] = oldFp[i];
            refs[slot] = oldRefs[i];
        }
        account.release(tableBytes(oldFp.length));
    }

    private static int mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return (int) h;
    }
}
