package dev.falsify.model.plan;

import java.util.Map;
import java.util.Optional;

/**
 * The plan's title line and bold-label header fields.
 *
 * @param slug      from {@code # Test Plan: <slug>}, or "" when there is no title
 * @param fields    known header fields by canonical name: {@code date}, {@code mode}, {@code sut},
 *                  {@code change}, {@code author}, {@code status}
 * @param titleSpan the title line, or {@link Span#NONE}
 */
public record PlanHeader(String slug, String title, Map<String, Field> fields, Span titleSpan) {

    public PlanHeader {
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
    }

    public Optional<Field> field(String name) {
        return Optional.ofNullable(fields.get(name));
    }

    public String value(String name) {
        Field f = fields.get(name);
        return f == null ? "" : f.value();
    }

    public String date() { return value("date"); }
    /** {@code change-scoped}, {@code project-wide}, or the text as written when it is neither. */
    public String mode() { return value("mode"); }
    public String sut() { return value("sut"); }
    public String change() { return value("change"); }
    public String author() { return value("author"); }
    public String status() { return value("status"); }
}
