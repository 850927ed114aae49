package dev.falsify.model.plan;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunSpecError;
import dev.falsify.model.text.Span;
import java.util.List;
import java.util.Optional;

/**
 * A fenced {@code run} block inside a scenario: its YAML, where it is, and the typed spec.
 *
 * @param spec    the typed run spec, or null when the YAML could not be read at all
 * @param errors  validation errors (YAML syntax, unknown field, unknown proxy/service/checker),
 *                each with a span in the plan file
 */
public record RunBlock(String yaml, Span span, Span contentSpan, RunSpec spec, List<RunSpecError> errors) {

    public RunBlock {
        errors = List.copyOf(errors);
    }

    public Optional<RunSpec> runSpec() {
        return Optional.ofNullable(spec);
    }

    public boolean isValid() {
        return spec != null && errors.isEmpty();
    }
}
