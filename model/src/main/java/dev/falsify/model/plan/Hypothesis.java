package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.List;
import java.util.Map;

/**
 * A §4 failure-mode hypothesis, in any of the accepted forms (numbered paragraph, {@code ### H1:}
 * heading, bold bullet, table row).
 *
 * @param title       the short title (bold part or heading text)
 * @param description the one-sentence "what could go wrong" after the title
 * @param falsifies   claim and missing-claim ids from {@code Could falsify} / {@code Could regress}
 *                    / {@code (->C1,C8)}, ranges expanded, qualifier-only ids dropped
 * @param group       the level-3 subsystem heading the hypothesis sits under, or null
 * @param fields      labelled sub-bullets by canonical name ({@code falsifies}, {@code suspected},
 *                    {@code subsystem}, {@code pitfall}, {@code category}) and unknown labels
 * @param headingSpan the line that introduces the hypothesis
 * @param span        the whole hypothesis with its sub-bullets
 */
public record Hypothesis(String id, String title, String description, List<String> falsifies, String group,
                         Map<String, Field> fields, Span headingSpan, Span span) implements LabelledFields {

    public Hypothesis {
        falsifies = List.copyOf(falsifies);
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
    }

    /** Same as {@link #value(String)}. */
    public String fieldValue(String name) {
        return value(name);
    }
}
