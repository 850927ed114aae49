package dev.falsify.checkers.lin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Wing &amp; Gong's search with Lowe's improvements for one partition: the history as one doubly
 * linked list of call and return entries in time order; repeatedly linearize the first call that the
 * model accepts and whose resulting configuration (linearized set, state) is new, restarting from the
 * head; on reaching a return entry (an op that had to take effect by then but could not), undo the
 * last choice and try the next call after it.
 *
 * <p>Ops are numbered definite first (0 .. definite-1, by invoke time) then unknown. Intervals are
 * closed: at equal times calls sort before returns, so an op invoked at t is concurrent with one
 * completing at t. Unknown ops have no return entry: they may take effect any time after their
 * call, and need never take effect, so the search succeeds as soon as every definite op is placed.
 */
final class PartitionSearch {
    enum Status { VALID, INVALID, UNKNOWN }

    private static final int HEAD = 0;
    private static final int MAX_PREFIXES = 3;
    private static final int MAX_EQUAL_CHECKS = 4096;

    private final int definite;
    private final int n;
    private final int[] cmd;
    private final StateTable<?, ?> table;
    private final int initialState;
    private final BooleanSupplier stop;

    private final int[] next;
    private final int[] prev;
    private final int[] nodeOp;   // op for a call node, -(op + 1) for a return node
    private final int[] callNode;
    private final int[] returnNode; // 0 for unknown ops
    private final ConfigCache cache;

    private final List<int[]> prefixes = new ArrayList<>();
    private int bestLength = -1;
    private int equalChecks;

    /**
     * @param callTime   invoke time per op
     * @param returnTime completion time per definite op (entries beyond {@code definite} unused)
     * @param cmd        interned command per op
     */
    PartitionSearch(int definite, long[] callTime, long[] returnTime, int[] cmd, StateTable<?, ?> table,
                    int initialState, BooleanSupplier stop) {
        this.definite = definite;
        this.n = callTime.length;
        this.cmd = cmd;
        this.table = table;
        this.initialState = initialState;
        this.stop = stop;
        int entries = n + definite;
        next = new int[entries + 2];
        prev = new int[entries + 2];
        nodeOp = new int[entries + 2];
        callNode = new int[n];
        returnNode = new int[n];
        cache = new ConfigCache(definite, n - definite, 0x5eed_1a5L + n);

        // sort entries: time, then calls before returns (closed intervals), then op number
        int[] order = sortEntries(callTime, returnTime);
        int last = HEAD;
        for (int i = 0; i < entries; i++) {
            int node = i + 1;
            int e = order[i];
            int op = e < n ? e : e - n;
            if (e < n) {
                nodeOp[node] = op;
                callNode[op] = node;
            } else {
                nodeOp[node] = -(op + 1);
                returnNode[op] = node;
            }
            next[last] = node;
            prev[node] = last;
            last = node;
        }
        int tail = entries + 1;
        next[last] = tail;
        prev[tail] = last;
        nodeOp[tail] = Integer.MIN_VALUE;
    }

    private int[] sortEntries(long[] callTime, long[] returnTime) {
        int entries = n + definite;
        Integer[] idx = new Integer[entries];
        for (int i = 0; i < entries; i++) idx[i] = i;
        Arrays.sort(idx, (a, b) -> {
            long ta = a < n ? callTime[a] : Math.max(returnTime[a - n], callTime[a - n]);
            long tb = b < n ? callTime[b] : Math.max(returnTime[b - n], callTime[b - n]);
            if (ta != tb) return Long.compare(ta, tb);
            int ka = a < n ? 0 : 1;
            int kb = b < n ? 0 : 1;
            if (ka != kb) return Integer.compare(ka, kb);
            return Integer.compare(a < n ? a : a - n, b < n ? b : b - n);
        });
        int[] out = new int[entries];
        for (int i = 0; i < entries; i++) out[i] = idx[i];
        return out;
    }

    long explored() {
        return cache.size();
    }

    /** The longest linearizable prefixes found (op numbers in linearization order), at most three. */
    List<int[]> longestPrefixes() {
        return prefixes;
    }

    Status run() {
        int[] stackOp = new int[n];
        int[] stackState = new int[n];
        int depth = 0;
        int state = initialState;
        int remaining = definite;
        int node = next[HEAD];
        int iterations = 0;
        while (true) {
            if (remaining == 0) return Status.VALID;
            if ((++iterations & 0x3FFF) == 0 && stop.getAsBoolean()) {
                record(stackOp, depth);
                return Status.UNKNOWN;
            }
            int op = nodeOp[node];
            if (op >= 0) {
                int after = table.step(state, cmd[op]);
                if (after >= 0) {
                    cache.set(op);
                    if (cache.add(after)) {
                        stackOp[depth] = op;
                        stackState[depth] = state;
                        depth++;
                        state = after;
                        lift(op);
                        if (op < definite) remaining--;
                        node = next[HEAD];
                        continue;
                    }
                    cache.clear(op);
                }
                node = next[node];
            } else {
                // a return entry: that op had to be linearized by now
                record(stackOp, depth);
                if (depth == 0) return Status.INVALID;
                depth--;
                int undo = stackOp[depth];
                state = stackState[depth];
                cache.clear(undo);
                unlift(undo);
                if (undo < definite) remaining++;
                node = next[callNode[undo]];
            }
        }
    }

    private void lift(int op) {
        int c = callNode[op];
        next[prev[c]] = next[c];
        prev[next[c]] = prev[c];
        int r = returnNode[op];
        if (r != 0) {
            next[prev[r]] = next[r];
            prev[next[r]] = prev[r];
        }
    }

    private void unlift(int op) {
        int r = returnNode[op];
        if (r != 0) {
            prev[next[r]] = r;
            next[prev[r]] = r;
        }
        int c = callNode[op];
        prev[next[c]] = c;
        next[prev[c]] = c;
    }

    /** Keeps the longest prefixes seen at dead ends (called only when backtracking, so rarely). */
    private void record(int[] stackOp, int depth) {
        if (depth > bestLength) {
            bestLength = depth;
            prefixes.clear();
            prefixes.add(Arrays.copyOf(stackOp, depth));
            equalChecks = 0;
        } else if (depth == bestLength && prefixes.size() < MAX_PREFIXES && equalChecks < MAX_EQUAL_CHECKS) {
            equalChecks++;
            for (int[] p : prefixes) {
                if (Arrays.equals(p, 0, depth, stackOp, 0, depth)) return;
            }
            prefixes.add(Arrays.copyOf(stackOp, depth));
        }
    }

    /** Whether op {@code a}'s call entry comes before op {@code b}'s return entry in time order. */
    boolean callPrecedesReturn(int a, int b) {
        return callNode[a] < returnNode[b];
    }

    /** The time-order position of op {@code op}'s return entry (Integer.MAX_VALUE for unknown ops). */
    int returnPosition(int op) {
        return returnNode[op] == 0 ? Integer.MAX_VALUE : returnNode[op];
    }
}
