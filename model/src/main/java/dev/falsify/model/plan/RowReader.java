package dev.falsify.model.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Coverage (§5), requirements (§6b), adequacy (§7b) and residual (§7c) rows, columns by name. */
final class RowReader {
    private RowReader() {
    }

    // patterns compiled once: String.replaceFirst / matches / split compile theirs on every call
    private static final Pattern NOTHING_SAID = Pattern.compile("[-—–·.\\s]+");

    /** "Hypothesis", or the short headers agents use ({@code H}, {@code Hyp}). */
    private static final String[] HYPOTHESIS_COLUMNS = {"hypothesis", "hypotheses", "hypothesis id", "hyp", "h"};

    static List<CoverageRow> coverage(Table t) {
        List<CoverageRow> out = new ArrayList<>();
        if (!t.hasColumn("claim", "claims") || !t.hasColumn(HYPOTHESIS_COLUMNS)) return grid(t);
        for (TableRow row : t.rows()) {
            List<String> claims = Ids.all(row.text("claim", "claims"), "CM");
            List<String> hyps = Ids.all(row.text(HYPOTHESIS_COLUMNS), "H");
            if (claims.isEmpty() && hyps.isEmpty()) continue;
            out.add(new CoverageRow(claims, hyps, row.text("existing tests", "existing test", "tests"),
                    verdict(row.text("verdict", "coverage", "status")), row.text("gap kind", "gap"),
                    Ids.all(row.text("recommended scenario", "recommended scenarios", "scenario", "scenarios"), "S"), row));
        }
        return out;
    }

    /**
     * A literal claim × hypothesis grid ({@code | | H1 | H2 |} with C-id rows): every non-empty
     * cell is a row for that pair, its text the verdict and its S-ids the scenarios. Cells that
     * say nothing ({@code -}, {@code —}, blank) are pairs the plan does not relate.
     */
    private static List<CoverageRow> grid(Table t) {
        List<CoverageRow> out = new ArrayList<>();
        List<String> hyps = new ArrayList<>();
        int idColumns = 0;
        for (String raw : t.rawHeaders()) {
            List<String> ids = Ids.all(raw.replace("*", ""), "H");
            hyps.add(ids.size() == 1 ? ids.get(0) : null);
            if (ids.size() == 1) idColumns++;
        }
        if (idColumns < 1) return out;
        for (TableRow row : t.rows()) {
            if (row.cells().isEmpty()) continue;
            List<String> claims = Ids.all(row.cells().get(0).text(), "CM");
            if (claims.size() != 1) continue;
            for (int c = 1; c < row.cells().size() && c < hyps.size(); c++) {
                String h = hyps.get(c);
                String cell = row.cells().get(c).text().strip();
                if (h == null || cell.isEmpty() || NOTHING_SAID.matcher(cell).matches()) continue;
                out.add(new CoverageRow(claims, List.of(h), "", verdict(cell), "", Ids.all(cell, "S"), row));
            }
        }
        return out;
    }

    /** {@code covered}, {@code partial}, {@code not covered}, or the text as written. */
    static String verdict(String raw) {
        String v = raw.replace("*", "").replace("~", "").strip().toLowerCase(java.util.Locale.ROOT);
        if (v.startsWith("not covered") || v.startsWith("uncovered") || v.equals("none") || v.startsWith("no ")
                || v.equals("no") || v.startsWith("❌")) return "not covered";
        if (v.startsWith("partial") || v.startsWith("⚠")) return "partial";
        if (v.startsWith("covered") || v.startsWith("✅") || v.equals("yes") || v.startsWith("full")) return "covered";
        return raw.strip();
    }

    static List<RequirementRow> requirements(Table t) {
        List<RequirementRow> out = new ArrayList<>();
        if (!t.hasColumn("requirement", "requirements", "tool", "dependency")) return out;
        for (TableRow row : t.rows()) {
            if (row.struck()) continue;
            String req = row.text("requirement", "requirements", "tool", "dependency");
            if (req.isBlank()) continue;
            out.add(new RequirementRow(req, row.text("version floor", "version", "minimum version"),
                    Ids.all(row.text("used by scenarios", "used by", "scenarios"), "S"),
                    row.text("install hint", "install", "how to install"), row));
        }
        return out;
    }

    static List<AdequacyRow> adequacy(Table t) {
        List<AdequacyRow> out = new ArrayList<>();
        if (!t.hasColumn("claim", "claims")) return out;
        for (TableRow row : t.rows()) {
            String claimText = row.text("claim", "claims");
            List<String> claims = Ids.all(claimText, "CM");
            String argument = row.text("argument", "adequacy argument", "why adequate", "why sufficient", "why", "rationale",
                    "justification");
            if (argument.isEmpty()) {
                int claimCol = Table.columnIndex(row.headers(), "claim", "claims");
                for (int i = row.cells().size() - 1; i >= 0; i--) {
                    if (i != claimCol && !row.cells().get(i).text().isBlank()) {
                        argument = row.cells().get(i).text();
                        break;
                    }
                }
            }
            if (claims.isEmpty() && argument.isBlank()) continue;
            out.add(new AdequacyRow(claims, claimText, argument, row));
        }
        return out;
    }

    static List<ResidualRow> residual(Table t) {
        List<ResidualRow> out = new ArrayList<>();
        for (TableRow row : t.rows()) {
            String joined = row.joinedText();
            if (joined.replace("|", "").isBlank()) continue;
            String description = row.text("uncertainty", "residual uncertainty", "risk", "description", "what", "gap");
            if (description.isEmpty() && !row.cells().isEmpty()) description = row.cells().get(0).text();
            out.add(new ResidualRow(Ids.all(joined, "CHMS"), description, row));
        }
        return out;
    }
}
