package dev.falsify.checkers.txn;

import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.List;

/**
 * One transaction of a history: the op it came from and its micro-ops. For an {@code ok} txn the
 * micro-ops are the completed ones (reads carry values); for {@code fail} and {@code unknown} txns
 * they are the invoked ones (reads carry nothing we may trust).
 *
 * @param node  position in the transaction list, also its node id in the dependency graph
 * @param op    the operation the txn was read from
 * @param mops  micro-ops
 * @param readsKnown false when the op completed ok but carried no output: its reads are unknown
 */
public record Txn(int node, Op op, List<MicroOp> mops, boolean readsKnown) {
    public Txn {
        mops = List.copyOf(mops);
    }

    public Outcome outcome() {
        return op.outcome();
    }

    public boolean committed() {
        return op.outcome() == Outcome.OK;
    }

    /** {@code T17} for op id 17; non-numeric op ids are used as they are. */
    public String label() {
        String id = op.opId();
        if (id == null) return "T#" + node;
        return id.chars().allMatch(Character::isDigit) && !id.isEmpty() ? "T" + id : id;
    }

    /** Where to look in the input file, for people. */
    public String where() {
        return op.sourceLine() > 0 ? " (line " + op.sourceLine() + ")" : "";
    }
}
