package dev.falsify.checkers.oracles;

import dev.falsify.checkers.lin.Models;
import dev.falsify.checkers.txn.ListAppendChecker;
import dev.falsify.checkers.txn.RwRegisterChecker;
import dev.falsify.checkers.txn.TransactionalChecker;
import dev.falsify.model.history.Op;
import dev.falsify.model.picker.CheckerPicker;
import dev.falsify.model.plan.ClaimCategory;
import java.util.List;
import java.util.Locale;

/**
 * Which checker {@code falsify check} runs when none is named: a linearizability model means
 * {@code linearizability}; {@code list-append}/{@code rw-register} name themselves; any other
 * model goes through the {@link CheckerPicker} (first category, in the order below, that picks a
 * checker); with no model, a history whose txns append is {@code list-append}, and anything else
 * is left to linearizability's own model inference.
 */
public final class DefaultChecker {
    /** Categories tried for a bare model, most specific to the checker families first. */
    static final List<ClaimCategory> ORDER = List.of(ClaimCategory.SAFETY, ClaimCategory.ISOLATION,
            ClaimCategory.ORDERING, ClaimCategory.DURABILITY, ClaimCategory.IDEMPOTENCY, ClaimCategory.MEMBERSHIP);

    public static final String LINEARIZABILITY = "linearizability";

    private DefaultChecker() {
    }

    /**
     * @param model  the model given on the command line, or null
     * @param sample the first ops of the history (to recognise txn histories when no model is given)
     * @return a checker name, or null when the model names nothing Falsify can check
     */
    public static String choose(String model, List<Op> sample) {
        if (model == null) {
            String txn = TransactionalChecker.suggest(sample);
            return txn != null ? txn : LINEARIZABILITY;
        }
        String m = model.trim().toLowerCase(Locale.ROOT);
        if (m.equals(ListAppendChecker.NAME) || m.equals(RwRegisterChecker.NAME)) return m;
        if (Models.canonicalName(m) != null) return LINEARIZABILITY;
        for (ClaimCategory c : ORDER) {
            CheckerPicker.Pick p = CheckerPicker.pick(m, c);
            if (!p.isEmpty()) return p.checkers().get(0);
        }
        return null;
    }
}
