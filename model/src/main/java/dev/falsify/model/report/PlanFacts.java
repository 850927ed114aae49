package dev.falsify.model.report;

import dev.falsify.model.vocabulary.PlanId;
import java.util.List;

/**
 * What the report needs from a plan: the projection reduced to ids, names and the texts of §7b, §7c,
 * §7d and §9. Built from the plan parser's projection by {@link PlanFactsAdapter}; {@link #NONE} when
 * the plan could not be found or read (the report then says so instead of refusing).
 *
 * @param path        where the plan was read from, or empty
 * @param slug        plan slug
 * @param claims      §1b claims
 * @param hypotheses  §4 hypotheses
 * @param scenarios   §7 scenarios
 * @param adequacy    §7b rows
 * @param residual    §7c rows, one line each
 * @param confidence  §7d text
 * @param followups   §9 bullets
 * @param problem     why the plan is absent, or empty
 */
public record PlanFacts(String path, String slug, List<ClaimFacts> claims, List<HypothesisFacts> hypotheses,
                        List<ScenarioFacts> scenarios, List<Adequacy> adequacy, List<String> residual, String confidence,
                        List<String> followups, String problem) {

    public static final PlanFacts NONE = new PlanFacts("", "", List.of(), List.of(), List.of(), List.of(), List.of(), "",
            List.of(), "no plan");

    public PlanFacts {
        claims = List.copyOf(claims);
        hypotheses = List.copyOf(hypotheses);
        scenarios = List.copyOf(scenarios);
        adequacy = List.copyOf(adequacy);
        residual = List.copyOf(residual);
        followups = List.copyOf(followups);
        confidence = confidence == null ? "" : confidence.strip();
        problem = problem == null ? "" : problem;
    }

    public static PlanFacts missing(String problem) {
        return new PlanFacts("", "", List.of(), List.of(), List.of(), List.of(), List.of(), "", List.of(), problem);
    }

    public boolean present() {
        return problem.isEmpty();
    }

    public record ClaimFacts(String id, String text, List<String> categories) {
    }

    public record HypothesisFacts(String id, String title, List<String> falsifies) {
    }

    /**
     * @param releaseBudget the scenario's release budget text as written (may be empty)
     * @param arms          declared arms ({@code api}, {@code export}); empty when the scenario has none
     * @param checkers      the §7.M checker (or oracle) names
     * @param listsFault    the plan gives the scenario a fault (run-block faults, a Faults field or a §7.M
     *                      nemesis other than "none"); false for a surface decomposition with no nemesis
     */
    public record ScenarioFacts(String id, String name, List<String> falsifies, List<String> closes, String releaseBudget,
                           List<String> arms, List<String> checkers, boolean listsFault) {
    }

    /** What the session's verdicts need from the plan: which scenarios have no fault, and the arms each declares. */
    public dev.falsify.model.session.SessionFolder.PlanDeclarations sessionContext() {
        java.util.Set<String> faultFree = new java.util.HashSet<>();
        java.util.Map<String, List<String>> arms = new java.util.LinkedHashMap<>();
        for (ScenarioFacts s : scenarios) {
            if (!s.listsFault()) faultFree.add(PlanId.key(s.id()));
            if (!s.arms().isEmpty()) arms.put(s.id(), s.arms());
        }
        return new dev.falsify.model.session.SessionFolder.PlanDeclarations(faultFree, arms);
    }

    public record Adequacy(String claim, String argument) {
    }

    public java.util.Optional<ScenarioFacts> scenario(String id) {
        return scenarios.stream().filter(s -> PlanId.same(s.id(), id)).findFirst();
    }
}
