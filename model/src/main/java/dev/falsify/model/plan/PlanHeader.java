package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
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
    public String mode() {
        // "Change-scoped (PR #88)", "Project-wide": the canonical word when the value names one
        String v = value("mode");
        String lower = v.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("change")) return "change-scoped";
        if (lower.startsWith("project")) return "project-wide";
        return v;
    }
    public String sut() { return value("sut"); }
    public String change() { return value("change"); }
    public String author() { return value("author"); }
    public String status() {
        String v = value("status");
        String lower = v.toLowerCase(java.util.Locale.ROOT);
        for (String known : new String[] {"draft", "reviewed", "executed"}) if (lower.startsWith(known)) return known;
        return v;
    }
}
