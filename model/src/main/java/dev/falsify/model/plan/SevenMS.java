package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.List;
import java.util.Map;

/**
 * A scenario's §7.M.S surface decomposition (boundary and fairness claims).
 *
 * @param fields canonical names: {@code boundaryClaim}, {@code boundaryKeys}, {@code surfaces},
 *               {@code operations}, {@code positiveControls}, {@code negativeControls},
 *               {@code confusable}, {@code delayed}, {@code background}, {@code observability},
 *               {@code oracle}, {@code smokeBudget}, {@code hardeningBudget}, {@code arms},
 *               {@code fairnessFormula}
 * @param arms   the arm ids listed in the Arms field ({@code S5/api}, …)
 */
public record SevenMS(boolean present, Map<String, Field> fields, List<Field> unknownFields, List<String> arms, Span span) implements LabelledFields {

    public static final List<String> FIELDS = List.of("boundaryClaim", "boundaryKeys", "surfaces", "operations",
            "positiveControls", "negativeControls", "confusable", "delayed", "background", "observability", "oracle",
            "smokeBudget", "hardeningBudget", "arms", "fairnessFormula");

    public static final SevenMS ABSENT = new SevenMS(false, Map.of(), List.of(), List.of(), Span.NONE);

    public SevenMS {
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        unknownFields = List.copyOf(unknownFields);
        arms = List.copyOf(arms);
    }

    public String value(String name) {
        Field f = fields.get(name);
        return f == null ? "" : f.value();
    }
}
