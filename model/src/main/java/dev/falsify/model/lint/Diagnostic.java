package dev.falsify.model.lint;

import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.text.Span;
import java.util.Optional;

/**
 * One lint finding. The message names the ids it concerns; {@code fix} is a text patch against the
 * linted text when an obvious one exists (null otherwise).
 */
public record Diagnostic(String rule, Severity severity, Span span, String message, PlanPatch fix) {

    public Optional<PlanPatch> quickFix() {
        return Optional.ofNullable(fix);
    }

    public int line() {
        return span.startLine();
    }

    public int column() {
        return span.startColumn();
    }
}
