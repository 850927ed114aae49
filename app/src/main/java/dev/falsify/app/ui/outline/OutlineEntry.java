package dev.falsify.app.ui.outline;

import java.util.List;

/**
 * One line of the section outline: a plan section (§0–§9 and their lettered parts) or an element
 * under it (claim, missing claim, hypothesis, scenario).
 *
 * @param offset where the line jumps to in the text; -1 for a section the plan does not have
 */
public record OutlineEntry(Kind kind, String id, String label, int offset, List<OutlineEntry> children) {
    public enum Kind { SECTION, MISSING_SECTION, OTHER_SECTION, CLAIM, MISSING_CLAIM, HYPOTHESIS, SCENARIO }

    public OutlineEntry {
        children = List.copyOf(children);
    }

    public boolean navigable() {
        return offset >= 0;
    }

    @Override
    public String toString() {
        return label;
    }
}
