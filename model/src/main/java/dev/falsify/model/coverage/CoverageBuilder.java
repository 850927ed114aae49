package dev.falsify.model.coverage;

import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.CoverageRow;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Computes the claim × hypothesis matrix and its gaps from a plan projection. */
public final class CoverageBuilder {
    private CoverageBuilder() {
    }

    public static CoverageMatrix build(Plan plan) {
        List<String> claims = new ArrayList<>();
        Map<String, String> claimKeys = new HashMap<>();
        for (Claim c : plan.claims()) if (!c.struck() && claimKeys.putIfAbsent(PlanId.key(c.id()), c.id()) == null) claims.add(c.id());
        for (MissingClaim m : plan.missingClaims()) if (claimKeys.putIfAbsent(PlanId.key(m.id()), m.id()) == null) claims.add(m.id());
        List<String> hyps = new ArrayList<>();
        Map<String, String> hypKeys = new HashMap<>();
        for (Hypothesis h : plan.hypotheses()) if (hypKeys.putIfAbsent(PlanId.key(h.id()), h.id()) == null) hyps.add(h.id());

        // scenario index: hypothesis key → scenarios closing it, claim key → scenarios falsifying it
        Map<String, List<Scenario>> closing = new HashMap<>();
        Map<String, List<Scenario>> falsifying = new HashMap<>();
        for (Scenario s : plan.scenarios()) {
            for (String h : s.closes()) closing.computeIfAbsent(PlanId.key(h), k -> new ArrayList<>()).add(s);
            for (String c : s.falsifies()) falsifying.computeIfAbsent(PlanId.key(c), k -> new ArrayList<>()).add(s);
        }
        Map<String, CoverageRow> rows = new HashMap<>();
        for (CoverageRow r : plan.coverage()) {
            for (String c : r.claims()) for (String h : r.hypotheses()) rows.putIfAbsent(CoverageMatrix.key(c, h), r);
        }

        Map<String, CoverageCell> cells = new HashMap<>();
        for (Hypothesis h : plan.hypotheses()) {
            for (String c : h.falsifies()) {
                String claim = claimKeys.get(PlanId.key(c));
                if (claim == null) continue;
                // a repeated hypothesis id gives the same cell: computed once (each computation walks every
                // scenario closing the hypothesis, so recomputing it per repeat was quadratic in the repeats)
                cells.computeIfAbsent(CoverageMatrix.key(claim, h.id()), k -> cell(claim, h.id(), true, rows, closing));
            }
        }
        for (CoverageRow r : plan.coverage()) {
            for (String c : r.claims()) {
                for (String h : r.hypotheses()) {
                    String claim = claimKeys.get(PlanId.key(c));
                    String hyp = hypKeys.get(PlanId.key(h));
                    if (claim == null || hyp == null) continue;
                    cells.computeIfAbsent(CoverageMatrix.key(claim, hyp), k -> cell(claim, hyp, false, rows, closing));
                }
            }
        }

        List<CoverageGap> gaps = new ArrayList<>();
        for (Hypothesis h : plan.hypotheses()) {
            if (h.falsifies().isEmpty()) {
                gaps.add(new CoverageGap(CoverageGap.Kind.UNTETHERED_HYPOTHESIS, h.id(),
                        "hypothesis " + h.id() + " references no claim (untethered)", h.headingSpan()));
            }
        }
        for (Claim c : plan.claims()) {
            if (c.struck()) continue;
            if (!falsifying.containsKey(PlanId.key(c.id()))) {
                gaps.add(new CoverageGap(CoverageGap.Kind.CLAIM_WITHOUT_SCENARIO, c.id(),
                        "claim " + c.id() + " is exercised by no scenario", c.span()));
            }
        }
        for (Hypothesis h : plan.hypotheses()) {
            if (!closing.containsKey(PlanId.key(h.id()))) {
                gaps.add(new CoverageGap(CoverageGap.Kind.HYPOTHESIS_WITHOUT_SCENARIO, h.id(),
                        "hypothesis " + h.id() + " is closed by no scenario", h.headingSpan()));
            }
        }
        return new CoverageMatrix(claims, hyps, cells, gaps);
    }

    private static CoverageCell cell(String claim, String hyp, boolean linked, Map<String, CoverageRow> rows,
                                     Map<String, List<Scenario>> closing) {
        CoverageRow row = rows.get(CoverageMatrix.key(claim, hyp));
        Set<String> scenarios = new LinkedHashSet<>();
        String ck = PlanId.key(claim);
        for (Scenario s : closing.getOrDefault(PlanId.key(hyp), List.of())) {
            for (String f : s.falsifies()) {
                if (PlanId.key(f).equals(ck)) {
                    scenarios.add(s.id());
                    break;
                }
            }
        }
        return new CoverageCell(claim, hyp, linked, row == null ? null : row.verdict(), row == null ? "" : row.gapKind(),
                new ArrayList<>(scenarios), row == null ? List.of() : row.scenarios());
    }
}
