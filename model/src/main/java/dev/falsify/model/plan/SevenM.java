package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scenario's §7.M model / history / checker block.
 *
 * @param present        a §7.M heading, label line or not-applicable line was found
 * @param notApplicable  the block is the literal {@code §7.M: not applicable (…)} line
 * @param reason         the reason given with "not applicable", or ""
 * @param fields         known fields by canonical name (see {@link #FIELDS})
 * @param unknownFields  labelled fields the parser does not know, kept as written
 * @param span           the heading or line plus all fields
 */
public record SevenM(boolean present, boolean notApplicable, String reason, Map<String, Field> fields,
                     List<Field> unknownFields, Span span) implements LabelledFields {

    /** The canonical §7.M field names, in the spec's order. */
    public static final List<String> FIELDS = List.of("model", "history", "checker", "nemesis", "ambiguous", "reduction");

    public static final SevenM ABSENT = new SevenM(false, false, "", Map.of(), List.of(), Span.NONE);

    public SevenM {
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        unknownFields = List.copyOf(unknownFields);
    }

    public String model() { return value("model"); }
    public String history() { return value("history"); }
    public String checker() { return value("checker"); }
    public String nemesis() { return value("nemesis"); }
    public String ambiguous() { return value("ambiguous"); }
    public String reduction() { return value("reduction"); }

    /** Fields of {@link #FIELDS} that are missing or empty (none when absent or not applicable). */
    public List<String> missing() {
        List<String> out = new ArrayList<>();
        if (!present || notApplicable) return out;
        for (String f : FIELDS) {
            Field field = fields.get(f);
            if (field == null || field.isBlank()) out.add(f);
        }
        return out;
    }
}
