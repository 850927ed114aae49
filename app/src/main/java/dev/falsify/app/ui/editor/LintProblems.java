package dev.falsify.app.ui.editor;

import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.PlanLinter;
import dev.falsify.model.plan.Plan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The plan model's lint diagnostics as workbench {@link Problem}s (quick fixes as replacements). */
final class LintProblems {
    private LintProblems() {
    }

    static List<Problem> of(Plan plan, CoverageMatrix coverage) {
        List<Diagnostic> diagnostics = PlanLinter.lint(plan, coverage);
        List<Problem> out = new ArrayList<>(diagnostics.size());
        int len = plan.text().length();
        for (Diagnostic d : diagnostics) {
            int start = d.span().isNone() ? 0 : Math.min(d.span().startOffset(), len);
            int end = d.span().isNone() ? 0 : Math.min(Math.max(d.span().endOffset(), start), len);
            if (!d.span().isNone() && end > start) {
                // underline the first line of a multi-line element only: a whole scenario in red is noise
                int nl = plan.text().indexOf('\n', start);
                if (nl >= 0 && nl < end) {
                    end = Math.max(nl, start + 1);
                }
            }
            Optional<Problem.QuickFix> fix = d.quickFix().filter(p -> !p.isEmpty())
                    .map(p -> new Problem.QuickFix(p.description(), Problem.Replacement.of(p)));
            out.add(new Problem(d.rule(), d.severity().label(), start, end, Math.max(1, d.line()), Math.max(1, d.column()),
                    d.message(), fix));
        }
        return out;
    }
}
