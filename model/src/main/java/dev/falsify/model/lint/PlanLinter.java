package dev.falsify.model.lint;

import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.SharedWork;
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
        return lint(plan, coverage, plan.scenarios().size() >= PARALLEL_MIN_SCENARIOS);
    }

    /** @param twoThreads split the rule groups over two threads (same result; tests compare both ways) */
    static List<Diagnostic> lint(Plan plan, CoverageMatrix coverage, boolean twoThreads) {
        LintContext ctx = new LintContext(plan, coverage);
        if (twoThreads) {
            checkOnTwoThreads(ctx);
        } else {
            for (RuleGroup g : GROUPS) g.check(ctx);
        }
        ctx.out.sort(Comparator.comparingInt((Diagnostic d) -> d.span().startOffset())
                .thenComparing(Diagnostic::rule).thenComparing(Diagnostic::message));
        return List.copyOf(ctx.out);
    }

    /**
     * From this many scenarios on, the rule groups are split over two threads: the per-scenario
     * rules of a 10 MB plan (1,900 scenarios) take a few hundred milliseconds of C1 code, while a
     * plan of a few dozen lints in a few milliseconds, less than a thread start is worth.
     */
    static final int PARALLEL_MIN_SCENARIOS = 200;

    /**
     * Runs the groups as {@link #lint} does, {@link SevenMRules} and {@link EnvironmentRules} (about
     * half of the per-scenario work, in either 10 MB plan) on a second thread; each group reports
     * into its own list and the lists are joined in group order, so the result (sorted stably) is the
     * one of one thread. The groups only read the plan and the context's indexes.
     */
    private static void checkOnTwoThreads(LintContext ctx) {
        LintContext[] own = new LintContext[GROUPS.size()];
        SharedWork<Void> second = SharedWork.start("falsify-lint", 1, true, item -> {
            for (int i = 0; i < GROUPS.size(); i++) {
                if (!onSecondThread(GROUPS.get(i))) continue;
                own[i] = new LintContext(ctx);   // afresh: done again here if the helper failed part-way
                GROUPS.get(i).check(own[i]);
            }
            return null;
        });
        for (int i = 0; i < GROUPS.size(); i++) {
            if (onSecondThread(GROUPS.get(i))) continue;
            own[i] = new LintContext(ctx);
            GROUPS.get(i).check(own[i]);
        }
        second.get(0);   // the failure as it would have surfaced on one thread
        for (LintContext c : own) ctx.out.addAll(c.out);
    }

    private static boolean onSecondThread(RuleGroup g) {
        return g instanceof SevenMRules || g instanceof EnvironmentRules;
    }

    public static boolean hasErrors(List<Diagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }
}
