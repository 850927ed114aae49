package dev.falsify.model.plan;

import java.util.Map;

/**
 * The plan's title line and bold-label header fields.
 *
 * @param slug      from {@code # Test Plan: <slug>}, or "" when there is no title
 * @param fields    known header fields by canonical name: {@code date}, {@code mode}, {@code sut},
 *                  {@code change}, {@code author}, {@code status}
 * @param titleSpan the title line, or {@link Span#NONE}
 */
public record PlanHeader(String slug, String title, Map<String, Field> fields, Span titleSpan) implements LabelledFields {

    public PlanHeader {
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
    }

    public String date() { return value("date"); }
    /** {@code change-scoped}, {@code project-wide}, or the text as written when it is neither. */
    public String mode() { return value("mode"); }
    public String sut() { return value("sut"); }
    public String change() { return value("change"); }
    public String author() { return value("author"); }
    public String status() { return value("status"); }
}
