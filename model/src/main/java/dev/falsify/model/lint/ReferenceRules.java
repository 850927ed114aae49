package dev.falsify.model.lint;

import dev.falsify.model.coverage.CoverageGap;
import dev.falsify.model.plan.AdequacyRow;
import dev.falsify.model.plan.BulletItem;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.CoverageRow;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Ids;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.ResidualRow;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.text.Span;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** P002 (duplicates, unknown references), P003 (untethered), P004 (no Falsifies), P011, P013. */
final class ReferenceRules implements PlanLinter.RuleGroup {

    @Override
    public void check(LintContext ctx) {
        Plan plan = ctx.plan;
        duplicates(ctx);

        for (Hypothesis h : plan.hypotheses()) {
            Span at = h.field("falsifies").map(Field::valueSpan).orElse(h.headingSpan());
            List<String> unknown = h.falsifies().stream().filter(id -> !ctx.knownClaimOrMissing(id)).toList();
            if (!unknown.isEmpty()) {
                ctx.report(LintRule.P002, at, h.id() + " references unknown claim" + plural(unknown) + " " + String.join(", ", unknown));
            }
        }
        for (Scenario s : plan.scenarios()) {
            Span fAt = s.field("falsifies").map(Field::valueSpan).orElse(s.headingSpan());
            List<String> unknownClaims = s.falsifies().stream().filter(id -> !ctx.knownClaimOrMissing(id)).toList();
            if (!unknownClaims.isEmpty()) {
                ctx.report(LintRule.P002, fAt, s.id() + " falsifies unknown claim" + plural(unknownClaims) + " " + String.join(", ", unknownClaims));
            }
            Span cAt = s.field("closes").map(Field::valueSpan).orElse(s.headingSpan());
            List<String> unknownHyps = s.closes().stream().filter(id -> !ctx.hypotheses.containsKey(PlanId.key(id))).toList();
            if (!unknownHyps.isEmpty()) {
                ctx.report(LintRule.P002, cAt, s.id() + " closes unknown hypothes" + (unknownHyps.size() == 1 ? "is " : "es ")
                        + String.join(", ", unknownHyps));
            }
            if (s.falsifies().isEmpty()) {
                ctx.report(LintRule.P004, fAt, s.id() + " has no Falsifies claims" + (s.field("falsifies").isPresent()
                        ? " (its Falsifies value names no claim id)" : " (no 'Falsifies if it FAILs' field)"));
            }
        }
        for (Claim c : plan.claims()) {
            List<String> unknown = c.falsifiedBy().stream().filter(id -> !ctx.knownScenario(id)).toList();
            if (!unknown.isEmpty()) {
                ctx.report(LintRule.P002, c.row().cell("falsified by").map(x -> x.span()).orElse(c.span()),
                        c.id() + " is 'falsified by' unknown scenario" + plural(unknown) + " " + String.join(", ", unknown));
            }
        }
        for (CoverageRow r : plan.coverage()) {
            List<String> unknown = new ArrayList<>();
            r.claims().stream().filter(id -> !ctx.knownClaimOrMissing(id)).forEach(unknown::add);
            r.hypotheses().stream().filter(id -> !ctx.hypotheses.containsKey(PlanId.key(id))).forEach(unknown::add);
            r.scenarios().stream().filter(id -> !ctx.knownScenario(id)).forEach(unknown::add);
            if (!unknown.isEmpty()) {
                ctx.report(LintRule.P002, r.row().span(), "§5 coverage row references unknown " + String.join(", ", unknown));
            }
        }
        for (AdequacyRow r : plan.adequacy()) {
            List<String> unknown = r.claims().stream().filter(id -> !ctx.knownClaimOrMissing(id)).toList();
            if (!unknown.isEmpty()) {
                ctx.report(LintRule.P002, r.row().span(), "§7b adequacy row references unknown claim" + plural(unknown) + " " + String.join(", ", unknown));
            }
        }
        for (ResidualRow r : plan.residual()) {
            List<String> unknown = new ArrayList<>();
            for (String id : r.ids()) {
                char p = id.charAt(0);
                boolean known = switch (p) {
                    case 'C', 'M' -> ctx.knownClaimOrMissing(id);
                    case 'H' -> ctx.hypotheses.containsKey(PlanId.key(id));
                    case 'S' -> ctx.knownScenario(id);
                    default -> true;
                };
                if (!known) unknown.add(id);
            }
            if (!unknown.isEmpty()) {
                ctx.report(LintRule.P002, r.row().span(), "§7c row references unknown " + String.join(", ", unknown));
            }
        }

        for (CoverageGap g : ctx.coverage.gaps(CoverageGap.Kind.UNTETHERED_HYPOTHESIS)) {
            ctx.report(LintRule.P003, g.span(), g.message());
        }

        Set<String> residualIds = new HashSet<>();
        for (ResidualRow r : plan.residual()) for (String id : r.ids()) residualIds.add(PlanId.key(id));
        for (CoverageGap g : ctx.coverage.gaps(CoverageGap.Kind.CLAIM_WITHOUT_SCENARIO)) {
            if (residualIds.contains(PlanId.key(g.id()))) continue;
            ctx.report(LintRule.P011, g.span(), "claim " + g.id() + " is exercised by no scenario and is not listed in §7c");
        }

        Set<String> deferred = new HashSet<>();
        for (BulletItem b : plan.openQuestions()) for (String id : Ids.all(b.text(), "H")) deferred.add(PlanId.key(id));
        for (BulletItem b : plan.notCovered()) for (String id : Ids.all(b.text(), "H")) deferred.add(PlanId.key(id));
        for (CoverageGap g : ctx.coverage.gaps(CoverageGap.Kind.HYPOTHESIS_WITHOUT_SCENARIO)) {
            if (deferred.contains(PlanId.key(g.id()))) continue;
            ctx.report(LintRule.P013, g.span(), "hypothesis " + g.id() + " is closed by no scenario and not deferred in §9");
        }
    }

    private static void duplicates(LintContext ctx) {
        Map<String, String> seen = new HashMap<>();
        for (Claim c : ctx.plan.claims()) {
            String prev = seen.putIfAbsent(PlanId.key(c.id()), c.id());
            if (prev != null) ctx.report(LintRule.P002, c.span(), "claim id " + c.id() + " is duplicated");
        }
        seen.clear();
        for (MissingClaim m : ctx.plan.missingClaims()) {
            String prev = seen.putIfAbsent(PlanId.key(m.id()), m.id());
            if (prev != null) ctx.report(LintRule.P002, m.span(), "missing-claim id " + m.id() + " is duplicated");
        }
        seen.clear();
        for (Hypothesis h : ctx.plan.hypotheses()) {
            String prev = seen.putIfAbsent(PlanId.key(h.id()), h.id());
            if (prev != null) ctx.report(LintRule.P002, h.headingSpan(), "hypothesis id " + h.id() + " is duplicated");
        }
        seen.clear();
        for (Scenario s : ctx.plan.scenarios()) {
            String prev = seen.putIfAbsent(PlanId.key(s.id()), s.id());
            if (prev != null) ctx.report(LintRule.P002, s.headingSpan(), "scenario id " + s.id() + " is duplicated");
        }
    }

    private static String plural(List<?> l) {
        return l.size() == 1 ? "" : "s";
    }
}
