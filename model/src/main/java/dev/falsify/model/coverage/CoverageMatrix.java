package dev.falsify.model.coverage;

import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Claims (and missing claims) × hypotheses, sparse: only interesting cells are stored;
 * {@link #cell} returns an empty cell for the rest.
 *
 * @param claims     claim ids then missing-claim ids, in plan order (withdrawn claims excluded)
 * @param hypotheses hypothesis ids in plan order
 */
public record CoverageMatrix(List<String> claims, List<String> hypotheses, Map<String, CoverageCell> cells,
                             List<CoverageGap> gaps) {

    public CoverageMatrix {
        claims = List.copyOf(claims);
        hypotheses = List.copyOf(hypotheses);
        cells = Map.copyOf(cells);
        gaps = List.copyOf(gaps);
    }

    static String key(String claim, String hypothesis) {
        return PlanId.key(claim) + "|" + PlanId.key(hypothesis);
    }

    public CoverageCell cell(String claim, String hypothesis) {
        CoverageCell c = cells.get(key(claim, hypothesis));
        return c != null ? c : CoverageCell.empty(claim, hypothesis);
    }

    /** The interesting cells in matrix order (claim-major). */
    public List<CoverageCell> interestingCells() {
        List<CoverageCell> out = new ArrayList<>();
        for (String c : claims) {
            for (String h : hypotheses) {
                CoverageCell cell = cells.get(key(c, h));
                if (cell != null) out.add(cell);
            }
        }
        return out;
    }

    public List<CoverageGap> gaps(CoverageGap.Kind kind) {
        return gaps.stream().filter(g -> g.kind() == kind).toList();
    }
}
