package dev.falsify.checkers.lin;

import dev.falsify.checkers.api.MemoryBudget;
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
    private final boolean[] observer; // per command: never changes the state (Model.mutates false)
    private final StateTable<?, ?> table;
    /** Ops that are neither observers nor only-extending (puts, cas…), when pruning by extension applies. */
    private final int[] resetters;
    private final boolean pruneByExtension;
    /** With {@link #lookAhead}: the definite observers, and per observer the ops that could make it valid again. */
    private int[] observers;
    private int[][] rescuers;
    private final boolean[] blindWrite; // per command: Model.overwrites
    private final int initialState;
    private final BooleanSupplier stop;
    /** Where the memo and the state table are charged: an overdrawn account stops the search at its next poll. */
    private final MemoryBudget.Account account;

    private final int[] next;
    private final int[] prev;
    private final int[] nodeOp;   // op for a call node, -(op + 1) for a return node
    private final int[] callNode;
    private final int[] returnNode; // 0 for unknown ops
    private final ConfigCache cache;
    /** A same-command op that dominates this one (earlier call, no later return), or -1; see {@link #twins}. */
    private final int[] twin;
    /** Candidate order: observers first (by call), then by return (earliest deadline first), then call. */
    private final long[] candidateOrder;

    private final List<int[]> prefixes = new ArrayList<>();
    private boolean keepLinearization;
    private int[] linearization;
    private int bestLength = -1;
    private int equalChecks;

    /**
     * @param callTime   invoke time per op
     * @param returnTime completion time per definite op (entries beyond {@code definite} unused)
     * @param cmd        interned command per op
     * @param observer   per command: it never changes the state
     * @param stop       polled every 16k steps: true ends the search (UNKNOWN)
     * @param account    where the memo's growth is charged; refused growth ends the search (UNKNOWN),
     *                   and so does the account found overdrawn (by the state table) at a poll
     */
    PartitionSearch(int definite, long[] callTime, long[] returnTime, int[] cmd, boolean[] observer,
                    StateTable<?, ?> table, int initialState, BooleanSupplier stop, MemoryBudget.Account account) {
        this.definite = definite;
        this.observer = observer;
        this.n = callTime.length;
        this.cmd = cmd;
        this.table = table;
        this.initialState = initialState;
        this.stop = stop;
        this.account = account;
        int entries = n + definite;
        next = new int[entries + 2];
        prev = new int[entries + 2];
        nodeOp = new int[entries + 2];
        callNode = new int[n];
        returnNode = new int[n];
        cache = new ConfigCache(definite, n - definite, 0x5eed_1a5L + n, account);

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
        nodeOp[tail] = -1;
        twin = twins();
        boolean anyExtending = false;
        int[] reset = new int[n];
        int resets = 0;
        for (int op = 0; op < n; op++) {
            if (table.onlyExtends(cmd[op])) anyExtending = true;
            else if (!observer[cmd[op]]) reset[resets++] = op;
        }
        pruneByExtension = anyExtending;
        blindWrite = new boolean[observer.length];
        for (int c = 0; c < observer.length; c++) blindWrite[c] = table.overwrites(c);
        resetters = Arrays.copyOf(reset, resets);
        candidateOrder = new long[n];
        for (int op = 0; op < n; op++) {
            candidateOrder[op] = observer[cmd[op]] ? callNode[op]
                    : (1L << 62) | ((long) Math.min(returnPosition(op), Integer.MAX_VALUE) << 31) | callNode[op];
        }
    }

    /**
     * Symmetry reduction. Op A dominates op B when they have the same command (same input and
     * observed output), A's call entry comes first and A's return is no later than B's (unknown ops
     * return at infinity). Any linearization that places B while A is still unplaced can swap the
     * two (A moves earlier, B later, both stay within their intervals, the sequence of commands is
     * unchanged), so when A is unplaced the search need not try B: the scan reached A first.
     */
    private int[] twins() {
        int[] t = new int[n];
        Arrays.fill(t, -1);
        // ops by call entry (the entry list is in time order), each linked to the previous op with
        // its command: primitive arrays rather than a boxed sort and map, which a cold check runs
        // interpreted for every partition
        int[] lastWithCommand = new int[observer.length];
        Arrays.fill(lastWithCommand, -1);
        int[] previousWithCommand = new int[n];
        for (int node = 1; node <= n + definite; node++) { // nodes are numbered in time order
            int b = nodeOp[node];
            if (b < 0) continue; // a return entry
            // the nearest earlier op with this command that returns no later (a few tries suffice)
            for (int a = lastWithCommand[cmd[b]], tries = 0; a >= 0 && tries < 8; a = previousWithCommand[a], tries++) {
                if (returnPosition(a) < returnPosition(b) || b >= definite) {
                    t[b] = a;
                    break;
                }
            }
            previousWithCommand[b] = lastWithCommand[cmd[b]];
            lastWithCommand[cmd[b]] = b;
        }
        return t;
    }

    private int[] sortEntries(long[] callTime, long[] returnTime) {
        // entries by time, then calls before returns, then op number: entry numbers already run
        // calls (by op) before returns (by op), so a stable sort by time alone gives that order
        int entries = n + definite;
        int[] out = new int[entries];
        long[] time = new long[entries];
        for (int e = 0; e < entries; e++) {
            out[e] = e;
            time[e] = e < n ? callTime[e] : Math.max(returnTime[e - n], callTime[e - n]);
        }
        StableSort.byKey(out, time, 0, entries);
        return out;
    }

    long explored() {
        return cache.size();
    }

    /** The longest linearizable prefixes found (op numbers in linearization order), at most three. */
    List<int[]> longestPrefixes() {
        return prefixes;
    }

    /** Asks {@link #run} to keep the order it found when the partition is linearizable. */
    void keepLinearization() {
        keepLinearization = true;
    }

    /** After a VALID {@link #run} with {@link #keepLinearization}: op numbers in linearization order, else null. */
    int[] linearization() {
        return linearization;
    }

    /**
     * Prunes by every definite observer still unplaced, not only those that may take effect next:
     * the state only extends until some op resets it, so a configuration whose state no extension
     * takes to an unplaced read's value, while no op that could set a fitting value is left to take
     * effect before that read returns, is a dead end however far the read lies ahead. A blind write
     * counts only when its value can be extended to the read's; other resetters always count.
     * Decides invalid histories in a fraction of the configurations (the kv corpus's c50-bad.txt:
     * 11 instead of 8,002 for key 1) but stops the search short of the longest prefixes, so a
     * failure's explanation comes from a search without it.
     */
    void lookAhead() {
        if (!pruneByExtension) return;
        int[] obs = new int[definite];
        int count = 0;
        for (int op = 0; op < definite; op++) {
            if (observer[cmd[op]]) obs[count++] = op;
        }
        observers = Arrays.copyOf(obs, count);
        rescuers = new int[definite][];
        int[] found = new int[resetters.length];
        // a blind write's state is the same from every state: looked up once per write (when first
        // needed, as before), not once per (read, write); notStepped until then, -1 for other resetters
        final int notStepped = -2;
        int[] written = new int[resetters.length];
        Arrays.fill(written, notStepped);
        for (int g : observers) {
            int k = 0;
            for (int i = 0; i < resetters.length; i++) {
                int r = resetters[i];
                if (callNode[r] > returnNode[g]) continue;
                if (written[i] == notStepped) written[i] = blindWrite[cmd[r]] ? table.step(initialState, cmd[r]) : -1;
                if (written[i] >= 0 && !table.reachableByExtending(written[i], cmd[g])) continue;
                found[k++] = r;
            }
            rescuers[g] = Arrays.copyOf(found, k);
        }
    }

    /** Whether {@link #lookAhead} applies to this partition (some op only extends the state). */
    boolean looksAhead() {
        return observers != null;
    }

    /**
     * Searches; UNKNOWN when {@code stop} said so or the memory budget refused the memo's growth
     * (the longest prefixes found so far are kept). The memo is let go of when it returns.
     */
    Status run() {
        try {
            return search();
        } finally {
            cache.free();
        }
    }

    private Status search() {
        if (definite == 0) {
            if (keepLinearization) linearization = new int[0];
            return Status.VALID;
        }
        int[] stackOp = new int[n];
        int[] stackState = new int[n];
        // candidates of each level: cand[base[d] .. base[d] + count[d]), next to try at pos[d]
        int[] base = new int[n + 1];
        int[] count = new int[n + 1];
        int[] pos = new int[n + 1];
        int[] cand = new int[Math.max(64, 4 * n)];
        int depth = 0;
        int state = initialState;
        int remaining = definite;
        cand = fillCandidates(cand, 0, count, 0);
        int iterations = 0;
        while (true) {
            if ((++iterations & 0x3FFF) == 0 && (stop.getAsBoolean() || account.overdrawn())) {
                record(stackOp, depth);
                return Status.UNKNOWN;
            }
            if (pos[depth] < count[depth]) {
                int op = cand[base[depth] + pos[depth]++];
                int tw = twin[op];
                if (tw >= 0 && !cache.isSet(tw)) continue; // its dominating twin is unplaced and was tried first
                // an unknown op followed directly by a blind write is the same as that op never
                // taking effect, which the search explores without it
                if (depth > 0 && blindWrite[cmd[op]] && stackOp[depth - 1] >= definite) continue;
                int after = table.step(state, cmd[op]);
                if (after < 0) continue;
                cache.set(op);
                boolean added;
                try {
                    added = cache.add(after);
                } catch (MemoryBudget.Exhausted e) {
                    cache.clear(op);
                    record(stackOp, depth);
                    return Status.UNKNOWN;
                }
                if (!added) {
                    cache.clear(op);
                    continue;
                }
                stackOp[depth] = op;
                stackState[depth] = state;
                state = after;
                lift(op);
                if (op < definite && --remaining == 0) {
                    if (keepLinearization) linearization = Arrays.copyOf(stackOp, depth + 1);
                    return Status.VALID;
                }
                depth++;
                base[depth] = base[depth - 1] + count[depth - 1];
                pos[depth] = 0;
                cand = fillCandidates(cand, base[depth], count, depth);
                if (pruneByExtension && (observers != null ? doomedAhead(state) : doomed(cand, base[depth], count[depth], state))) {
                    count[depth] = 0;
                }
                continue;
            }
            // every candidate failed: this configuration is a dead end
            record(stackOp, depth);
            int undo;
            do {
                if (depth == 0) return Status.INVALID;
                depth--;
                undo = stackOp[depth];
                state = stackState[depth];
                cache.clear(undo);
                unlift(undo);
                if (undo < definite) remaining++;
                // An observer (an op that never changes the state, e.g. a read) that could be
                // placed here could as well come first in any linearization from this
                // configuration, so if placing it failed, the configuration fails too: keep
                // undoing instead of trying the alternatives.
            } while (observer[cmd[undo]]);
        }
    }

    /**
     * The ops that may take effect next: calls before the first return entry still in the list (an
     * op whose return comes first must take effect before anything invoked after it), in
     * {@link #candidateOrder}.
     */
    private int[] fillCandidates(int[] cand, int at, int[] count, int depth) {
        int k = 0;
        for (int node = next[HEAD]; ; node = next[node]) {
            int op = nodeOp[node];
            if (op < 0) break; // a return entry, or the tail
            if (at + k == cand.length) cand = Arrays.copyOf(cand, cand.length * 2);
            // insertion sort by order: candidate lists are short (the concurrency of the history)
            long key = candidateOrder[op];
            int i = at + k;
            while (i > at && candidateOrder[cand[i - 1]] > key) {
                cand[i] = cand[i - 1];
                i--;
            }
            cand[i] = op;
            k++;
        }
        count[depth] = k;
        return cand;
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

    /**
     * True when some pending definite observer can never become valid: every op that could still
     * take effect before its return only extends the state, and the model says no extension of
     * the current state satisfies it.
     */
    private boolean doomed(int[] cand, int at, int k, int state) {
        for (int i = at; i < at + k; i++) {
            int g = cand[i];
            if (g >= definite || !observer[cmd[g]]) break; // observers sort first
            if (table.reachableByExtending(state, cmd[g])) continue;
            boolean resetPossible = false;
            for (int r : resetters) {
                if (!cache.isSet(r) && callNode[r] < returnNode[g]) {
                    resetPossible = true;
                    break;
                }
            }
            if (!resetPossible) return true;
        }
        return false;
    }

    /** {@link #lookAhead}'s test: some unplaced definite observer can no longer become valid. */
    private boolean doomedAhead(int state) {
        for (int g : observers) {
            if (cache.isSet(g)) continue;
            // the cheap test first: a read still ahead usually has writes still unplaced that could
            // rescue it, and then whether the state extends to its value does not matter. Tested the
            // other way round, a million-op kv history spent a third of its CPU comparing every
            // unplaced read's value with the state at every step. Rescuers are in call order: the
            // latest are the likeliest unplaced
            boolean rescuable = false;
            int[] rs = rescuers[g];
            for (int i = rs.length - 1; i >= 0; i--) {
                if (!cache.isSet(rs[i])) {
                    rescuable = true;
                    break;
                }
            }
            if (!rescuable && !table.reachableByExtending(state, cmd[g])) return true;
        }
        return false;
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
