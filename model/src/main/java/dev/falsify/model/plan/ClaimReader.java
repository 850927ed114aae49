package dev.falsify.model.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Claims (§1b) and missing claims (§1c) from tables, columns found by name. */
final class ClaimReader {
    private ClaimReader() {
    }

    static List<Claim> claims(Table t, List<Unrecognized> unrecognized) {
        List<Claim> out = new ArrayList<>();
        int idCol = HypothesisReader.idColumn(t, 'C');
        if (idCol < 0) return out;
        for (TableRow row : t.rows()) {
            if (row.cells().size() <= idCol) continue;
            List<String> ids = Ids.all(row.cells().get(idCol).text(), "C");
            if (ids.isEmpty()) continue;
            String id = ids.get(0);
            String text = textCell(row, idCol);
            String categoryText = row.text("category", "categories", "kind", "type");
            List<ClaimCategory> categories = ClaimCategory.parseCell(categoryText);
            if (!categoryText.isBlank() && (categories.isEmpty() || categories.contains(ClaimCategory.OBSERVABILITY))) {
                unrecognized.add(new Unrecognized(Unrecognized.Kind.CATEGORY, id,
                        "claim " + id + " has category '" + categoryText + "', which is not one of the gated/known categories",
                        row.cell("category", "categories", "kind", "type").map(Cell::span).orElse(row.span())));
            }
            String source = row.text("source", "sources", "evidence", "where");
            Boolean inferred = inferred(row);
            List<String> falsifiedBy = Ids.all(row.text("falsified by"), "S");
            out.add(new Claim(id, text, categories, categoryText, source, inferred, falsifiedBy, row.struck(), row, row.span()));
        }
        return out;
    }

    private static String textCell(TableRow row, int idCol) {
        int idx = Table.columnIndex(row.headers(), "claim", "statement", "claim text", "description", "behavior", "behaviour", "text");
        if (idx == idCol || idx < 0) {
            // the widest other cell is the claim text
            int best = -1;
            for (int i = 0; i < row.cells().size(); i++) {
                if (i == idCol) continue;
                if (best < 0 || row.cells().get(i).text().length() > row.cells().get(best).text().length()) best = i;
            }
            idx = best;
        }
        return idx >= 0 && idx < row.cells().size() ? row.cells().get(idx).text().replace("~~", "").strip() : "";
    }

    private static Boolean inferred(TableRow row) {
        String v = row.text("inferred", "confidence", "conf", "documented").toLowerCase(Locale.ROOT).replace("*", "").strip();
        if (v.isEmpty()) return null;
        if (v.contains("code-inferred") || v.contains("inferred") || v.startsWith("yes") || v.equals("y") || v.equals("true")
                || v.startsWith("✓") || v.equals("x")) return true;
        if (v.contains("documented") || v.startsWith("no") || v.equals("n") || v.equals("false") || v.startsWith("doc")) return false;
        return null;
    }

    static List<MissingClaim> missingClaims(Table t) {
        List<MissingClaim> out = new ArrayList<>();
        int idCol = HypothesisReader.idColumn(t, 'M');
        if (idCol < 0) return out;
        for (TableRow row : t.rows()) {
            if (row.cells().size() <= idCol) continue;
            List<String> ids = Ids.all(row.cells().get(idCol).text(), "M");
            if (ids.isEmpty()) continue;
            out.add(new MissingClaim(ids.get(0), row.text("behavior the code relies on", "behavior", "behaviour", "missing claim", "claim"),
                    row.text("source evidence", "source", "evidence"), row.text("suggested action", "action"), row, row.span()));
        }
        return out;
    }
}
