package dev.falsify.app.ui.editor;

import dev.falsify.model.plan.Plan;
import java.util.List;

/** The plan model's lint diagnostics as workbench {@link Problem}s (with quick-fix replacements). */
final class LintProblems {
    private LintProblems() {
    }

    static List<Problem> of(Plan plan) {
        return List.of();
    }
}
