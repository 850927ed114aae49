package dev.falsify.app.ui.editor;

import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.edit.TextEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One diagnostic as the workbench shows it: document offsets for the squiggle, 1-based line and
 * column for the problems list, and the linter's quick fix (if it offers one) as text replacements
 * against the document version the diagnostic was computed for.
 */
public record Problem(String rule, String severity, int start, int end, int line, int column, String message,
        Optional<QuickFix> quickFix) {

    /** A named fix: replacements against the analysed text, applied as one undo step. */
    public record QuickFix(String title, List<Replacement> replacements) {
    }

    /** Replace [start, end) of the document with {@code text}. */
    public record Replacement(int start, int end, String text) {
        /** A plan-model patch (a quick fix, a structured-view edit) as replacements of the editor's text. */
        public static List<Replacement> of(PlanPatch patch) {
            List<Replacement> out = new ArrayList<>(patch.edits().size());
            for (TextEdit e : patch.edits()) {
                out.add(new Replacement(e.startOffset(), e.endOffset(), e.replacement()));
            }
            return out;
        }
    }

    public boolean isError() {
        return "error".equalsIgnoreCase(severity);
    }
}
