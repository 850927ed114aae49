package dev.falsify.app.ui.editor;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * text → {@link Analysis}: parse, lint, coverage and highlighting in one pass on the worker thread.
 */
public final class PlanAnalyzer implements Function<String, Analysis> {
    private final MarkdownHighlighter highlighter = new MarkdownHighlighter();

    @Override
    public Analysis apply(String text) {
        return new Analysis(text, highlighter.compute(text, List.of()), List.of(), Map.of(), new PlanSnapshot());
    }
}
