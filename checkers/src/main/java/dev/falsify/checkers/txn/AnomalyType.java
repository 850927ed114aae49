package dev.falsify.checkers.txn;

import java.util.List;

/**
 * The anomaly classes the transactional checkers report, spelled as in {@code --json}
 * ({@code anomalyTypes}), with the consistency models each one rules out.
 */
public enum AnomalyType {
    /** write cycle: a cycle of ww edges only. */
    G0("G0", "G0"),
    /** aborted read: a committed txn read a value written by a txn that failed. */
    G1A("G1a", "G1a"),
    /** intermediate read: a committed txn read a value its writer later overwrote in the same txn. */
    G1B("G1b", "G1b"),
    /** circular information flow: a cycle of ww and wr edges with at least one wr. */
    G1C("G1c", "G1c"),
    /**
     * a cycle with exactly one rw anti-dependency edge (read skew and friends); every read here is of
     * one item (no predicates), so it is Elle's G-single-item.
     */
    G_SINGLE("G-single", "G-single-item"),
    /** a cycle with two or more rw anti-dependency edges (write skew and friends). */
    G2_ITEM("G2-item", "G2-item"),
    /** two committed reads of one key that no single version order can explain. */
    INCOMPATIBLE_ORDER("incompatible-order", "incompatible-order"),
    /**
     * a committed txn read a value (an element) that no txn of the history wrote (appended), in a
     * history whose every op was read as a txn: Elle's "garbage read", a state no write produced.
     */
    GARBAGE_READ("garbage-read", "garbage-read"),
    /** a read returned a list holding the same appended element twice. */
    DUPLICATE_ELEMENTS("duplicate-elements", "duplicate-elements"),
    /** a txn's read contradicts its own earlier reads or writes. */
    INTERNAL("internal", "internal"),
    /** a committed write was applied on top of a version written by a failed txn. */
    DIRTY_UPDATE("dirty-update", "dirty-update"),
    /**
     * two committed txns read the same version of a key and both wrote it: one of the updates is lost
     * whatever order they took effect in (Adya's H_lu; Elle's lost-update).
     */
    LOST_UPDATE("lost-update", "lost-update");

    private final String spelling;
    /** The name of this anomaly in Elle's consistency-model table. */
    private final String elleName;

    AnomalyType(String spelling, String elleName) {
        this.spelling = spelling;
        this.elleName = elleName;
    }

    public String spelling() {
        return spelling;
    }

    @Override
    public String toString() {
        return spelling;
    }

    /**
     * Models this anomaly rules out, weakest first, as Elle's consistency-model table gives them
     * ({@link ConsistencyModels}). A cycle that needs real-time edges is the anomaly's real-time
     * variant (it rules out only models with real-time order: strong-snapshot-isolation,
     * strict-serializable, …); one that needs process edges its process variant (the strong-session
     * models, and, because a process runs one txn at a time, the real-time ones too).
     */
    public List<String> modelsRuledOut(boolean realtime, boolean process) {
        return ConsistencyModels.ruledOut(elleName + (realtime ? "-realtime" : process ? "-process" : ""));
    }

    /** Classifies a cycle from the kinds of its edges. */
    static AnomalyType ofCycle(int ww, int wr, int rw) {
        if (rw == 0) return wr == 0 ? G0 : G1C;
        return rw == 1 ? G_SINGLE : G2_ITEM;
    }
}
