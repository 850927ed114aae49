package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/**
 * Something the parser kept as free text because it did not understand it: an unknown section,
 * an unknown field label, or an element found only in a divergent form. Lint reports these as P019.
 */
public record Unrecognized(Kind kind, String label, String message, Span span) {

    public enum Kind { SECTION, HEADER_FIELD, FIELD, DIVERGENT_FORM, CATEGORY, PARSER }
}
