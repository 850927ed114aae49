package dev.falsify.checkers.txn;

import java.util.ArrayList;
import java.util.List;

/**
 * The anomaly classes the transactional checkers report, spelled as in {@code --json}
 * ({@code anomalyTypes}), with the consistency models each one rules out.
 */
public enum AnomalyType {
    /** write cycle: a cycle of ww edges only. */
    G0("G0", 0),
    /** aborted read: a committed txn read a value written by a txn that failed. */
    G1A("G1a", 1),
    /** intermediate read: a committed txn read a value its writer later overwrote in the same txn. */
    G1B("G1b", 1),
    /** circular information flow: a cycle of ww and wr edges with at least one wr. */
    G1C("G1c", 1),
    /** a cycle with exactly one rw anti-dependency edge (read skew and friends). */
    G_SINGLE("G-single", 2),
    /** a cycle with two or more rw anti-dependency edges (write skew and friends). */
    G2_ITEM("G2-item", 3),
    /** two committed reads of one key that no single version order can explain. */
    INCOMPATIBLE_ORDER("incompatible-order", 1),
    /** a read returned a list holding the same appended element twice. */
    DUPLICATE_ELEMENTS("duplicate-elements", 0),
    /** a txn's read contradicts its own earlier reads or writes. */
    INTERNAL("internal", 2),
    /** a committed write was applied on top of a version written by a failed txn. */
    DIRTY_UPDATE("dirty-update", 1);

    /** Plain (no real-time or process order) models from weakest to strongest. */
    static final List<String> PLAIN = List.of("read-uncommitted", "read-committed", "snapshot-isolation",
            "serializable", "strict-serializable");
    /** Real-time variants, same rungs. */
    static final List<String> REALTIME = List.of("strong-read-uncommitted", "strong-read-committed",
            "strong-snapshot-isolation", "strict-serializable", "strict-serializable");
    /** Session (process-order) variants, same rungs. */
    static final List<String> SESSION = List.of("strong-session-read-uncommitted",
            "strong-session-read-committed", "strong-session-snapshot-isolation", "strong-session-serializable",
            "strict-serializable");

    /** Every model named above, weakest first within each family, for summaries. */
    static final List<String> ALL_MODELS = List.of("read-uncommitted", "read-committed", "snapshot-isolation",
            "serializable", "strong-session-read-uncommitted", "strong-session-read-committed",
            "strong-session-snapshot-isolation", "strong-session-serializable", "strong-read-uncommitted",
            "strong-read-committed", "strong-snapshot-isolation", "strict-serializable");

    private final String spelling;
    private final int rung;

    AnomalyType(String spelling, int rung) {
        this.spelling = spelling;
        this.rung = rung;
    }

    public String spelling() {
        return spelling;
    }

    @Override
    public String toString() {
        return spelling;
    }

    /**
     * Models this anomaly rules out, weakest first. A cycle that needs real-time edges only rules
     * out the real-time ("strong"/"strict") models; one that needs process edges rules out the
     * session models and, because a process runs one txn at a time, the real-time ones too.
     * Snapshot isolation and serializability are treated as one ladder (an anomaly forbidden by
     * snapshot isolation is also forbidden by serializability), as Adya's definitions give.
     */
    public List<String> modelsRuledOut(boolean realtime, boolean process) {
        List<String> out = new ArrayList<>();
        if (realtime) {
            addFrom(out, REALTIME);
        } else if (process) {
            addFrom(out, SESSION);
            addFrom(out, REALTIME);
        } else {
            addFrom(out, PLAIN);
        }
        return out;
    }

    private void addFrom(List<String> out, List<String> ladder) {
        for (int i = rung; i < ladder.size(); i++) if (!out.contains(ladder.get(i))) out.add(ladder.get(i));
    }

    /** Classifies a cycle from the kinds of its edges. */
    static AnomalyType ofCycle(int ww, int wr, int rw) {
        if (rw == 0) return wr == 0 ? G0 : G1C;
        return rw == 1 ? G_SINGLE : G2_ITEM;
    }
}
