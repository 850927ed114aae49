package dev.falsify.checkers.lin;

import dev.falsify.checkers.api.MemoryBudget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interns model states as ints and memoises transitions, so the search compares ints and the
 * model's {@code step} runs once per distinct (state, command) pair.
 *
 * <p>Transitions live in one int row per state (a dense table while it stays small, which it does
 * for registers, mutexes, counters and kv keys), and in a hash map for states beyond that.
 */
final class StateTable<S, C> {
    private static final int IMPOSSIBLE = -1;
    private static final long DENSE_LIMIT = 1L << 20; // ints in dense rows (4 MB)

    private final Model<S, C> model;
    private final List<C> commands;
    private final List<S> states = new ArrayList<>();
    private final Map<S, Integer> ids = new HashMap<>();
    private int[][] rows = new int[16][];
    private final int denseStates;
    // beyond the dense rows: open addressing, key = state * commands + cmd (+1, 0 = empty)
    // made when first needed: most partitions never leave the dense rows, and a kv history of
    // thousands of keys made 12 KB of them per key up front
    private long[] sparseKeys;
    private int[] sparseValues;
    private int sparseSize;
    /**
     * Where the table's growth is charged. Charges here never refuse (the table serves the
     * explanation after a search, too): they mark the account overdrawn, and the search stops at
     * its next budget check.
     */
    private final MemoryBudget.Account account;

    StateTable(Model<S, C> model, List<C> commands, MemoryBudget.Account account) {
        this.model = model;
        this.commands = commands;
        this.account = account;
        this.denseStates = (int) Math.max(16, DENSE_LIMIT / Math.max(1, commands.size()));
    }

    int intern(S state) {
        Integer id = ids.get(state);
        if (id != null) return id;
        int next = states.size();
        states.add(state);
        ids.put(state, next);
        account.charge(STATE_BYTES);
        return next;
    }

    /**
     * Bytes one interned state holds, estimated: its map entry, boxed id and list slot (~56), and a
     * small state object. A model whose states are big collections holds more; that share is
     * outside the budget (an {@link OutOfMemoryError} the pipeline still turns into UNKNOWN).
     */
    private static final long STATE_BYTES = 96;

    S state(int id) {
        return states.get(id);
    }

    C command(int id) {
        return commands.get(id);
    }

    int stateCount() {
        return states.size();
    }

    boolean overwrites(int cmd) {
        return model.overwrites(commands.get(cmd));
    }

    boolean onlyExtends(int cmd) {
        return model.onlyExtends(commands.get(cmd));
    }

    boolean reachableByExtending(int state, int observer) {
        return model.reachableByExtending(states.get(state), commands.get(observer));
    }

    /** The state after command {@code cmd} in state {@code state}, or -1 when it cannot take effect there. */
    int step(int state, int cmd) {
        if (state < denseStates) {
            if (state >= rows.length) rows = java.util.Arrays.copyOf(rows, Math.max(rows.length * 2, state + 1));
            int[] row = rows[state];
            if (row == null) {
                row = new int[commands.size()];
                rows[state] = row;
                account.charge(16 + 4L * row.length);
            }
            int v = row[cmd];
            if (v > 0) return v - 1;
            if (v < 0) return IMPOSSIBLE;
            int next = compute(state, cmd);
            row[cmd] = next < 0 ? -1 : next + 1;
            return next;
        }
        long key = (long) state * commands.size() + cmd + 1;
        if (sparseKeys == null) {
            sparseKeys = new long[1 << 10];
            sparseValues = new int[1 << 10];
            account.charge(12L * sparseKeys.length);
        }
        int mask = sparseKeys.length - 1;
        int slot = mix(key) & mask;
        while (sparseKeys[slot] != 0) {
            if (sparseKeys[slot] == key) return sparseValues[slot];
            slot = (slot + 1) & mask;
        }
        int next = compute(state, cmd);
        sparseKeys[slot] = key;
        sparseValues[slot] = next;
        if (++sparseSize * 2 > sparseKeys.length) growSparse();
        return next;
    }

    private void growSparse() {
        long[] oldKeys = sparseKeys;
        int[] oldValues = sparseValues;
        account.charge(12L * oldKeys.length * 2);
        sparseKeys = new long[oldKeys.length * 2];
        sparseValues = new int[oldValues.length * 2];
        int mask = sparseKeys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] == 0) continue;
            int slot = mix(oldKeys[i]) & mask;
            while (sparseKeys[slot] != 0) slot = (slot + 1) & mask;
            sparseKeys[slot] = oldKeys[i];
            sparseValues[slot] = oldValues[i];
        }
        account.release(12L * oldKeys.length);
    }

    private static int mix(long h) {
        h *= 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29));
    }

    private int compute(int state, int cmd) {
        S next = model.step(states.get(state), commands.get(cmd));
        return next == null ? IMPOSSIBLE : intern(next);
    }
}
