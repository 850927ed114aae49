package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/**
 * §7d confidence statement: the prose (tables and code excluded) and the optional per-aspect
 * confidence table.
 */
public record Confidence(String text, Span span, Table table) {

    public static final Confidence ABSENT = new Confidence("", Span.NONE, null);
}
