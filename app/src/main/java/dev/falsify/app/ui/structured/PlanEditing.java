package dev.falsify.app.ui.structured;

import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Cell;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import java.util.List;

/**
 * The structured view's edits as minimal text replacements against the current plan text.
 */
final class PlanEditing {
    private PlanEditing() {
    }

    static List<Replacement> setClaimCell(Plan p, Claim c, String column, String value) {
        String[] candidates = switch (column) {
            case "claim" -> new String[] {"claim"};
            case "category" -> new String[] {"category", "kind"};
            case "source" -> new String[] {"source"};
            case "inferred" -> new String[] {"inferred", "confidence"};
            default -> new String[] {column};
        };
        if (c.row() == null) {
            return List.of();
        }
        return c.row().cell(candidates).map(cell -> replaceCell(cell, value)).orElse(List.of());
    }

    private static List<Replacement> replaceCell(Cell cell, String value) {
        String escaped = value.replace("\n", " ").replace("|", "\\|");
        return List.of(new Replacement(cell.span().startOffset(), cell.span().endOffset(), escaped));
    }

    static List<Replacement> replaceValue(Field f, String value) {
        return List.of(new Replacement(f.valueSpan().startOffset(), f.valueSpan().endOffset(), value));
    }

    static List<Replacement> setHeaderField(Plan p, String field, String value) {
        return p.header().field(field).map(f -> replaceValue(f, value)).orElse(List.of());
    }

    static List<Replacement> setHypothesisField(Plan p, Hypothesis h, String field, String value) {
        return h.field(field).map(f -> replaceValue(f, value)).orElse(List.of());
    }

    static List<Replacement> setScenarioField(Plan p, String scenarioId, String field, String value) {
        return p.scenario(scenarioId).flatMap(s -> s.field(field)).map(f -> replaceValue(f, value)).orElse(List.of());
    }

    static List<Replacement> setSevenMField(Plan p, String scenarioId, String field, String value) {
        return p.scenario(scenarioId).flatMap(s -> s.sevenM().field(field)).map(f -> replaceValue(f, value)).orElse(List.of());
    }

    static List<Replacement> setSevenMSField(Plan p, String scenarioId, String field, String value) {
        return p.scenario(scenarioId).flatMap(s -> s.sevenMS().field(field)).map(f -> replaceValue(f, value)).orElse(List.of());
    }

    static List<Replacement> setRunBlock(Plan p, String scenarioId, String yaml) {
        String body = yaml.endsWith("\n") ? yaml : yaml + "\n";
        return p.scenario(scenarioId).flatMap(s -> s.run())
                .map(rb -> List.of(new Replacement(rb.contentSpan().startOffset(), rb.contentSpan().endOffset(), body)))
                .orElse(List.of());
    }

    static List<Replacement> addClaim(Plan p) {
        return List.of();
    }

    static List<Replacement> addHypothesis(Plan p) {
        return List.of();
    }

    static List<Replacement> addScenario(Plan p) {
        return List.of();
    }

    static List<Replacement> insertSevenM(Plan p, String scenarioId) {
        return List.of();
    }
}
