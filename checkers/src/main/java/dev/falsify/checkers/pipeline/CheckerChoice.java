package dev.falsify.checkers.pipeline;

import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.lin.LinearizabilityChecker;
import dev.falsify.checkers.lin.Models;
import dev.falsify.checkers.txn.ListAppendChecker;
import dev.falsify.checkers.txn.RwRegisterChecker;
import dev.falsify.checkers.txn.TransactionalChecker;
import dev.falsify.model.history.Op;
import dev.falsify.model.picker.CheckerPicker;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which checker runs on a history and against which model: the one place that decides, from what
 * was asked (checker, model), the format's own model and one sample of the history's first ops.
 *
 * <p>Checker: the one named; else a linearizability model means {@code linearizability};
 * {@code list-append}/{@code rw-register} name themselves, and so do the models only a Jepsen
 * workload's checker takes ({@code bank}, {@code long-fork}, {@code unique-ids}); any other model goes
 * through the {@link CheckerPicker} (first category, in the order below, that picks a checker); with
 * no model, a Jepsen workload's shapes name its checker ({@link WorkloadShapes#suggest}), a history of
 * micro-op txns (whatever its ops' {@code :f}) is {@code list-append} when they append and
 * {@code rw-register} otherwise ({@link TransactionalChecker#suggest}), anything else linearizability.
 * Model for linearizability: the one given, else the format's (porcupine-etcd → cas-register,
 * porcupine-kv → kv), else inferred from the op types of the sample.
 *
 * @param checker the checker's name
 * @param model   the model it checks against (null for a model-free oracle when none was given)
 */
public record CheckerChoice(String checker, String model) {
    /** Ops of the history's head looked at to choose. */
    public static final int SAMPLE = 1000;

    /** Categories tried for a bare model, most specific to the checker families first. */
    static final List<ClaimCategory> ORDER = List.of(ClaimCategory.SAFETY, ClaimCategory.ISOLATION,
            ClaimCategory.ORDERING, ClaimCategory.DURABILITY, ClaimCategory.IDEMPOTENCY, ClaimCategory.MEMBERSHIP);

    /**
     * @param checker the checker asked for, or null
     * @param model   the model asked for, or null
     * @param format  the format the history is read as
     * @param sample  the first (up to {@link #SAMPLE}) ops of the history
     * @param source  the history's name, for errors
     * @throws IllegalArgumentException for a model no checker takes, or an unknown linearizability model
     * @throws HistoryFormatException   when linearizability needs a model and the ops name none
     */
    public static CheckerChoice choose(String checker, String model, HistoryFormat format, List<Op> sample, String source) {
        String name = checker != null ? checker.trim() : byModel(model != null ? model : format.defaultModel(), sample, format);
        if (name == null) {
            throw new IllegalArgumentException("unknown model '" + model + "': no checker for it; name one with "
                    + "--checker (see --list) or use a model such as " + String.join(", ", Models.NAMES)
                    + ", list-append, rw-register, session, ledger, membership-table, bank, long-fork, unique-ids");
        }
        if (!name.equals(LinearizabilityChecker.NAME)) return new CheckerChoice(name, model);
        String m = model != null ? model : format.defaultModel();
        if (m == null) m = infer(sample, source);
        if (Models.canonicalName(m) == null) {
            throw new IllegalArgumentException("unknown model '" + m + "'; known: " + String.join(", ", Models.NAMES));
        }
        return new CheckerChoice(name, m);
    }

    /** The checker a model (or, with none, the sample) calls for; null when the model names nothing. */
    static String byModel(String model, List<Op> sample, HistoryFormat format) {
        if (model == null) {
            String workload = WorkloadShapes.suggest(sample, format);
            if (workload != null) return workload;
            String txn = TransactionalChecker.suggest(sample);
            return txn != null ? txn : LinearizabilityChecker.NAME;
        }
        HistoryModel m = HistoryModel.of(model).orElse(null);
        if (m == HistoryModel.LIST_APPEND) return ListAppendChecker.NAME;
        if (m == HistoryModel.RW_REGISTER) return RwRegisterChecker.NAME;
        String workload = WorkloadShapes.checkerOfModel(m);
        if (workload != null) return workload;
        if (m != null && Models.SUPPORTED.contains(m)) return LinearizabilityChecker.NAME;
        for (ClaimCategory c : ORDER) {
            CheckerPicker.Pick p = CheckerPicker.pick(model, c);
            if (!p.isEmpty()) return p.checkers().get(0);
        }
        return null;
    }

    /** A linearizability model from the sample's op types; an empty history is checked as a register. */
    private static String infer(List<Op> sample, String source) {
        if (sample.isEmpty()) return HistoryModel.REGISTER.id();
        Set<String> types = new HashSet<>();
        boolean keyed = true;
        for (Op op : sample) {
            types.add(op.opType());
            keyed &= op.key() != null;
        }
        String m = Models.infer(types, keyed);
        if (m != null) return m;
        TreeSet<String> named = new TreeSet<>();
        for (String t : types) if (t != null) named.add(t); // ops may lack op_type altogether
        throw new HistoryFormatException(source, Math.max(1, sample.get(0).sourceLine()), 1,
                "op types of a linearizability model; pass --model (" + String.join(", ", Models.NAMES) + ")",
                named.isEmpty() ? "ops without op_type" : "op types " + named);
    }
}
