package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads §4 hypotheses: {@code H1. **Title** — …} paragraphs, {@code - **H1** …} bullets,
 * {@code H1 — …} lines, {@code ### H1: Title} headings, grouping level-3 headings, and (divergent
 * plans) table rows with an H-id column and {@code (->C1,C8)} references.
 */
final class HypothesisReader {
    private HypothesisReader() {
    }

    // patterns compiled once: String.replaceFirst / matches / split compile theirs on every call
    private static final Pattern LEAD_TO_ID = Pattern.compile("^\\s*+(\\*\\*|__)?\\s*+(?:\\d{1,2}(?:\\.\\d{1,3})+\\.?\\s+)?(\\*\\*|__)?H\\d+");
    private static final Pattern LEADING_DASH = Pattern.compile("^\\s*(?:—|–|--|-|:|\\.)?\\s*");
    private static final Pattern LEADING_PUNCT = Pattern.compile("^[\\s.:)\\]—–*_-]+");
    private static final Pattern TRAILING_STOP = Pattern.compile("[.:]$");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private static final Pattern START = Pattern.compile(
            "^\\s{0,3}+(?:[-*+]\\s++|\\d{1,3}+[.)]\\s++)?(?:\\*\\*|__)?\\s*+(H\\d{1,4})(?=$|[\\s.:)\\]—–*_,-])");
    private static final Pattern ID_HEAD = Pattern.compile("^\\s*+(?:\\d{1,2}(?:\\.\\d{1,3})+\\.?\\s++)?(H\\d{1,4})(?![\\w/])\\s*+[.:)\\]—–-]*+\\s*+(.*)$");
    private static final Pattern ARROW = Pattern.compile("(?:->|→|⇒)\\s*+\\(?\\s*+((?:[CM]\\d++\\s*+(?:[,;/]|and|–|-)?\\s*+)++)");
    private static final Pattern ARROW_GROUP = Pattern.compile("\\(\\s*+(?:->|→|⇒)[^()]*+\\)");
    /** An unmarked line starts a hypothesis only when the id is followed by punctuation ({@code H3. …}, {@code H3 — …}). */
    private static final Pattern PLAIN_START = Pattern.compile("^\\s*H\\d{1,4}\\s*(?:[.:)\\]]|[—–-])");
    private static final Pattern MARKED = Pattern.compile("^\\s*(?:[-*+]\\s+|\\d{1,3}[.)]\\s+|\\*\\*|__)");

    private static boolean isMarked(String line) {
        return MARKED.matcher(line).find();
    }

    private static final Pattern INLINE_FALSIFY = Pattern.compile(
            "(?i)(?:(?:could|may|might|would|can)\\s++(?:falsify|regress)|\\bfalsifies|\\bthreatens)\\s*+:?\\s*+(.*)");
    private static final Pattern TITLE_THEN_ID = Pattern.compile(
            "^\\s{0,3}+(?:[-*+]|\\d{1,3}+[.)])\\s++(?:\\*\\*|__)([^*_]+?)(?<!\\s)\\s*+[(\\[](H\\d{1,4})[)\\]]\\s*+[.:]?\\s*+(?:\\*\\*|__)(.*)$");
    private static final Pattern TRAILING_IDS = Pattern.compile(
            "[(\\[]\\s*+((?:[CM]\\d{1,5}+\\s*+(?:[,;/&–-]|\\band\\b)?\\s*+)++)[)\\]]\\s*+\\.?$");
    private static final Pattern SEPARATOR = Pattern.compile("(?<!\\s)\\s++(?:—|–|--|-)\\s+|:\\s+");

    static List<Hypothesis> read(MarkdownOutline o, int from, int to, Map<Integer, MarkdownOutline.HeadingBlock> headingAt) {
        List<Hypothesis> out = new ArrayList<>();
        SourceLines lines = o.lines;
        String group = null;
        Builder current = null;
        int i = from;
        while (i < to) {
            MarkdownOutline.LineKind kind = o.kinds[i];
            if (kind == MarkdownOutline.LineKind.HEADING) {
                MarkdownOutline.HeadingBlock h = headingAt.get(i);
                if (h != null) {
                    if (current != null) out.add(current.build(o));
                    current = null;
                    String ht = clean(h.text());
                    Matcher m = ID_HEAD.matcher(ht);
                    if (m.matches() && h.level() >= 3) {
                        current = new Builder(m.group(1), group, i, h.endLine() - 1);
                        titleAndDescription(current, LEAD_TO_ID.matcher(h.text()).replaceFirst(""), false);
                    } else if (h.level() >= 3) {
                        group = ht;
                    }
                    i = Math.max(i + 1, h.endLine());
                    continue;
                }
            }
            if (kind == MarkdownOutline.LineKind.TEXT) {
                String t = FieldReader.text(lines, i);
                Matcher s = START.matcher(t);
                if (s.find() && (isMarked(t) || PLAIN_START.matcher(t).find())) {
                    if (current != null) out.add(current.build(o));
                    current = new Builder(s.group(1), group, i, i);
                    boolean boldBeforeId = s.start(1) >= 2 && (t.startsWith("**", s.start(1) - 2) || t.startsWith("__", s.start(1) - 2));
                    titleAndDescription(current, t.substring(s.end(1)), boldBeforeId);
                    i++;
                    continue;
                }
                Matcher trailing = t.indexOf("(H") >= 0 || t.indexOf("[H") >= 0 ? TITLE_THEN_ID.matcher(t) : null;
                if (trailing != null && trailing.matches()) {
                    // "1. **Stale read (H1)** — the leader serves from cache"
                    if (current != null) out.add(current.build(o));
                    current = new Builder(trailing.group(2), group, i, i);
                    current.title = trailing.group(1).strip();
                    current.description = LEADING_DASH.matcher(trailing.group(3)).replaceFirst("").replace("**", "").strip();
                    i++;
                    continue;
                }
                if (current != null) {
                    FieldReader.LabelMatch lm = FieldReader.label(t, k -> Labels.hypothesis(k) != null);
                    if (lm != null) {
                        FieldReader.RawField f = FieldReader.read(o, i, to, lm, false, k -> Labels.hypothesis(k) != null);
                        String name = Labels.hypothesis(lm.key());
                        current.fields.putIfAbsent(name != null ? name : lm.key(), f.toField(name != null ? name : lm.key()));
                        current.last = f.endLine() - 1;
                        i = f.endLine();
                        continue;
                    }
                    if (!t.isBlank()) {
                        current.last = i;
                        current.body.append('\n').append(t.strip());
                    }
                }
            } else if (current != null && kind != MarkdownOutline.LineKind.RULE) {
                current.last = i;
            }
            i++;
        }
        if (current != null) out.add(current.build(o));
        return out;
    }

    /**
     * Hypotheses from a table. A row defines a hypothesis when its H-id is the row's key (an id column,
     * or the first column), or when a hypothesis cell starts with the id followed by a title
     * ({@code | P3 | yes | H1 Leader serves stale reads (->C1,C8) |}). A cell that only names ids
     * ({@code | Stale reads | yes | H2 |}, {@code H7 → C9}, {@code H2, H3}) links to a hypothesis
     * defined elsewhere: a pitfall-walk table's "Hypothesis it produced" column defines nothing.
     */
    static List<Hypothesis> fromTable(Table table, String group) {
        List<Hypothesis> out = new ArrayList<>();
        if (table.hasColumn("verdict", "gap kind")) return out;   // a §5 coverage table keyed by hypothesis
        int idCol = idColumn(table, 'H');
        boolean keyed = idCol >= 0 && !linkColumn(table, idCol);
        if (idCol < 0 || !keyed) {
            int named = hypothesisColumn(table);
            if (named >= 0) idCol = named;
        }
        if (idCol < 0) return out;
        for (TableRow row : table.rows()) {
            if (row.cells().size() <= idCol) continue;
            String cell = row.cells().get(idCol).text();
            List<String> ids = Ids.all(cell, "H");
            if (ids.isEmpty()) continue;
            String cellTitle = "";
            if (!keyed) {
                Matcher d = DEFINING_CELL.matcher(cell);
                if (!d.matches()) continue;
                // the title is what precedes the claims arrow, without parenthetical remarks
                cellTitle = PARENS.matcher(ARROW_ON.matcher(d.group(2).replace("**", "")).replaceFirst("")).replaceAll(" ")
                        .replaceAll("[\\s(\\[]++$", "").strip();
                if (!titleLike(cellTitle)) continue;   // "H4 (deferred)", "H7 → C9 (…)", "H2, H3": references
                ids = List.of(d.group(1));
            }
            String title = keyed ? row.text("hypothesis", "title", "failure mode", "what could go wrong", "description", "name") : cellTitle;
            String joined = row.joinedText();
            List<String> falsifies = Ids.targets(row.text("could falsify", "falsifies", "could regress", "claims", "claim", "threatens"), "CM");
            if (!keyed) {
                List<String> own = arrowTargets(cell);
                if (!own.isEmpty()) falsifies = own;
            }
            if (falsifies.isEmpty()) falsifies = arrowTargets(joined);
            Map<String, Field> fields = new LinkedHashMap<>();
            row.cell("could falsify", "falsifies", "could regress", "claims").ifPresent(c ->
                    fields.put("falsifies", new Field("falsifies", "Could falsify", c.text(), c.span(), c.span())));
            String cleanTitle = ARROW_GROUP.matcher(title.replace("**", "")).replaceAll("").strip();
            out.add(new Hypothesis(ids.get(0), cleanTitle, "", falsifies, group, fields, row.span(), row.span()));
        }
        return out;
    }

    /**
     * An id column that is not the row's key: a later column named for hypotheses ("Hypothesis it
     * produced", "Hypotheses", "Related hypothesis") in a table whose rows are something else (pitfalls).
     */
    private static boolean linkColumn(Table table, int col) {
        if (col == 0) return false;
        String h = table.headers().get(col);
        if (h.equals("hypothesis id") || h.equals("id")) return false;
        return h.startsWith("hypothes") || h.contains("produced") || h.contains("related") || h.contains("linked")
                || h.startsWith("leads to") || h.startsWith("resulting");
    }

    /** A hypothesis cell that starts with its id: {@code H1 …}, {@code **H1** — …}, {@code H1: …}. */
    private static final Pattern DEFINING_CELL = Pattern.compile(
            "^[\\s*_`~]*+(H\\d{1,4}+)(?![\\w/])[*_`]*+\\s*+[.:)\\]—–-]*+\\s*+(.*)$");
    private static final Pattern ARROW_ON = Pattern.compile("(?:->|→|⇒).*+$");
    private static final Pattern PARENS = Pattern.compile("\\([^()]*+\\)|\\[[^\\[\\]]*+]");
    private static final Pattern ID_TEXT = Pattern.compile("(?<![A-Za-z0-9_])[A-Z]\\d{1,5}+(?![A-Za-z0-9_])");
    private static final Pattern WORD = Pattern.compile("\\p{L}{2,}+");

    /** At least two words that are not ids: a title, not a list of links. */
    private static boolean titleLike(String s) {
        Matcher w = WORD.matcher(ID_TEXT.matcher(s).replaceAll(" "));
        int n = 0;
        while (w.find()) if (++n >= 2) return true;
        return false;
    }

    /**
     * A column named like "Hypothesis …" with a cell that starts with an H-id and a title (the rows
     * of pitfalls that do not apply hold "—" or "none: …" there).
     */
    static int hypothesisColumn(Table table) {
        for (int c = 0; c < table.headers().size(); c++) {
            if (!table.headers().get(c).startsWith("hypothes")) continue;
            for (TableRow row : table.rows()) {
                if (row.cells().size() <= c) continue;
                Matcher d = DEFINING_CELL.matcher(row.cells().get(c).text());
                if (d.matches() && titleLike(PARENS.matcher(ARROW_ON.matcher(d.group(2)).replaceFirst("")).replaceAll(" "))) return c;
            }
        }
        return -1;
    }

    static int idColumn(Table table, char prefix) {
        int idx = Table.columnIndex(table.headers(), "id", "hypothesis id", "claim id", "scenario id", "", "ref", "no");
        if (idx >= 0) return idx;
        // a column, wherever it is, whose first cell is a bare id ("| Safety | C1 | … |")
        if (!table.rows().isEmpty()) {
            List<Cell> cells = table.rows().get(0).cells();
            for (int c = 0; c < cells.size(); c++) if (isBareId(cells.get(c).text(), prefix)) return c;
        }
        // no named id column: the first column, if its cells are ids
        if (!table.rows().isEmpty() && !table.rows().get(0).cells().isEmpty()) {
            String first = table.rows().get(0).cells().get(0).text().replace("*", "").replace("~", "").strip();
            if (first.length() > 1 && first.charAt(0) == prefix && Character.isDigit(first.charAt(1))) return 0;
        }
        return -1;
    }

    private static boolean isBareId(String cell, char prefix) {
        String t = cell.replace("*", "").replace("~", "").replace("`", "").strip();
        if (t.length() < 2 || t.length() > 6 || t.charAt(0) != prefix) return false;
        for (int i = 1; i < t.length(); i++) if (!Character.isDigit(t.charAt(i))) return false;
        return true;
    }

    static List<String> arrowTargets(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = ARROW.matcher(text);
        while (m.find()) for (String id : Ids.all(m.group(1), "CM")) if (!out.contains(id)) out.add(id);
        return out;
    }

    /**
     * @param boldBeforeId the line opened bold right before the id ({@code - **H1. Title.** …}): the
     *                     title is what the bold encloses
     */
    private static void titleAndDescription(Builder b, String afterId, boolean boldBeforeId) {
        String rest = LEADING_PUNCT.matcher(afterId).replaceFirst("");
        boolean idAloneBold = afterId.startsWith("**") || afterId.startsWith("__");
        int close = rest.indexOf("**");
        if (close < 0) close = rest.indexOf("__");
        if (boldBeforeId && !idAloneBold && close > 0) {
            b.title = TRAILING_STOP.matcher(rest.substring(0, close).strip()).replaceFirst("").strip();
            b.description = LEADING_DASH.matcher(rest.substring(close + 2)).replaceFirst("").replace("**", "").strip();
            return;
        }
        String plain = rest.replace("**", "").replace("__", "").strip();
        Matcher sep = SEPARATOR.matcher(plain);
        if (sep.find()) {
            b.title = plain.substring(0, sep.start()).strip();
            b.description = plain.substring(sep.end()).strip();
        } else {
            b.title = plain;
            b.description = "";
        }
    }

    static String clean(String s) {
        return s.replace("**", "").replace("__", "").replace("`", "").strip();
    }

    private static final class Builder {
        final String id;
        final String group;
        final int first;
        int last;
        String title = "";
        String description = "";
        final StringBuilder body = new StringBuilder();
        final Map<String, Field> fields = new LinkedHashMap<>();

        Builder(String id, String group, int first, int last) {
            this.id = id;
            this.group = group;
            this.first = first;
            this.last = last;
        }

        Hypothesis build(MarkdownOutline o) {
            Field f = fields.get("falsifies");
            List<String> falsifies = f == null ? List.of() : Ids.targets(f.value(), "CM");
            if (falsifies.isEmpty()) {
                String all = SPACES.matcher(title + " " + description + " " + body).replaceAll(" ");
                Matcher inline = INLINE_FALSIFY.matcher(all);
                if (inline.find()) falsifies = Ids.targets(inline.group(1), "CM");
                if (falsifies.isEmpty()) falsifies = arrowTargets(all);
                if (falsifies.isEmpty()) {
                    // "H3. Reordering across partitions (C2, C4)": a closing parenthetical of claim ids only
                    Matcher t = TRAILING_IDS.matcher((title + " " + description).strip());
                    if (t.find()) falsifies = Ids.all(t.group(1), "CM");
                }
            }
            SourceLines lines = o.lines;
            Span heading = lines.span(lines.lineStart(first), FieldReader.trimmedEnd(lines, first));
            Span span = lines.span(lines.lineStart(first), FieldReader.trimmedEnd(lines, Math.max(first, last)));
            return new Hypothesis(id, title, description, falsifies, group, fields, heading, span);
        }
    }
}
