package dev.falsify.checkers.txn;

/** Kinds of dependency edge between two transactions, as bits so searches can take a set of kinds. */
public enum EdgeKind {
    /** write-write: the target installed the next version after the source's (Adya ww). */
    WW("ww"),
    /** write-read: the target read a version the source installed (Adya wr). */
    WR("wr"),
    /** read-write anti-dependency: the target overwrote a version the source read (Adya rw). */
    RW("rw"),
    /** the two txns ran one after the other on the same process. */
    PROCESS("process"),
    /** the source completed before the target was invoked. */
    REALTIME("realtime");

    private final String label;

    EdgeKind(String label) {
        this.label = label;
    }

    public int bit() {
        return 1 << ordinal();
    }

    public String label() {
        return label;
    }

    public static final int DATA = WW.bit() | WR.bit() | RW.bit();
    public static final int ORDER = PROCESS.bit() | REALTIME.bit();
    public static final int ALL = DATA | ORDER;
}
