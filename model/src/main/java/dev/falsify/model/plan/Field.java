package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/**
 * One labelled field of a plan element ({@code - **Falsifies if it FAILs:** C1, C3}).
 *
 * @param name      canonical field name ({@code falsifies}, {@code model}, …); for a field the
 *                  parser does not know, the normalised label
 * @param label     the label as written, without bold markers or colon
 * @param value     the value text, continuation lines joined with {@code \n}, trimmed
 * @param span      the whole field (marker, label and value, all continuation lines)
 * @param valueSpan the value only; an edit replacing the value replaces exactly this span
 *                  (empty span right after the label when the value is empty)
 */
public record Field(String name, String label, String value, Span span, Span valueSpan) {

    public boolean isBlank() {
        return value == null || value.isBlank();
    }
}
