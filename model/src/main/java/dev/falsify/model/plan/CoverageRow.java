package dev.falsify.model.plan;

import java.util.List;

/**
 * A §5 coverage-matrix row.
 *
 * @param claims     claim ids of the Claim cell (usually one)
 * @param hypotheses hypothesis ids of the Hypothesis cell
 * @param verdict    {@code covered}, {@code partial}, {@code not covered}, or the text as written
 * @param scenarios  scenario ids of the Recommended scenario cell
 */
public record CoverageRow(List<String> claims, List<String> hypotheses, String existingTests, String verdict,
                          String gapKind, List<String> scenarios, TableRow row) {

    public CoverageRow {
        claims = List.copyOf(claims);
        hypotheses = List.copyOf(hypotheses);
        scenarios = List.copyOf(scenarios);
    }
}
