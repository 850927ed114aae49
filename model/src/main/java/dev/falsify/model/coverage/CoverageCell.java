package dev.falsify.model.coverage;

import java.util.List;

/**
 * One claim × hypothesis cell of the live matrix.
 *
 * @param linked      the hypothesis names the claim in its Could-falsify list
 * @param verdict     the §5 verdict for this pair ({@code covered}, {@code partial},
 *                    {@code not covered}, or as written), or null when §5 has no row for it
 * @param gapKind     the §5 gap kind, or ""
 * @param scenarios   scenarios that close the hypothesis and falsify the claim
 * @param recommended scenarios §5 recommends for the pair
 */
public record CoverageCell(String claim, String hypothesis, boolean linked, String verdict, String gapKind,
                           List<String> scenarios, List<String> recommended) {

    public CoverageCell {
        scenarios = List.copyOf(scenarios);
        recommended = List.copyOf(recommended);
    }

    static CoverageCell empty(String claim, String hypothesis) {
        return new CoverageCell(claim, hypothesis, false, null, "", List.of(), List.of());
    }

    /** Linked, or mentioned by §5, or exercised by a scenario: worth drawing. */
    public boolean isInteresting() {
        return linked || verdict != null || !scenarios.isEmpty();
    }

    /** Linked and closed by at least one scenario that falsifies the claim. */
    public boolean isExercised() {
        return !scenarios.isEmpty();
    }
}
