package dev.falsify.model.plan.edit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A set of non-overlapping {@link TextEdit}s against one version of a plan's text, with a short
 * description for undo menus and quick-fix lists. Applying it leaves every byte outside the edited
 * ranges unchanged.
 */
public record PlanPatch(String description, List<TextEdit> edits) {

    public PlanPatch {
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt(TextEdit::startOffset).thenComparingInt(TextEdit::endOffset));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).startOffset() < sorted.get(i - 1).endOffset()) {
                throw new IllegalArgumentException("overlapping edits in patch '" + description + "'");
            }
        }
        edits = List.copyOf(sorted);
    }

    public static PlanPatch of(String description, TextEdit... edits) {
        return new PlanPatch(description, List.of(edits));
    }

    public boolean isEmpty() {
        return edits.isEmpty();
    }

    /** The patched text. Edits are applied back to front so earlier offsets stay valid. */
    public String apply(String text) {
        StringBuilder sb = new StringBuilder(text);
        for (int i = edits.size() - 1; i >= 0; i--) {
            TextEdit e = edits.get(i);
            if (e.endOffset() > sb.length()) {
                throw new IllegalArgumentException("patch '" + description + "' does not fit this text (edit ends at "
                        + e.endOffset() + ", text has " + sb.length() + " characters)");
            }
            sb.replace(e.startOffset(), e.endOffset(), e.replacement());
        }
        return sb.toString();
    }

    /** The smallest range of the original text that the patch touches, as {start, end}; {0, 0} when empty. */
    public int[] range() {
        if (edits.isEmpty()) return new int[] {0, 0};
        return new int[] {edits.get(0).startOffset(), edits.get(edits.size() - 1).endOffset()};
    }
}
