package dev.falsify.model.report;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictRules;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A session folder's verdicts read against its plan (found from the session log's Plan line), as
 * report.md reads them: declared arms that never ran cap their scenario, a scenario whose plan lists
 * no fault is not blamed for missing landing evidence. The one place the workbench, the session
 * store and {@code falsify sessions} get verdicts from, so they cannot disagree with the report.
 *
 * @param planFile the plan, if found
 * @param plan     its facts ({@link PlanFacts#missing} when not found: verdicts are then plan-less)
 */
public record SessionVerdicts(Optional<Path> planFile, PlanFacts plan, List<SessionFolder.ArmVerdict> arms,
                              Map<String, Verdict> scenarios, SessionHeadline headline) {

    /** Reads the plan relative to the folder (and {@code cwd}, as {@link PlanLocator} does). */
    public static SessionVerdicts of(SessionFolder f, Path cwd) {
        String planLine = f.log().header().plan();
        Optional<Path> planFile = planLine.isBlank() ? Optional.empty() : PlanLocator.locate(f, cwd);
        PlanFacts plan = planFile.map(PlanFactsAdapter::read).orElseGet(() -> PlanFacts.missing(
                planLine.isBlank() ? "the session log names no plan" : "plan not found: " + PlanLocator.planPath(planLine)));
        return of(f, plan, planFile);
    }

    /**
     * The verdicts of {@code f} read against a plan the caller already holds ({@code falsify run} its
     * snapshot, {@code falsify report --plan}): the one computation, which report.md renders rather
     * than repeats.
     */
    public static SessionVerdicts of(SessionFolder f, PlanFacts plan, Optional<Path> planFile) {
        var context = plan.sessionContext();
        var arms = f.arms(context);
        var scenarios = SessionFolder.scenarioVerdicts(arms, context);
        return new SessionVerdicts(planFile, plan, arms, scenarios, VerdictRules.headline(scenarios.values()));
    }
}
