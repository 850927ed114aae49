package dev.falsify.app.ui;

import dev.falsify.app.ui.catalog.CatalogInsertTarget;
import dev.falsify.app.ui.catalog.CodeAreaInsertTarget;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The catalog side panel's view of "the plan editor": whichever plan tab is selected when the
 * catalog asks. Insertions go through the tab's CodeArea at its caret (one undo step each), so the
 * structured view, matrix and problems follow them like any other edit.
 */
final class ActiveEditorTarget implements CatalogInsertTarget {
    private final Supplier<Optional<PlanTab>> current;

    ActiveEditorTarget(Supplier<Optional<PlanTab>> current) {
        this.current = current;
    }

    private Optional<CodeAreaInsertTarget> target() {
        return current.get().map(t -> new CodeAreaInsertTarget(t.editor().codeArea(), t::currentPlan,
                () -> selectedClaims(t)));
    }

    private static List<String> selectedClaims(PlanTab t) {
        return t.structured().claimsTable().getSelectionModel().getSelectedItems().stream()
                .map(c -> c.id()).toList();
    }

    @Override
    public String planText() {
        return target().map(CodeAreaInsertTarget::planText).orElse("");
    }

    @Override
    public int caretOffset() {
        return target().map(CodeAreaInsertTarget::caretOffset).orElse(0);
    }

    @Override
    public void insertAtCaret(String text) {
        target().ifPresent(t -> t.insertAtCaret(text));
    }

    @Override
    public void replaceRange(int start, int end, String text) {
        target().ifPresent(t -> t.replaceRange(start, end, text));
    }

    @Override
    public Plan plan() {
        return target().map(CodeAreaInsertTarget::plan).orElseGet(() -> PlanParser.parse(""));
    }

    @Override
    public List<String> selectedClaimIds() {
        return target().map(CodeAreaInsertTarget::selectedClaimIds).orElse(List.of());
    }
}
