package dev.falsify.model.plan;

import dev.falsify.model.vocabulary.PlanId;
import java.util.List;
import java.util.Optional;

/**
 * The immutable projection of one plan file. Every element carries its source span; the text is
 * the source of truth and is kept here so edits can be computed against it.
 *
 * @param sections                    every level-2 section (and numbered level-3 ones) in order,
 *                                    known or not
 * @param claimsTable                 the §1b table the claims came from, or null
 * @param missingClaimsExplicitlyEmpty §1c has no rows but says so in prose
 * @param inventory                   the §3 existing-test inventory table, or null
 * @param residualExplicitlyEmpty     §7c has no rows but says so in prose
 * @param tables                      every table of the plan (for tools that want the rest)
 * @param unrecognized                what was kept as free text (P019)
 * @param filesTouched                §1's "Files touched" list (change-scoped plans), or empty
 */
public record Plan(String text, SourceLines lines, PlanHeader header, List<Section> sections,
                   List<Claim> claims, Table claimsTable, List<MissingClaim> missingClaims,
                   boolean missingClaimsExplicitlyEmpty, Table inventory, List<Hypothesis> hypotheses,
                   List<CoverageRow> coverage, List<RequirementRow> requirements, List<Scenario> scenarios,
                   List<AdequacyRow> adequacy, List<ResidualRow> residual, boolean residualExplicitlyEmpty,
                   Confidence confidence, List<BulletItem> notCovered, List<BulletItem> openQuestions,
                   List<Table> tables, List<Unrecognized> unrecognized, List<FileTouched> filesTouched) {

    public Plan {
        sections = List.copyOf(sections);
        claims = List.copyOf(claims);
        missingClaims = List.copyOf(missingClaims);
        hypotheses = List.copyOf(hypotheses);
        coverage = List.copyOf(coverage);
        requirements = List.copyOf(requirements);
        scenarios = List.copyOf(scenarios);
        adequacy = List.copyOf(adequacy);
        residual = List.copyOf(residual);
        notCovered = List.copyOf(notCovered);
        openQuestions = List.copyOf(openQuestions);
        tables = List.copyOf(tables);
        unrecognized = List.copyOf(unrecognized);
        filesTouched = List.copyOf(filesTouched);
    }

    /** The first section with this id ({@code "1b"}, {@code "7c"}, …). */
    public Optional<Section> section(String id) {
        for (Section s : sections) if (id.equals(s.id())) return Optional.of(s);
        return Optional.empty();
    }

    public Optional<Claim> claim(String id) {
        for (Claim c : claims) if (PlanId.same(c.id(), id)) return Optional.of(c);
        return Optional.empty();
    }

    public Optional<Hypothesis> hypothesis(String id) {
        for (Hypothesis h : hypotheses) if (PlanId.same(h.id(), id)) return Optional.of(h);
        return Optional.empty();
    }

    /** A scenario by id ({@code S1} also finds {@code S01}; {@code S5/api} finds the arm). */
    public Optional<Scenario> scenario(String id) {
        for (Scenario s : scenarios) if (PlanId.same(s.id(), id)) return Optional.of(s);
        return Optional.empty();
    }

    /** The claims (and missing claims are skipped) a scenario falsifies that this plan defines. */
    public List<Claim> claimsOf(Scenario s) {
        java.util.ArrayList<Claim> out = new java.util.ArrayList<>();
        for (String id : s.falsifies()) claim(id).ifPresent(out::add);
        return out;
    }

    /** A scenario is serious when it falsifies a claim in a gated category; it then needs a complete §7.M. */
    public boolean isSerious(Scenario s) {
        for (Claim c : claimsOf(s)) if (c.isGated()) return true;
        return false;
    }

    /** A scenario needs a §7.M.S when it falsifies a boundary or fairness claim. */
    public boolean needsSurfaceDecomposition(Scenario s) {
        for (Claim c : claimsOf(s)) if (c.needsSurfaceDecomposition()) return true;
        return false;
    }

    /** Scenarios that have a run block. */
    public List<Scenario> runnableScenarios() {
        return scenarios.stream().filter(s -> !s.runBlocks().isEmpty()).toList();
    }
}
