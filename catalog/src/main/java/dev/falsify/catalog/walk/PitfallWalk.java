package dev.falsify.catalog.walk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.CatalogJson;
import dev.falsify.catalog.Pitfall;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.PlanTemplates;
import dev.falsify.model.plan.Section;
import dev.falsify.model.plan.TableRow;
import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.edit.TextEdit;
import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plan's pitfall walk: for every catalog pitfall, whether it applies (y / n / maybe) and the
 * hypothesis it produced, written into §4 as the optional pitfall-walk table.
 *
 * <p>{@link #forPlan} starts from what the plan already says: an existing pitfall-walk table (found by
 * its "Pitfall" and "Applies" columns) and the {@code Pitfall row} fields of §4's
 * hypotheses — a pitfall a hypothesis names applies, and that hypothesis is what it produced. Rows the
 * author wrote for pitfalls the catalog does not have are kept, after the catalog's.
 */
public final class PitfallWalk {
    static final String INTRO = "**Pitfall walk** — each catalog pitfall, whether it applies to this system, "
            + "and the hypothesis it produced:";
    private static final Pattern INTRO_LINE = Pattern.compile("^\\s*\\**\\s*pitfall[- ]walk\\b.*",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PITFALL_ID = Pattern.compile("\\bPF\\d+\\b", Pattern.CASE_INSENSITIVE);

    private final List<PitfallWalkRow> rows;

    public PitfallWalk(List<PitfallWalkRow> rows) {
        this.rows = List.copyOf(rows);
    }

    public List<PitfallWalkRow> rows() {
        return rows;
    }

    /** The walk for this plan text: one row per catalog pitfall, pre-filled from the plan. */
    public static PitfallWalk forPlan(Catalog catalog, String planText) {
        return forPlan(catalog, PlanParser.parse(planText));
    }

    /** The walk for a parsed plan (the editor already holds one). */
    public static PitfallWalk forPlan(Catalog catalog, Plan plan) {
        Map<String, PitfallWalkRow> written = new LinkedHashMap<>();
        List<PitfallWalkRow> extra = new ArrayList<>();
        findTable(plan).ifPresent(t -> {
            for (PitfallWalkRow r : t.rows) {
                PitfallWalkRow resolved = resolve(catalog, r);
                if (resolved.pitfallId() == null) {
                    extra.add(resolved);
                } else {
                    written.putIfAbsent(resolved.pitfallId(), resolved);
                }
            }
        });
        Map<String, List<String>> cited = new LinkedHashMap<>();
        for (Hypothesis h : plan.hypotheses()) {
            String ref = h.fieldValue("pitfall");
            if (ref.isBlank()) {
                continue;
            }
            Matcher ids = PITFALL_ID.matcher(ref);
            List<String> named = new ArrayList<>();
            while (ids.find()) {
                catalog.entry(ids.group(), Pitfall.class).ifPresent(p -> named.add(p.id()));
            }
            if (named.isEmpty()) {
                byName(catalog, ref).ifPresent(named::add);
            }
            for (String id : named) {
                List<String> hs = cited.computeIfAbsent(id, k -> new ArrayList<>());
                if (!hs.contains(h.id())) {
                    hs.add(h.id());
                }
            }
        }
        List<PitfallWalkRow> rows = new ArrayList<>();
        for (Pitfall p : catalog.pitfalls()) {
            PitfallWalkRow r = written.getOrDefault(p.id(),
                    new PitfallWalkRow(p.id(), p.name(), Applies.UNANSWERED, "", ""));
            List<String> hs = cited.getOrDefault(p.id(), List.of());
            if (!hs.isEmpty()) {
                if (r.hypothesis().isEmpty()) {
                    r = r.withHypothesis(String.join(", ", hs));
                }
                if (r.applies() == Applies.UNANSWERED) {
                    r = r.withApplies(Applies.YES);
                }
            }
            rows.add(new PitfallWalkRow(p.id(), p.name(), r.applies(), r.hypothesis(), r.notes()));
        }
        rows.addAll(extra);
        return new PitfallWalk(rows);
    }

    /** The walk as JSON ({@code falsify catalog --walk --json}): its rows, the Markdown table and the edit that writes it into §4. */
    public ObjectNode json(String planPath, TextEdit edit) {
        ObjectNode root = CatalogJson.object();
        root.put("plan", planPath);
        ArrayNode rows = root.putArray("rows");
        for (PitfallWalkRow r : rows()) {
            ObjectNode row = rows.addObject();
            row.put("pitfall", r.pitfallId());
            row.put("name", r.label());
            row.put("applies", r.applies().cell());
            row.put("hypothesis", r.hypothesis());
            row.put("notes", r.notes());
        }
        root.put("markdown", toMarkdown());
        ObjectNode e = root.putObject("edit");
        e.put("start", edit.startOffset());
        e.put("end", edit.endOffset());
        e.put("replacement", edit.replacement());
        return root;
    }

    /** True when the plan already has a pitfall-walk table (a table with Pitfall and Applies columns). */
    public static boolean hasTable(Plan plan) {
        return findTable(plan).isPresent();
    }

    /** The Markdown for §4: an intro line and the table (one row per pitfall, pipes escaped). */
    public String toMarkdown() {
        StringBuilder b = new StringBuilder();
        b.append(INTRO).append("\n\n");
        b.append("| Pitfall | Applies? | Hypothesis | Notes |\n");
        b.append("|---|---|---|---|\n");
        for (PitfallWalkRow r : rows) {
            String pitfall = r.pitfallId() == null ? r.label() : r.pitfallId() + " " + r.label();
            b.append("| ").append(cell(pitfall))
                    .append(" | ").append(r.applies().cell())
                    .append(" | ").append(r.hypothesis().isEmpty() ? (r.applies() == Applies.NO ? "—" : "")
                            : cell(r.hypothesis()))
                    .append(" | ").append(cell(r.notes()))
                    .append(" |\n");
        }
        return b.toString();
    }

    /**
     * The patch (one edit) that writes this walk into the plan: it replaces an existing pitfall-walk table (and its
     * intro line), or else inserts at the end of §4, or — when the plan has no §4 — appends a §4.
     */
    public PlanPatch editFor(String planText) {
        return editFor(PlanParser.parse(planText));
    }

    public PlanPatch editFor(Plan plan) {
        String planText = plan.text();
        String table = toMarkdown();
        Optional<WalkTable> existing = findTable(plan);
        if (existing.isPresent()) {
            WalkTable t = existing.get();
            return patch(t.replaceStart, t.end, table);
        }
        Optional<Section> s4 = plan.section("4");
        if (s4.isPresent()) {
            Span span = s4.get().span();
            int at = Math.min(span.endOffset(), planText.length());
            // the section may stop before the blank lines that precede the next heading: take them too
            while (at < planText.length() && Character.isWhitespace(planText.charAt(at))) {
                at++;
            }
            if (at < planText.length()) {
                at = planText.lastIndexOf('\n', at) + 1; // keep the next heading's indentation, if any
            }
            // insert after §4's last non-blank character, keeping one blank line on each side
            int contentEnd = at;
            while (contentEnd > span.startOffset() && Character.isWhitespace(planText.charAt(contentEnd - 1))) {
                contentEnd--;
            }
            String trail = at < planText.length() ? "\n" : "";
            return patch(contentEnd, at, "\n\n" + table + trail);
        }
        String lead = planText.isEmpty() || planText.endsWith("\n\n") ? "" : planText.endsWith("\n") ? "\n" : "\n\n";
        return patch(planText.length(), planText.length(),
                lead + "## 4. " + PlanTemplates.SECTION_TITLES.get("4") + "\n\n" + table);
    }

    private static PlanPatch patch(int start, int end, String text) {
        return PlanPatch.of("write the pitfall walk into §4", new TextEdit(start, end, text));
    }

    private record WalkTable(int replaceStart, int end, List<PitfallWalkRow> rows) {
    }

    /** The first table with a "Pitfall" and an "Applies" column (the plan parser already skips fences). */
    private static Optional<WalkTable> findTable(Plan plan) {
        String text = plan.text();
        for (dev.falsify.model.plan.Table t : plan.tables()) {
            if (!t.hasColumn("pitfall") || !t.hasColumn("applies", "applies to us", "apply")) {
                continue;
            }
            List<PitfallWalkRow> rows = new ArrayList<>();
            for (TableRow row : t.rows()) {
                rows.add(new PitfallWalkRow(null, row.text("pitfall"), Applies.fromCell(row.text("applies", "apply")),
                        dashless(row.text("hypothesis", "hypotheses", "produced")), row.text("notes", "note", "why")));
            }
            int start = t.span().startOffset();
            int end = t.span().endOffset();
            if (end < text.length() && text.charAt(end) == '\n') {
                end++; // the table's last newline belongs to it
            } else if (end > 0 && end <= text.length() && text.charAt(end - 1) != '\n' && end < text.length()) {
                end = text.indexOf('\n', end) < 0 ? text.length() : text.indexOf('\n', end) + 1;
            }
            // take the intro line (and the blank lines after it) with the table
            int lineStart = previousNonBlankLineStart(text, start);
            if (lineStart >= 0) {
                int lineEnd = text.indexOf('\n', lineStart);
                String line = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd);
                if (INTRO_LINE.matcher(line).matches()) {
                    start = lineStart;
                }
            }
            return Optional.of(new WalkTable(start, end, rows));
        }
        return Optional.empty();
    }

    private static int previousNonBlankLineStart(String text, int offset) {
        int i = offset - 1; // the newline ending the previous line
        while (i >= 0) {
            int lineEnd = i;
            int lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
            if (!text.substring(lineStart, lineEnd).isBlank()) {
                return lineStart;
            }
            i = lineStart - 1;
        }
        return -1;
    }

    private static PitfallWalkRow resolve(Catalog catalog, PitfallWalkRow r) {
        Matcher m = PITFALL_ID.matcher(r.label());
        Optional<String> id = m.find() ? catalog.entry(m.group(), Pitfall.class).map(Pitfall::id) : Optional.empty();
        if (id.isEmpty()) {
            id = byName(catalog, r.label());
        }
        return id.map(x -> new PitfallWalkRow(x, r.label(), r.applies(), r.hypothesis(), r.notes())).orElse(r);
    }

    private static Optional<String> byName(Catalog catalog, String text) {
        String t = text.toLowerCase(Locale.ROOT);
        return catalog.pitfalls().stream().filter(p -> t.contains(p.name().toLowerCase(Locale.ROOT)))
                .map(Pitfall::id).findFirst();
    }

    private static String dashless(String s) {
        String t = s.strip();
        return t.equals("—") || t.equals("-") || t.equals("–") || t.equalsIgnoreCase("none") ? "" : t;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
