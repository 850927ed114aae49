package dev.falsify.app.ui.structured;

import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Plan;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How every part of the structured view changes the document: it asks for the plan parsed from the
 * editor's CURRENT text, computes a patch against it, and hands the replacements to the editor
 * (one undo step); {@code jump} shows an element (claim / hypothesis / scenario id) in the Markdown.
 */
record PlanEdits(Supplier<Plan> currentPlan, Consumer<List<Replacement>> apply, Consumer<String> jump) {

    /** Computes an edit against the current plan and applies it, when there is a plan and the patch is not empty. */
    void applyIfPresent(Function<Plan, List<Replacement>> edit) {
        Plan p = currentPlan.get();
        if (p != null) {
            List<Replacement> patch = edit.apply(p);
            if (patch != null && !patch.isEmpty()) {
                apply.accept(patch);
            }
        }
    }
}
