package dev.falsify.app.ui.structured;

import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.edit.PlanEditException;
import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.edit.PlanPatcher;
import java.util.List;
import java.util.function.Function;

/**
 * The structured view's edits, delegated to the plan model's edit API ({@link PlanPatcher}) and
 * converted to editor replacements. An edit the model refuses (unknown column, §7.M already
 * present) yields no replacements and the reason on {@code System.err}; the document is untouched.
 */
public final class PlanEditing {
    private PlanEditing() {
    }

    static List<Replacement> edit(Plan p, Function<PlanPatcher, PlanPatch> edit) {
        if (p == null) {
            return List.of();
        }
        try {
            return Replacement.of(edit.apply(new PlanPatcher(p)));
        } catch (PlanEditException e) {
            System.err.println("falsify: edit refused: " + e.getMessage());
            return List.of();
        }
    }

    /*
     * Three edits the model's edit API does not offer yet; each replaces exactly the span the parser
     * reports for the value, so the same minimal-patch guarantee holds. A missing field or block is
     * left to the Markdown side (no edit).
     */

    static List<Replacement> setHypothesisField(Plan p, Hypothesis h, String field, String value) {
        return h.field(field).map(f -> replaceValue(f, value)).orElse(List.of());
    }

    static List<Replacement> setSevenMSField(Plan p, String scenarioId, String field, String value) {
        return p.scenario(scenarioId).flatMap(s -> s.sevenMS().field(field)).map(f -> replaceValue(f, value)).orElse(List.of());
    }

    /** Replaces the content of the scenario's run block, or appends a new run block at the end of the scenario. */
    static List<Replacement> setRunBlock(Plan p, String scenarioId, String yaml) {
        String body = yaml.endsWith("\n") ? yaml : yaml + "\n";
        return p.scenario(scenarioId).map(s -> s.run()
                .map(rb -> List.of(new Replacement(rb.contentSpan().startOffset(), rb.contentSpan().endOffset(), body)))
                .orElse(List.of(new Replacement(s.span().endOffset(), s.span().endOffset(), "\n\n```run\n" + body + "```\n"))))
                .orElse(List.of());
    }

    private static List<Replacement> replaceValue(Field f, String value) {
        String v = value.replace("\n", " ");
        return List.of(new Replacement(f.valueSpan().startOffset(), f.valueSpan().endOffset(), v));
    }

    /** Column names as the claims table writes them; the model finds the column by name. */
    static String claimColumn(Plan p, String column, Claim c) {
        String[] candidates = switch (column) {
            case "category" -> new String[] {"category", "kind"};
            case "inferred" -> new String[] {"inferred", "confidence"};
            default -> new String[] {column};
        };
        for (String cand : candidates) {
            if (c.row() != null && c.row().cell(cand).isPresent()) {
                return cand;
            }
        }
        return column;
    }
}
