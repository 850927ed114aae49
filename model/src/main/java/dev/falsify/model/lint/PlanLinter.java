package dev.falsify.model.lint;

import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Plan;
import java.util.Comparator;
import java.util.List;

/** Runs the P001–P019 rules over a plan projection. Pure and fast: it never touches the file system. */
public final class PlanLinter {
    private PlanLinter() {
    }

    private static final List<RuleGroup> GROUPS = List.of(
            new StructureRules(), new ReferenceRules(), new SevenMRules(), new ScenarioRules(), new EnvironmentRules());

    /** One family of rules. */
    interface RuleGroup {
        void check(LintContext ctx);
    }

    public static List<Diagnostic> lint(Plan plan) {
        return lint(plan, null);
    }

    /** Lints reusing an already built coverage matrix (the editor computes both on every change). */
    public static List<Diagnostic> lint(Plan plan, CoverageMatrix coverage) {
        LintContext ctx = new LintContext(plan, coverage);
        for (RuleGroup g : GROUPS) g.check(ctx);
        ctx.out.sort(Comparator.comparingInt((Diagnostic d) -> d.span().startOffset())
                .thenComparing(Diagnostic::rule).thenComparing(Diagnostic::message));
        return List.copyOf(ctx.out);
    }

    public static boolean hasErrors(List<Diagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }
}
