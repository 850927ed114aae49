package dev.falsify.app.ui.catalog;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.util.List;

/**
 * What the catalog panel and the pitfall-walk view need from the plan editor they are docked beside.
 * The workbench implements it over its Markdown editor; every edit must be one undoable change.
 */
public interface CatalogInsertTarget {

    /** The plan text as the editor holds it now. */
    String planText();

    /** The caret offset in {@link #planText()}. */
    int caretOffset();

    /** Inserts {@code text} at the caret (as typed: the caret ends after it). */
    void insertAtCaret(String text);

    /** Replaces {@code [start, end)} of {@link #planText()} with {@code text}. */
    void replaceRange(int start, int end, String text);

    /** The parsed plan; the workbench may return the projection it already has for the current text. */
    default Plan plan() {
        return PlanParser.parse(planText());
    }

    /** Claim ids the author selected elsewhere (claims table, matrix); empty when none. */
    default List<String> selectedClaimIds() {
        return List.of();
    }
}
