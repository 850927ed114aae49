package dev.falsify.model.lint;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.Unrecognized;
import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.edit.PlanPatcher;
import dev.falsify.model.text.Span;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** What every rule needs: the plan, id indexes, the coverage matrix, and a place to report. */
final class LintContext {
    final Plan plan;
    final CoverageMatrix coverage;
    final PlanPatcher editor;
    final Map<String, Claim> claims;
    final Map<String, MissingClaim> missing;
    final Map<String, Hypothesis> hypotheses;
    final Map<String, Scenario> scenarios;
    /** The plan was (partly) read from non-standard forms: structural findings are informational. */
    final boolean divergent;
    final List<Diagnostic> out = new ArrayList<>();

    /**
     * A context sharing {@code shared}'s plan, indexes and coverage (all only read once built) with
     * its own {@link #out}, so that rule groups can run on two threads.
     */
    LintContext(LintContext shared) {
        this.plan = shared.plan;
        this.coverage = shared.coverage;
        this.editor = shared.editor;
        this.claims = shared.claims;
        this.missing = shared.missing;
        this.hypotheses = shared.hypotheses;
        this.scenarios = shared.scenarios;
        this.divergent = shared.divergent;
    }

    LintContext(Plan plan, CoverageMatrix coverage) {
        this.plan = plan;
        this.coverage = coverage != null ? coverage : CoverageBuilder.build(plan);
        this.editor = new PlanPatcher(plan);
        this.claims = new HashMap<>();
        this.missing = new HashMap<>();
        this.hypotheses = new HashMap<>();
        this.scenarios = new HashMap<>();
        for (Claim c : plan.claims()) claims.putIfAbsent(PlanId.key(c.id()), c);
        for (MissingClaim m : plan.missingClaims()) missing.putIfAbsent(PlanId.key(m.id()), m);
        for (Hypothesis h : plan.hypotheses()) hypotheses.putIfAbsent(PlanId.key(h.id()), h);
        for (Scenario s : plan.scenarios()) {
            scenarios.putIfAbsent(PlanId.key(s.id()), s);
            scenarios.putIfAbsent(PlanId.key(s.baseId()), s);
        }
        this.divergent = plan.unrecognized().stream().anyMatch(u -> u.kind() == Unrecognized.Kind.DIVERGENT_FORM);
    }

    boolean knownClaimOrMissing(String id) {
        String k = PlanId.key(id);
        return claims.containsKey(k) || missing.containsKey(k);
    }

    /** The claims a scenario falsifies that the plan defines (missing claims are not claims). */
    List<Claim> claimsOf(Scenario s) {
        List<Claim> out = new ArrayList<>(s.falsifies().size());
        for (String id : s.falsifies()) {
            Claim c = claims.get(PlanId.key(id));
            if (c != null) out.add(c);
        }
        return out;
    }

    boolean isSerious(Scenario s) {
        for (Claim c : claimsOf(s)) if (c.isGated()) return true;
        return false;
    }

    boolean needsSurfaceDecomposition(Scenario s) {
        for (Claim c : claimsOf(s)) if (c.needsSurfaceDecomposition()) return true;
        return false;
    }

    boolean knownScenario(String id) {
        return scenarios.containsKey(PlanId.key(id));
    }

    void report(LintRule rule, Span span, String message) {
        out.add(new Diagnostic(rule.name(), rule.severity(), span, message, null));
    }

    void report(LintRule rule, Severity severity, Span span, String message) {
        out.add(new Diagnostic(rule.name(), severity, span, message, null));
    }

    /** Reports with a quick fix; a fix that cannot be computed is simply left out. */
    void report(LintRule rule, Span span, String message, Supplier<PlanPatch> fix) {
        PlanPatch patch;
        try {
            patch = fix.get();
        } catch (RuntimeException e) {
            patch = null;
        }
        out.add(new Diagnostic(rule.name(), rule.severity(), span, message, patch));
    }

    /** Where a finding about the whole document goes: the title, else the first line. */
    Span documentStart() {
        if (!plan.header().titleSpan().isNone()) return plan.header().titleSpan();
        return plan.lines().span(0, plan.lines().lineEnd(0));
    }
}
