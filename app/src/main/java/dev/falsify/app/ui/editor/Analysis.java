package dev.falsify.app.ui.editor;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.fxmisc.richtext.model.StyleSpans;

/**
 * Everything the workbench derives from one version of the text, computed together on the
 * background worker: style spans (highlighting + squiggles), problems, where each id is defined
 * (for Ctrl+click and matrix jumps), and the plan snapshot the structured view and the matrix
 * render.
 */
public record Analysis(String text, StyleSpans<Collection<String>> styles, List<Problem> problems,
        Map<String, Integer> definitions, AnalysedPlan plan) {
}
