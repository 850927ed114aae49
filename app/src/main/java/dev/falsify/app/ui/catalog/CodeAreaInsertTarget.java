package dev.falsify.app.ui.catalog;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.util.List;
import java.util.function.Supplier;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.model.TwoDimensional;

/**
 * A {@link CatalogInsertTarget} over a RichTextFX {@link CodeArea}, for docking the catalog beside the
 * plan editor: each insertion or replacement is one change in the area's undo history, and the caret
 * ends after the inserted text. The workbench may pass the plan projection it already holds and the
 * claims selected in its claims table or matrix.
 */
public final class CodeAreaInsertTarget implements CatalogInsertTarget {
    private final CodeArea area;
    private final Supplier<Plan> plan;
    private final Supplier<List<String>> selectedClaims;

    public CodeAreaInsertTarget(CodeArea area) {
        this(area, null, List::of);
    }

    /**
     * @param plan           the current projection, or null to parse the area's text on demand; it must
     *                       describe the area's current text, else offsets would be wrong
     * @param selectedClaims the claim ids selected elsewhere in the workbench
     */
    public CodeAreaInsertTarget(CodeArea area, Supplier<Plan> plan, Supplier<List<String>> selectedClaims) {
        this.area = area;
        this.plan = plan;
        this.selectedClaims = selectedClaims;
    }

    @Override
    public String planText() {
        return area.getText();
    }

    @Override
    public int caretOffset() {
        return area.getCaretPosition();
    }

    @Override
    public void insertAtCaret(String text) {
        int at = area.getCaretPosition();
        area.insertText(at, text);
        area.moveTo(at + text.length());
        reveal(at, at + text.length());
    }

    @Override
    public void replaceRange(int start, int end, String text) {
        area.replaceText(start, end, text);
        area.moveTo(start + text.length());
        reveal(start, start + text.length());
    }

    /**
     * Scrolls the inserted text into view, its first line first: following the caret alone left
     * the view where it was while the panel kept the focus, and would show only the last line of a
     * long snippet.
     */
    private void reveal(int start, int end) {
        int first = area.offsetToPosition(start, TwoDimensional.Bias.Forward).getMajor();
        int last = area.offsetToPosition(end, TwoDimensional.Bias.Backward).getMajor();
        area.showParagraphInViewport(last);
        area.showParagraphInViewport(first);
    }

    @Override
    public Plan plan() {
        if (plan != null) {
            Plan p = plan.get();
            if (p != null && p.text().equals(area.getText())) {
                return p;
            }
        }
        return PlanParser.parse(area.getText());
    }

    @Override
    public List<String> selectedClaimIds() {
        return selectedClaims.get();
    }
}
