package dev.falsify.model.plan.run;

import dev.falsify.model.text.Span;

/**
 * A problem in a run block.
 *
 * @param path    where in the YAML ({@code faults[0].proxy.name}), or "" for syntax errors
 * @param message what is wrong, naming the offending value
 * @param span    position in the plan file (or in the YAML text when parsed standalone)
 */
public record RunSpecError(String path, String message, Span span) {
}
