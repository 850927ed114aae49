package dev.falsify.checkers.history;

/**
 * The op ids seen so far, as 64-bit hashes in an open-addressing table: 8 bytes per op instead
 * of a String per op, so a history of millions of ops stays readable in a small heap.
 */
final class SeenIds {
    private long[] table = new long[1024];
    private boolean hasZero;
    private int size;

    /** @return false when the id was seen before */
    boolean add(String id) {
        long h = hash(id);
        if (h == 0) {
            if (hasZero) return false;
            hasZero = true;
            return true;
        }
        if ((size + 1) * 2 > table.length) grow();
        return insert(table, h);
    }

    private boolean insert(long[] t, long h) {
        int mask = t.length - 1;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (t[i] != 0) {
            if (t[i] == h) return false;
            i = (i + 1) & mask;
        }
        t[i] = h;
        size++;
        return true;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        size = 0;
        for (long h : old) {
            if (h != 0) insert(table, h);
        }
    }

    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
