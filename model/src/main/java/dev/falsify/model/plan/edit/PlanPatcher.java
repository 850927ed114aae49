package dev.falsify.model.plan.edit;

import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanTemplates;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.Section;
import dev.falsify.model.plan.SevenM;
import dev.falsify.model.plan.Table;
import dev.falsify.model.plan.TableRow;
import dev.falsify.model.text.Span;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Structured edits as minimal text patches against the plan's current text. Nothing outside the
 * returned edit ranges changes, so unknown text, formatting and the author's wording survive; the
 * caller applies the patch to the document and re-parses.
 */
public final class PlanPatcher {
    private final Plan plan;
    private final String text;

    public PlanPatcher(Plan plan) {
        this.plan = plan;
        this.text = plan.text();
    }

    // ---- header ----

    /** Sets a header field ({@code date}, {@code mode}, {@code sut}, {@code change}, {@code author}, {@code status}). */
    public PlanPatch setHeaderField(String name, String value) {
        Optional<Field> f = plan.header().field(name);
        if (f.isPresent()) return replaceValue("set " + name, f.get(), value);
        String label = switch (name) {
            case "date" -> "Date";
            case "mode" -> "Plan mode";
            case "sut" -> "SUT";
            case "change" -> "Change under test";
            case "author" -> "Plan author";
            case "status" -> "Status";
            default -> throw new PlanEditException("unknown header field '" + name + "'");
        };
        int at;
        Optional<Field> last = plan.header().fields().values().stream().max((a, b) -> a.span().endOffset() - b.span().endOffset());
        if (last.isPresent()) {
            at = last.get().span().endOffset();
            return PlanPatch.of("set " + name, TextEdit.insert(at, "\n**" + label + ":** " + oneLine(value)));
        }
        Span title = plan.header().titleSpan();
        if (!title.isNone()) {
            return PlanPatch.of("set " + name, TextEdit.insert(title.endOffset(), "\n\n**" + label + ":** " + oneLine(value)));
        }
        return PlanPatch.of("set " + name, TextEdit.insert(0, "**" + label + ":** " + oneLine(value) + "\n\n"));
    }

    // ---- claims ----

    /** Sets one cell of a claim's row; the column is found by name ({@code Category}, {@code Claim}, …). */
    public PlanPatch setClaimCell(String claimId, String column, String value) {
        Claim c = plan.claim(claimId).orElseThrow(() -> new PlanEditException("no claim " + claimId));
        TableRow row = c.row();
        if (row == null) throw new PlanEditException("claim " + claimId + " is written as a list item, not a table row");
        var cell = row.cell(column).orElseThrow(() -> new PlanEditException(
                "the claims table has no column '" + column + "' (columns: " + String.join(", ", row.headers()) + ")"));
        Span s = cell.span();
        return PlanPatch.of("set " + claimId + " " + column, new TextEdit(s.startOffset(), s.endOffset(), PlanTemplates.cell(value)));
    }

    /** Appends a claim row; {@code id} null means the next free C-id. */
    public PlanPatch addClaim(String id, String claim, String category, String source, String inferred) {
        String cid = id == null ? nextId("C", plan.claims().stream().map(Claim::id).toList()) : id;
        Table t = plan.claimsTable() != null ? plan.claimsTable() : emptyClaimsTable();
        if (t != null) {
            List<String> cells = new ArrayList<>();
            for (String h : t.headers()) {
                String v = "";
                if (h.equals("id") || h.isEmpty() || h.equals("claim id")) v = cid;
                else if (h.startsWith("claim") || h.equals("statement") || h.equals("description")) v = claim;
                else if (h.startsWith("categor") || h.equals("kind") || h.equals("type")) v = category;
                else if (h.startsWith("source") || h.equals("evidence")) v = source;
                else if (h.startsWith("inferred") || h.startsWith("conf")) v = inferred;
                cells.add(PlanTemplates.cell(v));
            }
            int at = t.span().endOffset();
            return PlanPatch.of("add claim " + cid, TextEdit.insert(at, "\n| " + String.join(" | ", cells) + " |"));
        }
        String row = "| " + cid + " | " + PlanTemplates.cell(claim) + " | " + PlanTemplates.cell(category) + " | "
                + PlanTemplates.cell(source) + " | " + PlanTemplates.cell(inferred) + " |\n";
        return insertIntoSection("1b", "add claim " + cid, PlanTemplates.CLAIMS_TABLE + row);
    }

    /**
     * A §1b table with a header but no rows yet (as a new plan's skeleton has): the parser reports
     * no claims table for it, but the claim belongs in it — not in a second table with its own header.
     */
    private Table emptyClaimsTable() {
        Section s1b = plan.section("1b").orElse(null);
        if (s1b == null) {
            return null;
        }
        for (Table t : plan.tables()) {
            if (s1b.span().contains(t.span().startOffset()) && t.rows().isEmpty()
                    && t.headers().stream().anyMatch(h -> h.startsWith("claim") || h.equals("statement"))) {
                return t;
            }
        }
        return null;
    }

    // ---- hypotheses ----

    /** Appends a hypothesis in the numbered form; {@code id} null means the next free H-id. */
    public PlanPatch addHypothesis(String id, String title, String description, List<String> falsifies) {
        String hid = id == null ? nextId("H", plan.hypotheses().stream().map(Hypothesis::id).toList()) : id;
        String block = hid + ". **" + oneLine(title) + "**" + (description == null || description.isBlank() ? "" : " — " + oneLine(description))
                + "\n   - Could falsify: " + String.join(", ", falsifies);
        if (!plan.hypotheses().isEmpty()) {
            Hypothesis last = plan.hypotheses().get(plan.hypotheses().size() - 1);
            Section s4 = plan.section("4").orElse(null);
            if (s4 == null || s4.span().contains(last.span().startOffset())) {
                return PlanPatch.of("add hypothesis " + hid, TextEdit.insert(last.span().endOffset(), "\n\n" + block));
            }
        }
        return insertIntoSection("4", "add hypothesis " + hid, block + "\n");
    }

    // ---- scenarios ----

    /** Appends a scenario block at the end of §7; {@code id} null means the next free S-id. */
    public PlanPatch addScenario(String id, String name, List<String> falsifies, List<String> closes) {
        List<String> existing = plan.scenarios().stream().map(Scenario::baseId).toList();
        String sid = id == null ? nextId("S", existing) : id;
        String block = "### Scenario " + sid + ": " + oneLine(name) + "\n\n"
                + "- **" + PlanTemplates.SCENARIO_LABELS.get("falsifies") + ":** " + String.join(", ", falsifies) + "\n"
                + "- **" + PlanTemplates.SCENARIO_LABELS.get("closes") + ":** " + String.join(", ", closes);
        List<Scenario> inSeven = plan.scenarios().stream().filter(s -> !s.bulletForm()).toList();
        if (!inSeven.isEmpty()) {
            Scenario last = inSeven.get(inSeven.size() - 1);
            return PlanPatch.of("add scenario " + sid, TextEdit.insert(last.span().endOffset(), "\n\n" + block));
        }
        return insertIntoSection("7", "add scenario " + sid, block + "\n");
    }

    /** Sets a scenario field by canonical name ({@code falsifies}, {@code releaseBudget}, … see {@link Scenario#FIELDS}). */
    public PlanPatch setScenarioField(String scenarioId, String field, String value) {
        Scenario s = scenario(scenarioId);
        String label = PlanTemplates.SCENARIO_LABELS.get(field);
        if (label == null) throw new PlanEditException("unknown scenario field '" + field + "' (known: " + Scenario.FIELDS + ")");
        Optional<Field> f = s.field(field);
        if (f.isPresent()) return replaceValue("set " + s.id() + " " + label, f.get(), value);
        int at = s.headingSpan().endOffset();
        String prefix = "\n\n";
        for (Field other : s.fields().values()) {
            if (other.span().endOffset() > at) {
                at = other.span().endOffset();
                prefix = "\n";
            }
        }
        return PlanPatch.of("set " + s.id() + " " + label, TextEdit.insert(at, prefix + "- **" + label + ":** " + indentValue(value)));
    }

    /** Sets a §7.M field ({@code model}, {@code history}, {@code checker}, {@code nemesis}, {@code ambiguous}, {@code reduction}). */
    public PlanPatch setSevenMField(String scenarioId, String field, String value) {
        Scenario s = scenario(scenarioId);
        String label = PlanTemplates.SEVEN_M_LABELS.get(field);
        if (label == null) throw new PlanEditException("unknown §7.M field '" + field + "' (known: " + SevenM.FIELDS + ")");
        SevenM m = s.sevenM();
        if (!m.present() || m.notApplicable()) {
            return sevenMSkeleton(s, Map.of(field, value), "set " + s.id() + " §7.M " + label);
        }
        Optional<Field> f = m.field(field);
        if (f.isPresent()) return replaceValue("set " + s.id() + " " + label, f.get(), value);
        int at = m.span().endOffset();
        boolean bold = m.fields().values().stream().findFirst().map(x -> text.startsWith("**", x.span().startOffset() + 2)
                || text.startsWith("**", x.span().startOffset())).orElse(true);
        String line = bold ? "- **" + label + ":** " : "- " + label + ": ";
        return PlanPatch.of("set " + s.id() + " " + label, TextEdit.insert(at, "\n" + line + indentValue(value)));
    }

    /** Inserts an empty §7.M block (or replaces a not-applicable line with one). */
    public PlanPatch insertSevenMSkeleton(String scenarioId) {
        Scenario s = scenario(scenarioId);
        if (s.sevenM().present() && !s.sevenM().notApplicable()) {
            throw new PlanEditException("scenario " + s.id() + " already has a §7.M block");
        }
        return sevenMSkeleton(s, Map.of(), "insert §7.M skeleton in " + s.id());
    }

    private PlanPatch sevenMSkeleton(Scenario s, Map<String, String> values, String description) {
        StringBuilder sb = new StringBuilder(PlanTemplates.SEVEN_M_HEADING).append("\n\n");
        for (String f : PlanTemplates.SEVEN_M_ORDER) {
            sb.append("- **").append(PlanTemplates.SEVEN_M_LABELS.get(f)).append(":**");
            String v = values.get(f);
            if (v != null && !v.isBlank()) sb.append(' ').append(indentValue(v));
            sb.append('\n');
        }
        String block = sb.toString().stripTrailing();
        if (s.sevenM().notApplicable()) {
            Span na = s.sevenM().span();
            return PlanPatch.of(description, new TextEdit(na.startOffset(), na.endOffset(), block));
        }
        int at = s.headingSpan().endOffset();
        for (Field f : s.fields().values()) at = Math.max(at, f.span().endOffset());
        return PlanPatch.of(description, TextEdit.insert(at, "\n\n" + block));
    }

    // ---- §1c / §7c ----

    /** Declares §1c explicitly empty (creating the section when it is absent). */
    public PlanPatch markMissingClaimsEmpty() {
        return markEmpty("1c", PlanTemplates.MISSING_CLAIMS_EMPTY, !plan.missingClaims().isEmpty());
    }

    /** Declares §7c explicitly empty (creating the section when it is absent). */
    public PlanPatch markResidualEmpty() {
        return markEmpty("7c", PlanTemplates.RESIDUAL_EMPTY, !plan.residual().isEmpty());
    }

    private PlanPatch markEmpty(String id, String sentence, boolean hasRows) {
        if (hasRows) throw new PlanEditException("§" + id + " has rows; it cannot be marked empty");
        Optional<Section> s = plan.section(id);
        if (s.isPresent()) {
            return PlanPatch.of("mark §" + id + " explicitly empty", TextEdit.insert(s.get().headingSpan().endOffset(), "\n\n" + sentence));
        }
        return insertSection(id, sentence + "\n");
    }

    // ---- sections ----

    /** Inserts a missing section, with its starter body, where it belongs in the section order. */
    public PlanPatch insertSection(String id) {
        return insertSection(id, PlanTemplates.body(id));
    }

    private PlanPatch insertSection(String id, String body) {
        if (!PlanTemplates.SECTION_ORDER.contains(id)) throw new PlanEditException("unknown section id '" + id + "'");
        String block = PlanTemplates.heading(id) + "\n\n" + body;
        int order = PlanTemplates.SECTION_ORDER.indexOf(id);
        for (Section s : plan.sections()) {
            if (s.id() != null && PlanTemplates.SECTION_ORDER.indexOf(s.id()) > order) {
                int at = s.headingSpan().startOffset();
                return PlanPatch.of("insert §" + id, TextEdit.insert(at, block + "\n"));
            }
        }
        int end = text.length();
        String lead = text.isEmpty() ? "" : text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
        return PlanPatch.of("insert §" + id, TextEdit.insert(end, lead + block));
    }

    /** Appends content at the end of a section's body (creating the section when absent). */
    private PlanPatch insertIntoSection(String id, String description, String content) {
        Optional<Section> s = plan.section(id);
        if (s.isEmpty()) {
            PlanPatch p = insertSection(id, content);
            return new PlanPatch(description, p.edits());
        }
        int at = lastContentEnd(s.get());
        return PlanPatch.of(description, TextEdit.insert(at, "\n\n" + content.stripTrailing()));
    }

    /** End of the last non-blank line of a section. */
    private int lastContentEnd(Section s) {
        int end = s.span().endOffset();
        int start = s.headingSpan().endOffset();
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) end--;
        return Math.max(end, start);
    }

    // ---- helpers ----

    private Scenario scenario(String id) {
        return plan.scenario(id).orElseThrow(() -> new PlanEditException("no scenario " + id));
    }

    private PlanPatch replaceValue(String description, Field f, String value) {
        Span v = f.valueSpan();
        String replacement = indentValue(value);
        if (v.length() == 0 && v.startOffset() > 0 && !Character.isWhitespace(text.charAt(v.startOffset() - 1)) && !replacement.isEmpty()) {
            replacement = " " + replacement;
        }
        return PlanPatch.of(description, new TextEdit(v.startOffset(), v.endOffset(), replacement));
    }

    /** Multi-line values continue on lines indented under the field. */
    private static String indentValue(String value) {
        if (value == null) return "";
        String v = value.strip().replace("\r\n", "\n");
        return v.replace("\n", "\n    ");
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace("\r", " ").replace("\n", " ").strip();
    }

    /** The next id after the highest existing one, keeping zero padding ({@code S09} → {@code S10}). */
    public static String nextId(String prefix, List<String> existing) {
        int max = 0;
        int width = 0;
        for (String id : existing) {
            String k = PlanId.key(id);
            if (!k.startsWith(prefix)) continue;
            String digits = k.substring(prefix.length()).replaceAll("/.*", "");
            try {
                max = Math.max(max, Integer.parseInt(digits));
            } catch (NumberFormatException ignored) {
                // not a numbered id
            }
            String raw = id.replaceAll("/.*", "");
            if (raw.length() > prefix.length() + 1 && raw.charAt(prefix.length()) == '0') width = raw.length() - prefix.length();
        }
        String n = Integer.toString(max + 1);
        while (n.length() < width) n = "0" + n;
        return prefix.toUpperCase(Locale.ROOT) + n;
    }
}
