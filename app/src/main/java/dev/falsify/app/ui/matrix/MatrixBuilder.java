package dev.falsify.app.ui.matrix;

import dev.falsify.model.coverage.CoverageCell;
import dev.falsify.model.coverage.CoverageGap;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Ids;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The plan model's coverage matrix → what the heatmap draws: rows with category and offsets,
 * columns with their gaps, and per cell a verdict (§5's when it has one, otherwise derived from
 * the scenarios) with a sentence for the hover.
 */
public final class MatrixBuilder {
    private MatrixBuilder() {
    }

    public static MatrixModel build(Plan plan, CoverageMatrix cov) {
        Map<String, Claim> claims = new HashMap<>();
        for (Claim c : plan.claims()) {
            claims.putIfAbsent(Ids.key(c.id()), c);
        }
        Map<String, MissingClaim> missing = new HashMap<>();
        for (MissingClaim m : plan.missingClaims()) {
            missing.putIfAbsent(Ids.key(m.id()), m);
        }
        Map<String, Hypothesis> hyps = new HashMap<>();
        for (Hypothesis h : plan.hypotheses()) {
            hyps.putIfAbsent(Ids.key(h.id()), h);
        }
        Set<String> unexercised = gapIds(cov, CoverageGap.Kind.CLAIM_WITHOUT_SCENARIO);
        Set<String> untethered = gapIds(cov, CoverageGap.Kind.UNTETHERED_HYPOTHESIS);
        Set<String> unclosed = gapIds(cov, CoverageGap.Kind.HYPOTHESIS_WITHOUT_SCENARIO);

        List<MatrixModel.Row> rows = new ArrayList<>(cov.claims().size());
        for (String id : cov.claims()) {
            Claim c = claims.get(Ids.key(id));
            MissingClaim m = missing.get(Ids.key(id));
            List<String> cats = c == null ? List.of("missing claim") : c.categories().stream().map(ClaimCategory::label).toList();
            String text = c != null ? c.text() : m != null ? m.behavior() : "";
            int offset = c != null ? c.span().startOffset() : m != null ? m.span().startOffset() : 0;
            rows.add(new MatrixModel.Row(id, text, cats, !unexercised.contains(Ids.key(id)), offset));
        }
        List<MatrixModel.Column> cols = new ArrayList<>(cov.hypotheses().size());
        for (String id : cov.hypotheses()) {
            Hypothesis h = hyps.get(Ids.key(id));
            cols.add(new MatrixModel.Column(id, h == null ? "" : h.title(), untethered.contains(Ids.key(id)),
                    !unclosed.contains(Ids.key(id)), h == null ? 0 : h.headingSpan().startOffset()));
        }
        Map<String, Integer> rowOf = index(cov.claims());
        Map<String, Integer> colOf = index(cov.hypotheses());
        MatrixModel.CellInfo[][] cells = new MatrixModel.CellInfo[rows.size()][cols.size()];
        for (CoverageCell cell : cov.interestingCells()) {
            Integer r = rowOf.get(Ids.key(cell.claim()));
            Integer c = colOf.get(Ids.key(cell.hypothesis()));
            if (r != null && c != null) {
                cells[r][c] = cell(cell, rows.get(r).exercised(), cols.get(c).closed());
            }
        }
        return new MatrixModel(List.copyOf(rows), List.copyOf(cols), cells);
    }

    private static MatrixModel.CellInfo cell(CoverageCell cell, boolean claimExercised, boolean hypClosed) {
        String c = cell.claim(), h = cell.hypothesis();
        MatrixModel.Verdict declared = MatrixModel.Verdict.parse(cell.verdict());
        MatrixModel.Verdict verdict;
        String why;
        if (declared != null) {
            verdict = declared;
            why = "§5 says " + declared.label() + (cell.gapKind().isBlank() ? "" : " (" + cell.gapKind() + ")")
                    + (cell.recommended().isEmpty() ? "" : "; recommended scenario " + String.join(", ", cell.recommended()));
        } else if (cell.isExercised()) {
            verdict = MatrixModel.Verdict.COVERED;
            why = "covered";
        } else if (hypClosed || claimExercised) {
            verdict = MatrixModel.Verdict.PARTIAL;
            why = "partial: " + (hypClosed ? "a scenario closes " + h + " but none of them falsifies " + c
                    : "a scenario falsifies " + c + " but none closes " + h);
        } else {
            verdict = MatrixModel.Verdict.NOT_COVERED;
            why = "not covered: no scenario closes " + h + " or falsifies " + c;
        }
        if (cell.isExercised()) {
            why += "; closed by " + String.join(", ", cell.scenarios()) + " (closes " + h + ", falsifies " + c + ")";
        }
        String link = cell.linked() ? h + " could falsify " + c : h + " does not name " + c;
        List<String> shown = cell.scenarios().isEmpty() ? cell.recommended() : cell.scenarios();
        return new MatrixModel.CellInfo(cell.linked(), verdict, List.copyOf(shown), link + ". " + why + ".");
    }

    private static Set<String> gapIds(CoverageMatrix cov, CoverageGap.Kind kind) {
        Set<String> out = new HashSet<>();
        for (CoverageGap g : cov.gaps(kind)) {
            out.add(Ids.key(g.id()));
        }
        return out;
    }

    private static Map<String, Integer> index(List<String> ids) {
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            out.putIfAbsent(Ids.key(ids.get(i)), i);
        }
        return out;
    }
}
