package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Claims (§1b) and missing claims (§1c) from tables, columns found by name. */
final class ClaimReader {
    private ClaimReader() {
    }

    // patterns compiled once: String.replaceFirst / matches / split compile theirs on every call
    private static final Pattern OPENS_WITH_DASH = Pattern.compile("^[—–:(\\[-].*");
    private static final Pattern LEADING_DASH = Pattern.compile("^[—–:-]\\s*");
    private static final Pattern NOT_INFERRED = Pattern.compile(".*inferred\\??\\s*(no|false)\\b.*");

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
            String source = row.text("source", "sources", "evidence", "where", "origin");
            Boolean inferred = inferred(row);
            List<String> falsifiedBy = Ids.all(row.text("falsified by"), "S");
            out.add(new Claim(id, text, categories, categoryText, source, inferred, falsifiedBy, row.struck(), row, row.span()));
        }
        return out;
    }

    private static String textCell(TableRow row, int idCol) {
        int idx = Table.columnIndex(row.headers(), "claim", "statement", "claim text", "description", "behavior", "behaviour", "text",
                "property", "invariant", "guarantee");
        if (idx == idCol && idx >= 0) {
            // "| **C1** — reads are linearizable |": the id and the claim share a cell
            String rest = ID_LEAD.matcher(row.cells().get(idx).text().replace("~~", "")).replaceFirst("").strip();
            if (!rest.isEmpty()) return rest;
        }
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
        if (Table.columnIndex(row.headers(), "inferred", "confidence", "conf") < 0) {
            // a "Documented?" column: yes means documented, no means inferred from the code
            if (v.startsWith("yes") || v.equals("y") || v.equals("true") || v.startsWith("✓") || v.startsWith("✅")) return false;
            if (v.startsWith("no") || v.equals("n") || v.equals("false") || v.startsWith("✗") || v.startsWith("❌")) return true;
        }
        if (v.startsWith("✗") || v.startsWith("❌")) return false;
        if (v.startsWith("code")) return true;
        if (v.contains("code-inferred") || v.contains("inferred") || v.startsWith("yes") || v.equals("y") || v.equals("true")
                || v.startsWith("✓") || v.equals("x")) return true;
        if (v.contains("documented") || v.startsWith("no") || v.equals("n") || v.equals("false") || v.startsWith("doc")) return false;
        return null;
    }

    private static final Pattern ID_LEAD = Pattern.compile("^[\\s*_`]*+C\\d{1,5}+[\\s*_`]*+[—–:.)-]*+\\s*+");
    /** {@code - **C1** (safety · documented) — text}, {@code 1. C2: text}, {@code **C3.** text}. */
    private static final Pattern ITEM = Pattern.compile(
            "^\\s{0,3}+(?:[-*+]\\s++|\\d{1,3}+[.)]\\s++)?(\\*\\*|__)?\\s*+(C\\d{1,5}+)(?![\\w/])\\s*+[.:]?\\s*+(?:\\*\\*|__)?\\s*+(.*)$");
    private static final Pattern LIST_START = Pattern.compile("^\\s*(?:[-*+]|\\d{1,3}[.)])\\s+");
    private static final Pattern QUALIFIER = Pattern.compile("^[\\[(]([^\\])]*)[\\])]\\s*");
    private static final Pattern TRAILING_QUALIFIER = Pattern.compile("(?<!\\s)\\s*+[\\[(]([^\\[\\]()]*+)[\\])]\\s*+\\.?\\s*+$");
    private static final Pattern SUB_FIELD = Pattern.compile(
            "(?i)^\\s*(?:[-*+]\\s+)?[*_]{0,2}(categor(?:y|ies)|kind|type|source|evidence|inferred\\??|confidence|documented\\??)[*_]{0,2}"
                    + "(?:\\s*:|(?<=\\?)(?=\\s))[*_]{0,2}\\s*(.*)$");
    private static final Pattern SOURCE = Pattern.compile("(?i)(?:^|\\s|\\()source\\s*+:\\s*+(.*)$");

    /**
     * Claims written as a list instead of a table (§1b only): one item per claim, led by its id,
     * categories and documented / code-inferred in a leading parenthetical or bracket, an optional
     * {@code Source:} at the end. Continuation lines belong to the item.
     */
    static List<Claim> fromList(MarkdownOutline o, int from, int to, List<Unrecognized> unrecognized) {
        List<Claim> out = new ArrayList<>();
        SourceLines lines = o.lines;
        int i = from;
        while (i < to) {
            if (!o.isText(i)) {
                i++;
                continue;
            }
            String t = FieldReader.text(lines, i);
            Matcher m = ITEM.matcher(t);
            if (!m.matches() || (m.group(1) == null && !LIST_START.matcher(t).find() && !OPENS_WITH_DASH.matcher(m.group(3)).matches())) {
                i++;
                continue;
            }
            StringBuilder body = new StringBuilder(m.group(3).strip());
            // sub-bullets and labelled continuation lines: "  - Category: safety", "  Source: README"
            String category = null;
            String source = null;
            String inferredText = null;
            int itemIndent = FieldReader.indentOf(t);
            int last = i;
            int j = i + 1;
            while (j < to && o.isText(j)) {
                String n = FieldReader.text(lines, j);
                if (n.isBlank()) break;
                boolean nested = FieldReader.indentOf(n) > itemIndent;
                if (!nested && (LIST_START.matcher(n).find() || ITEM.matcher(n).matches())) break;
                Matcher sub = SUB_FIELD.matcher(n);
                if (sub.matches()) {
                    String label = sub.group(1).toLowerCase(Locale.ROOT);
                    String value = sub.group(2).replace("**", "").strip();
                    if (label.startsWith("categor") || label.equals("kind") || label.equals("type")) category = value;
                    else if (label.startsWith("source") || label.equals("evidence")) source = value;
                    else inferredText = label + " " + value;
                } else {
                    body.append(' ').append(n.strip());
                }
                last = j;
                j++;
            }
            String id = m.group(2);
            String rest = body.toString().replace("**", "").replace("__", "").strip();
            rest = LEADING_DASH.matcher(rest).replaceFirst("");
            String qualifier = "";
            Matcher q = QUALIFIER.matcher(rest);
            if (q.find()) {
                qualifier = q.group(1);
                rest = rest.substring(q.end());
            } else {
                // "- C1: text (safety, documented)": the qualifier may close the item instead
                Matcher tq = TRAILING_QUALIFIER.matcher(rest);
                if (tq.find() && !ClaimCategory.parseCell(tq.group(1)).isEmpty()) {
                    qualifier = tq.group(1);
                    rest = rest.substring(0, tq.start());
                }
            }
            rest = LEADING_DASH.matcher(rest).replaceFirst("").strip();
            Matcher src = SOURCE.matcher(rest);
            if (src.find()) {
                // the value up to one closing parenthesis at the end: "(source: README)"
                String value = src.group(1).stripTrailing();
                if (source == null) source = (value.endsWith(")") ? value.substring(0, value.length() - 1) : value).strip();
                rest = rest.substring(0, src.start()).strip();
            }
            String categoryText = category != null ? category : qualifier;
            List<ClaimCategory> categories = ClaimCategory.parseCell(categoryText);
            String lower = (qualifier + " " + (inferredText == null ? "" : inferredText)).toLowerCase(Locale.ROOT);
            Boolean inferred = lower.contains("inferred") && !NOT_INFERRED.matcher(lower).matches() || lower.contains("code")
                    ? Boolean.TRUE
                    : lower.contains("documented") || lower.contains("docs") || NOT_INFERRED.matcher(lower).matches()
                    ? Boolean.FALSE : null;
            Span span = lines.span(lines.lineStart(i), FieldReader.trimmedEnd(lines, last));
            if (!categoryText.isBlank() && (categories.isEmpty() || categories.contains(ClaimCategory.OBSERVABILITY))) {
                unrecognized.add(new Unrecognized(Unrecognized.Kind.CATEGORY, id,
                        "claim " + id + " has category '" + categoryText + "', which is not one of the gated/known categories", span));
            }
            out.add(new Claim(id, rest, categories, categoryText, source == null ? "" : source, inferred, List.of(), false, null, span));
            i = j;
        }
        return out;
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
