package dev.falsify.app.ui.editor;

import dev.falsify.app.ui.matrix.MatrixModel;
import dev.falsify.model.plan.Plan;

/** The parsed plan and the matrix derived from it, as of one text version. */
public record AnalysedPlan(Plan plan, MatrixModel matrix) {
}
