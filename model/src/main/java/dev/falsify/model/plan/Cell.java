package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/**
 * One table cell: its text (trimmed, escaped pipes unescaped, markup kept) and the span of the
 * cell content between the pipes (an edit of the cell replaces exactly this span).
 */
public record Cell(String text, Span span) {
}
