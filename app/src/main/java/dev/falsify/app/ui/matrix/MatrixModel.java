package dev.falsify.app.ui.matrix;

import java.util.List;

/**
 * What the claim × hypothesis matrix draws, as of one text version: claims as rows, hypotheses as
 * columns, and a cell per (claim, hypothesis) pair that is linked or has a coverage verdict.
 *
 * @param cells {@code cells[row][column]}, null where the pair is neither linked nor mentioned in
 *              the coverage table
 */
public record MatrixModel(List<Row> claims, List<Column> hypotheses, CellInfo[][] cells) {
    public static final MatrixModel EMPTY = new MatrixModel(List.of(), List.of(), new CellInfo[0][0]);

    /**
     * A claim row. {@code exercised} is false when no scenario falsifies the claim (P011 material);
     * {@code offset} is where the claim is defined in the text; {@code missing} for a §1c missing claim
     * (a behaviour the code relies on that §1b does not claim), which is a row but not a claim.
     */
    public record Row(String id, String text, List<String> categories, boolean exercised, int offset, boolean missing) {
    }

    /** A hypothesis column; {@code untethered} when it names no claim, {@code closed} when a scenario closes it. */
    public record Column(String id, String title, boolean untethered, boolean closed, int offset) {
    }

    /**
     * One cell. {@code linked}: the hypothesis names the claim in "Could falsify". {@code verdict}:
     * covered / partial / not covered (from §5, or derived from the scenarios when §5 is silent).
     * {@code scenarios}: the scenarios that close the hypothesis and falsify the claim.
     */
    public record CellInfo(boolean linked, Coverage verdict, List<String> scenarios, String explanation) {
    }

    public enum Coverage {
        COVERED("covered"), PARTIAL("partial"), NOT_COVERED("not covered");

        private final String label;

        Coverage(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Coverage parse(String s) {
            if (s == null) {
                return null;
            }
            String v = s.trim().toLowerCase();
            if (v.startsWith("not") || v.startsWith("uncovered") || v.equals("none")) {
                return NOT_COVERED;
            }
            if (v.startsWith("partial")) {
                return PARTIAL;
            }
            if (v.startsWith("covered") || v.startsWith("full")) {
                return COVERED;
            }
            return null;
        }
    }

    public CellInfo cell(int row, int column) {
        if (row < 0 || row >= cells.length || column < 0 || column >= cells[row].length) {
            return null;
        }
        return cells[row][column];
    }

    public long untetheredCount() {
        return hypotheses.stream().filter(Column::untethered).count();
    }

    public long unexercisedCount() {
        return claims.stream().filter(r -> !r.exercised()).count();
    }

    /** Rows that are claims of §1b (the count the Claims tab shows), without §1c missing claims. */
    public long claimCount() {
        return claims.stream().filter(r -> !r.missing()).count();
    }

    public long missingClaimCount() {
        return claims.size() - claimCount();
    }
}
