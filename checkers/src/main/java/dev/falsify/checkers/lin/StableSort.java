package dev.falsify.checkers.lin;

/**
 * The search's sorts of op and entry numbers by time: a stable merge sort over primitives, because
 * a cold {@code falsify check} runs them interpreted once per partition, where {@code Arrays.sort}
 * of boxed numbers with a comparator lambda costs boxing, a virtual call per comparison and the
 * lambda's bootstrap.
 */
final class StableSort {
    private StableSort() {
    }

    /**
     * Sorts {@code order[from, to)} by {@code key[from, to)} (kept parallel to it), ties in their
     * present order.
     */
    static void byKey(int[] order, long[] key, int from, int to) {
        int n = to - from;
        if (n < 2) return;
        int[] o2 = new int[n];
        long[] k2 = new long[n];
        int[] srcO = order;
        long[] srcK = key;
        int srcOff = from;
        int[] dstO = o2;
        long[] dstK = k2;
        int dstOff = 0;
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    if (srcK[srcOff + j] < srcK[srcOff + i]) {
                        dstO[dstOff + k] = srcO[srcOff + j];
                        dstK[dstOff + k++] = srcK[srcOff + j++];
                    } else {
                        dstO[dstOff + k] = srcO[srcOff + i];
                        dstK[dstOff + k++] = srcK[srcOff + i++];
                    }
                }
                while (i < mid) {
                    dstO[dstOff + k] = srcO[srcOff + i];
                    dstK[dstOff + k++] = srcK[srcOff + i++];
                }
                while (j < hi) {
                    dstO[dstOff + k] = srcO[srcOff + j];
                    dstK[dstOff + k++] = srcK[srcOff + j++];
                }
            }
            int[] to2 = srcO;
            long[] tk = srcK;
            int toff = srcOff;
            srcO = dstO;
            srcK = dstK;
            srcOff = dstOff;
            dstO = to2;
            dstK = tk;
            dstOff = toff;
        }
        if (srcO != order) {
            System.arraycopy(srcO, srcOff, order, from, n);
            System.arraycopy(srcK, srcOff, key, from, n);
        }
    }
}
