package dev.falsify.model.plan;

import java.util.Map;
import java.util.Optional;

/** An element whose labelled fields are kept by canonical name (header, hypothesis, scenario, §7.M, §7.M.S). */
public interface LabelledFields {

    Map<String, Field> fields();

    default Optional<Field> field(String name) {
        return Optional.ofNullable(fields().get(name));
    }

    /** The field's value, or "" when the field is absent. */
    default String value(String name) {
        Field f = fields().get(name);
        return f == null ? "" : f.value();
    }
}
