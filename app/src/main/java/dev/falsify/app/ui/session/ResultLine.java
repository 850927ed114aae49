package dev.falsify.app.ui.session;

import dev.falsify.model.report.ResultRow;
import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One row of the scenario table: a scenario (its aggregated verdict, arms nested under it) or an arm.
 * A scenario without arms is one row carrying its only arm.
 *
 * @param id      {@code S1} or {@code S5/api}
 * @param verdict the verdict that counts
 * @param arm     the arm behind the row (empty for a scenario row with several arms)
 * @param row     its results row
 * @param arms    the arms under a scenario row (empty for an arm row)
 */
public record ResultLine(String id, Verdict verdict, Optional<ArmVerdict> arm, Optional<ResultRow> row,
                         List<ResultLine> arms) {

    /** The verdict cell: the effective verdict, and beside an override the computed one. */
    public String verdictText() {
        if (arm.isPresent() && arm.get().override().map(VerdictOverride::verdict).isPresent()) {
            return verdict.label() + "  (computed " + arm.get().computed().map(d -> d.display())
                    .orElse(arm.get().baseVerdict().label()) + ")";
        }
        return verdict.label();
    }

    /** "overridden by … because …", or empty. */
    public String review() {
        return arm.flatMap(ArmVerdict::override).map(o -> "overridden by " + o.author() + " because " + o.reason()
                + (o.verdict() == null ? " (labels only)" : "")).orElse("");
    }

    public String name() {
        return row.map(ResultRow::name).orElse(arms.isEmpty() ? "" : arms.get(0).row().map(ResultRow::name).orElse(""));
    }

    public String cell(Function<ResultRow, String> f) {
        return row.map(f).orElse("");
    }

    public String blame() {
        return row.flatMap(ResultRow::blame).map(Blame::label).orElse("");
    }

    public String taxdc() {
        return row.flatMap(ResultRow::bugType).map(BugType::display).orElse("");
    }

    public String downgrade() {
        return row.flatMap(ResultRow::downgrade).orElse("");
    }

    /** Scenario rows with their arms, in the folder's order. */
    public static List<ResultLine> build(List<ArmVerdict> arms, List<ResultRow> rows, Map<String, Verdict> scenarioVerdicts) {
        Map<String, ResultRow> byArm = new LinkedHashMap<>();
        rows.forEach(r -> byArm.putIfAbsent(PlanId.key(r.armId()), r));
        Map<String, List<ArmVerdict>> byScenario = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        for (ArmVerdict a : arms) {
            byScenario.computeIfAbsent(PlanId.key(a.scenario()), k -> new ArrayList<>()).add(a);
            names.putIfAbsent(PlanId.key(a.scenario()), a.scenario());
        }
        Map<String, Verdict> agg = new LinkedHashMap<>();
        scenarioVerdicts.forEach((k, v) -> agg.put(PlanId.key(k), v));
        List<ResultLine> out = new ArrayList<>();
        byScenario.forEach((key, list) -> {
            Verdict v = agg.getOrDefault(key, list.get(0).effective());
            if (list.size() == 1 && PlanId.armOf(list.get(0).armId()).isEmpty()) {
                ArmVerdict a = list.get(0);
                out.add(new ResultLine(a.armId(), a.effective(), Optional.of(a),
                        Optional.ofNullable(byArm.get(PlanId.key(a.armId()))), List.of()));
                return;
            }
            List<ResultLine> children = new ArrayList<>();
            for (ArmVerdict a : list) {
                children.add(new ResultLine(a.armId(), a.effective(), Optional.of(a),
                        Optional.ofNullable(byArm.get(PlanId.key(a.armId()))), List.of()));
            }
            out.add(new ResultLine(names.get(key), v, Optional.empty(), Optional.empty(), children));
        });
        return out;
    }
}
