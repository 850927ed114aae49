package dev.falsify.app.ui.editor;

/** The parsed plan and its coverage, as of one text version. */
public record PlanSnapshot() {
}
