package dev.falsify.app.ui.editor;

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
    }

    public boolean isError() {
        return "error".equalsIgnoreCase(severity);
    }
}
