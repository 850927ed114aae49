package dev.falsify.model.verdict;

import dev.falsify.model.vocabulary.AuditCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The spec's fixed checklists ({@link AuditCheck.Checklist}) completed from what an evidence record gives:
 * evidence records may carry any subset of the items, and a report always shows every item.
 */
public final class AuditChecklist {
    private AuditChecklist() {
    }

    /**
     * Every item of {@code checklist} in the spec's order, each taken from {@code given} when an item there is
     * it ({@link AuditItem#item}, matched when the item was read) and "not evaluated" otherwise; then the
     * items of {@code given} that are not on the checklist, in their order.
     */
    public static List<AuditItem> complete(List<AuditItem> given, AuditCheck.Checklist checklist) {
        List<AuditItem> out = new ArrayList<>();
        List<AuditItem> rest = new ArrayList<>(given);
        for (AuditCheck item : checklist.items()) {
            AuditItem match = null;
            for (AuditItem g : rest) {
                if (g.item() == item) {
                    match = g;
                    break;
                }
            }
            if (match == null) {
                out.add(AuditItem.notEvaluated(item));
            } else {
                out.add(match);
                rest.remove(match);
            }
        }
        out.addAll(rest);
        return out;
    }
}
