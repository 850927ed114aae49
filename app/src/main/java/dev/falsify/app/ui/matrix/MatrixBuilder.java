package dev.falsify.app.ui.matrix;

import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.CoverageRow;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Ids;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Plan projection → {@link MatrixModel}. Linear in claims × hypotheses; runs on the worker thread. */
public final class MatrixBuilder {
    private MatrixBuilder() {
    }

    public static MatrixModel build(Plan plan) {
        List<Claim> claims = plan.claims();
        List<Hypothesis> hyps = plan.hypotheses();
        Map<String, Integer> rowOf = new HashMap<>();
        for (int i = 0; i < claims.size(); i++) {
            rowOf.putIfAbsent(Ids.key(claims.get(i).id()), i);
        }
        Map<String, Integer> colOf = new HashMap<>();
        for (int i = 0; i < hyps.size(); i++) {
            colOf.putIfAbsent(Ids.key(hyps.get(i).id()), i);
        }
        Set<String> exercised = new HashSet<>();
        Set<String> closedHyps = new HashSet<>();
        Map<Long, List<String>> closing = new HashMap<>();
        for (Scenario s : plan.scenarios()) {
            for (String c : s.falsifies()) {
                exercised.add(Ids.key(c));
            }
            for (String h : s.closes()) {
                closedHyps.add(Ids.key(h));
                Integer col = colOf.get(Ids.key(h));
                if (col == null) {
                    continue;
                }
                for (String c : s.falsifies()) {
                    Integer row = rowOf.get(Ids.key(c));
                    if (row != null) {
                        List<String> list = closing.computeIfAbsent(key(row, col), k -> new ArrayList<>(1));
                        if (!list.contains(s.id())) {
                            list.add(s.id());
                        }
                    }
                }
            }
        }
        Map<Long, CoverageRow> declared = new HashMap<>();
        for (CoverageRow cr : plan.coverage()) {
            for (String c : cr.claims()) {
                for (String h : cr.hypotheses()) {
                    Integer row = rowOf.get(Ids.key(c));
                    Integer col = colOf.get(Ids.key(h));
                    if (row != null && col != null) {
                        declared.putIfAbsent(key(row, col), cr);
                    }
                }
            }
        }

        MatrixModel.CellInfo[][] cells = new MatrixModel.CellInfo[claims.size()][hyps.size()];
        for (int col = 0; col < hyps.size(); col++) {
            Hypothesis h = hyps.get(col);
            Set<Integer> linkedRows = new HashSet<>();
            for (String c : h.falsifies()) {
                Integer row = rowOf.get(Ids.key(c));
                if (row != null) {
                    linkedRows.add(row);
                }
            }
            for (int row : linkedRows) {
                cells[row][col] = cell(true, claims.get(row), h, closing.get(key(row, col)), declared.get(key(row, col)),
                        closedHyps.contains(Ids.key(h.id())), exercised.contains(Ids.key(claims.get(row).id())));
            }
        }
        for (Map.Entry<Long, CoverageRow> e : declared.entrySet()) {
            int row = (int) (e.getKey() >> 32);
            int col = (int) (long) e.getKey();
            if (cells[row][col] == null) {
                cells[row][col] = cell(false, claims.get(row), hyps.get(col), closing.get(e.getKey()), e.getValue(),
                        true, true);
            }
        }

        List<MatrixModel.Row> rows = new ArrayList<>(claims.size());
        for (Claim c : claims) {
            List<String> cats = c.categories().stream().map(ClaimCategory::label).toList();
            rows.add(new MatrixModel.Row(c.id(), c.text(), cats, exercised.contains(Ids.key(c.id())), c.span().startOffset()));
        }
        List<MatrixModel.Column> cols = new ArrayList<>(hyps.size());
        for (Hypothesis h : hyps) {
            cols.add(new MatrixModel.Column(h.id(), h.title(), h.falsifies().isEmpty(),
                    closedHyps.contains(Ids.key(h.id())), h.headingSpan().startOffset()));
        }
        return new MatrixModel(List.copyOf(rows), List.copyOf(cols), cells);
    }

    private static MatrixModel.CellInfo cell(boolean linked, Claim c, Hypothesis h, List<String> closers, CoverageRow declared,
            boolean hypClosed, boolean claimExercised) {
        List<String> scen = closers == null ? List.of() : List.copyOf(closers);
        MatrixModel.Verdict verdict;
        String why;
        if (declared != null && MatrixModel.Verdict.parse(declared.verdict()) != null) {
            verdict = MatrixModel.Verdict.parse(declared.verdict());
            why = "§5 says " + verdict.label()
                    + (declared.gapKind() == null || declared.gapKind().isBlank() ? "" : " (" + declared.gapKind() + ")")
                    + (declared.scenarios().isEmpty() ? "" : "; recommended " + String.join(", ", declared.scenarios()));
        } else if (!scen.isEmpty()) {
            verdict = MatrixModel.Verdict.COVERED;
            why = "covered: " + String.join(", ", scen) + " closes " + h.id() + " and falsifies " + c.id();
        } else if (hypClosed || claimExercised) {
            verdict = MatrixModel.Verdict.PARTIAL;
            why = "partial: " + (hypClosed ? "a scenario closes " + h.id() + " but none of them falsifies " + c.id()
                    : "a scenario falsifies " + c.id() + " but none closes " + h.id());
        } else {
            verdict = MatrixModel.Verdict.NOT_COVERED;
            why = "not covered: no scenario closes " + h.id() + " or falsifies " + c.id();
        }
        String link = linked ? h.id() + " could falsify " + c.id() : h.id() + " does not name " + c.id() + " (pair only in §5)";
        if (!scen.isEmpty() && !why.contains(scen.get(0))) {
            why += "; closed by " + String.join(", ", scen);
        }
        return new MatrixModel.CellInfo(linked, verdict, scen, link + ". " + why + ".");
    }

    private static long key(int row, int col) {
        return ((long) row << 32) | (col & 0xffffffffL);
    }
}
