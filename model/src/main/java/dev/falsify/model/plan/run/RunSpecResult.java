package dev.falsify.model.plan.run;

import java.util.List;

/** A parsed run block: the spec (null when the YAML is unreadable) and its validation errors. */
public record RunSpecResult(RunSpec spec, List<RunSpecError> errors) {

    public RunSpecResult {
        errors = List.copyOf(errors);
    }

    public boolean isValid() {
        return spec != null && errors.isEmpty();
    }
}
