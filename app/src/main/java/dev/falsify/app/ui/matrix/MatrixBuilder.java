package dev.falsify.app.ui.matrix;

import dev.falsify.model.coverage.CoverageCell;
import dev.falsify.model.coverage.CoverageGap;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The plan model's coverage matrix → what the heatmap draws: rows with category and offsets,
 * columns with their gaps, and per cell a verdict (§5's when it has one, otherwise derived from
 * the scenarios) with a sentence for the hover.
 */
public final class MatrixBuilder {
    private MatrixBuilder() {
    }

    public static MatrixModel build(Plan plan, CoverageMatrix cov) {
        // PlanId.key is the hot spot of this method; each distinct id is normalised once
        Map<String, String> memo = new HashMap<>();
        Function<String, String> key = id -> memo.computeIfAbsent(id, PlanId::key);
        Map<String, Claim> claims = new HashMap<>();
        for (Claim c : plan.claims()) {
            claims.putIfAbsent(key.apply(c.id()), c);
        }
        Map<String, MissingClaim> missing = new HashMap<>();
        for (MissingClaim m : plan.missingClaims()) {
            missing.putIfAbsent(key.apply(m.id()), m);
        }
        Map<String, Hypothesis> hyps = new HashMap<>();
        for (Hypothesis h : plan.hypotheses()) {
            hyps.putIfAbsent(key.apply(h.id()), h);
        }
        Set<String> unexercised = gapIds(cov, CoverageGap.Kind.CLAIM_WITHOUT_SCENARIO, key);
        Set<String> untethered = gapIds(cov, CoverageGap.Kind.UNTETHERED_HYPOTHESIS, key);
        Set<String> unclosed = gapIds(cov, CoverageGap.Kind.HYPOTHESIS_WITHOUT_SCENARIO, key);

        List<MatrixModel.Row> rows = new ArrayList<>(cov.claims().size());
        for (String id : cov.claims()) {
            Claim c = claims.get(key.apply(id));
            MissingClaim m = missing.get(key.apply(id));
            List<String> cats = c == null ? List.of("missing claim") : c.categories().stream().map(ClaimCategory::label).toList();
            String text = c != null ? c.text() : m != null ? m.behavior() : "";
            int offset = c != null ? c.span().startOffset() : m != null ? m.span().startOffset() : 0;
            rows.add(new MatrixModel.Row(id, text, cats, !unexercised.contains(key.apply(id)), offset, c == null));
        }
        List<MatrixModel.Column> cols = new ArrayList<>(cov.hypotheses().size());
        for (String id : cov.hypotheses()) {
            Hypothesis h = hyps.get(key.apply(id));
            cols.add(new MatrixModel.Column(id, h == null ? "" : h.title(), untethered.contains(key.apply(id)),
                    !unclosed.contains(key.apply(id)), h == null ? 0 : h.headingSpan().startOffset()));
        }
        Map<String, Integer> rowOf = index(cov.claims(), key);
        Map<String, Integer> colOf = index(cov.hypotheses(), key);
        MatrixModel.CellInfo[][] cells = new MatrixModel.CellInfo[rows.size()][cols.size()];
        // cells() holds only the interesting cells; interestingCells() would walk all claims × hypotheses
        for (CoverageCell cell : cov.cells().values()) {
            Integer r = rowOf.get(key.apply(cell.claim()));
            Integer c = colOf.get(key.apply(cell.hypothesis()));
            if (r != null && c != null) {
                cells[r][c] = cell(cell, rows.get(r).exercised(), cols.get(c).closed());
            }
        }
        return new MatrixModel(List.copyOf(rows), List.copyOf(cols), cells);
    }

    private static MatrixModel.CellInfo cell(CoverageCell cell, boolean claimExercised, boolean hypClosed) {
        String c = cell.claim(), h = cell.hypothesis();
        MatrixModel.Coverage declared = MatrixModel.Coverage.parse(cell.verdict());
        MatrixModel.Coverage verdict;
        String why;
        if (declared != null) {
            verdict = declared;
            why = "§5 says " + declared.label() + (cell.gapKind().isBlank() ? "" : " (" + cell.gapKind() + ")")
                    + (cell.recommended().isEmpty() ? "" : "; recommended scenario " + String.join(", ", cell.recommended()));
        } else if (cell.isExercised()) {
            verdict = MatrixModel.Coverage.COVERED;
            why = "covered";
        } else if (hypClosed || claimExercised) {
            verdict = MatrixModel.Coverage.PARTIAL;
            why = "partial: " + (hypClosed ? "a scenario closes " + h + " but none of them falsifies " + c
                    : "a scenario falsifies " + c + " but none closes " + h);
        } else {
            verdict = MatrixModel.Coverage.NOT_COVERED;
            why = "not covered: no scenario closes " + h + " or falsifies " + c;
        }
        if (cell.isExercised()) {
            why += "; closed by " + String.join(", ", cell.scenarios()) + " (closes " + h + ", falsifies " + c + ")";
        }
        String link = cell.linked() ? h + " could falsify " + c : h + " does not name " + c;
        List<String> shown = cell.scenarios().isEmpty() ? cell.recommended() : cell.scenarios();
        return new MatrixModel.CellInfo(cell.linked(), verdict, List.copyOf(shown), link + ". " + why + ".");
    }

    private static Set<String> gapIds(CoverageMatrix cov, CoverageGap.Kind kind, Function<String, String> key) {
        Set<String> out = new HashSet<>();
        for (CoverageGap g : cov.gaps(kind)) {
            out.add(key.apply(g.id()));
        }
        return out;
    }

    private static Map<String, Integer> index(List<String> ids, Function<String, String> key) {
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            out.putIfAbsent(key.apply(ids.get(i)), i);
        }
        return out;
    }
}
