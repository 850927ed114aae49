package dev.falsify.app.ui.editor;

import dev.falsify.app.ui.matrix.MatrixBuilder;
import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Ids;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * text → {@link Analysis}: parse, lint, matrix and highlighting in one pass on the worker thread.
 * Not thread-safe (the highlighter caches style lists); each editor owns one, used by its worker.
 */
public final class PlanAnalyzer implements Function<String, Analysis> {
    private final MarkdownHighlighter highlighter = new MarkdownHighlighter();
    private final boolean lint;

    /** An analyzer for a plan: parse, lint, matrix and highlighting. */
    public PlanAnalyzer() {
        this(true);
    }

    /**
     * @param lint false for Markdown that is not a plan (a session's report or log opened for
     *             reading): highlighted and parsed for its ids, never reported against plan rules
     */
    public PlanAnalyzer(boolean lint) {
        this.lint = lint;
    }

    @Override
    public Analysis apply(String text) {
        Plan plan = PlanParser.parse(text);
        CoverageMatrix coverage = CoverageBuilder.build(plan);
        List<Problem> problems = lint ? LintProblems.of(plan, coverage) : List.of();
        List<MarkdownHighlighter.Squiggle> squiggles = new ArrayList<>(problems.size());
        for (Problem p : problems) {
            squiggles.add(new MarkdownHighlighter.Squiggle(p.start(), p.end(), p.severity()));
        }
        return new Analysis(text, highlighter.compute(text, squiggles), problems, definitions(plan),
                new AnalysedPlan(plan, MatrixBuilder.build(plan, coverage)));
    }

    /** Where each id is defined (keyed by {@link Ids#key}, so S1 finds S01): claim rows, missing-claim rows, hypothesis headings, scenario headings. */
    static Map<String, Integer> definitions(Plan plan) {
        Map<String, Integer> out = new HashMap<>();
        for (Claim c : plan.claims()) {
            out.putIfAbsent(PlanId.key(c.id()), c.span().startOffset());
        }
        for (MissingClaim m : plan.missingClaims()) {
            out.putIfAbsent(PlanId.key(m.id()), m.span().startOffset());
        }
        for (Hypothesis h : plan.hypotheses()) {
            out.putIfAbsent(PlanId.key(h.id()), h.headingSpan().startOffset());
        }
        for (Scenario s : plan.scenarios()) {
            out.putIfAbsent(PlanId.key(s.id()), s.headingSpan().startOffset());
        }
        return out;
    }
}
