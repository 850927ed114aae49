package dev.falsify.model.session;

import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The results of a findings report someone else wrote (the executing skill's layout, which is the spec's):
 * its results tables with their evidence columns, and the checklists it writes per arm. Which reports are read,
 * and for which arms, is {@link SessionReader#reportKind}'s business.
 */
final class ReportTables {
    private ReportTables() {
    }

    /**
     * Sections of a findings report whose tables restate verdicts per surface, hypothesis or claim: not
     * results tables, though they have a verdict-like column.
     */
    private static final java.util.regex.Pattern NOT_RESULTS = java.util.regex.Pattern.compile(
            "(?i)surface|coverage|adequacy|confidence|release|green.but|weak.oracle|budget|timeline|capabilit|overrides?\\b");
    private static final java.util.regex.Pattern RESULTS_SECTION = java.util.regex.Pattern.compile("(?i)result|verdict|outcome");

    /**
     * The results of a findings report an author (or an agent following the executing skill) wrote, wherever
     * its layout puts them: every table with an id (ID / Scenario / Scenario / arm / Arm / Test) and a
     * verdict (Verdict / Result / Outcome / Status) column, those under a results heading ("Scenario
     * results", "Results", "Verdicts") first, else those under any other heading but the report's per-surface,
     * per-hypothesis and per-claim tables; else verdict bullets ({@code - S4: FAIL-reproducible}). The
     * "Oracle execution evidence" and "Nemesis landing evidence" columns are kept with each row: they are the
     * evidence a written PASS rests on.
     */
    static List<VerdictRow> rows(String reportText) {
        MarkdownDoc doc = new MarkdownDoc(reportText);
        List<VerdictRow> preferred = new ArrayList<>();
        List<VerdictRow> other = new ArrayList<>();
        for (int i = 0; i + 1 < doc.lines.size(); i++) {
            if (doc.inFence[i] || !MarkdownTable.isRow(doc.lines.get(i)) || !MarkdownTable.isSeparator(doc.lines.get(i + 1))) {
                continue;
            }
            MarkdownTable t = MarkdownTable.first(doc.lines, i, doc.lines.size(), 1);
            if (t == null) {
                continue;
            }
            String section = doc.sectionOf(i).map(MarkdownDoc.Section::title).orElse("");
            boolean results = RESULTS_SECTION.matcher(section).find();
            if (!t.rows().isEmpty() && (results || !NOT_RESULTS.matcher(section).find())) {
                int id = t.columnExact("id", "scenario / arm", "scenario/arm", "arm", "scenario", "scenario id", "test");
                int verdict = t.column("verdict");
                verdict = verdict >= 0 ? verdict : t.columnExact("result", "outcome", "status", "computed verdict", "final verdict");
                if (verdict >= 0) {
                    (results ? preferred : other).addAll(SessionLogFormat.tableRows(t, id, verdict, results));
                }
            }
            i = t.rows().isEmpty() ? i + 1 : t.lines().get(t.lines().size() - 1) - 1;
        }
        List<VerdictRow> chosen = !preferred.isEmpty() ? preferred : other;
        Map<String, List<List<AuditItem>>> lists = reportChecklists(doc);
        List<VerdictRow> out = new ArrayList<>();
        Set<String> inTables = new java.util.HashSet<>();
        for (VerdictRow r : chosen) {
            List<List<AuditItem>> l = lists.get(PlanId.key(r.armId()));
            out.add(l == null ? r : r.withChecklists(l.get(0), l.get(1)));
            inTables.add(PlanId.key(r.armId()));
        }
        // verdict bullets ("- S4 — NOT-RUN (faketime missing)") for arms no table lists
        for (int k = 0; k < doc.lines.size(); k++) {
            if (!doc.inFence[k]) {
                SessionLogFormat.verdictBullet(doc.lines.get(k)).filter(r -> r.verdict().isPresent() && !inTables.contains(PlanId.key(r.armId())))
                        .ifPresent(out::add);
            }
        }
        return out;
    }

    /**
     * The checklists of a findings report's {@code ## Green-but-broken check} section, by arm key: under each
     * {@code ### S2 — PASS-hardening} heading, the checkboxes before a "Weak-oracle audit" line are the
     * green-but-broken checks, those after it the audit (the layout of the spec's report, which the executing
     * skill's template follows).
     */
    static Map<String, List<List<AuditItem>>> reportChecklists(MarkdownDoc doc) {
        Map<String, List<List<AuditItem>>> out = new LinkedHashMap<>();
        Optional<MarkdownDoc.Section> sec = doc.section("green-but-broken", "green but broken");
        if (sec.isEmpty()) {
            return out;
        }
        String arm = "";
        List<String> gbb = new ArrayList<>();
        List<String> audit = new ArrayList<>();
        boolean inAudit = false;
        for (int i = sec.get().start(); i <= sec.get().end(); i++) {
            String line = i < sec.get().end() ? doc.lines.get(i) : "### end";
            if (i < sec.get().end() && doc.inFence[i]) {
                continue;
            }
            if (line.strip().startsWith("### ")) {
                if (!arm.isEmpty() && (!gbb.isEmpty() || !audit.isEmpty())) {
                    out.putIfAbsent(PlanId.key(arm), List.of(FindingsFormat.checkboxes(gbb), FindingsFormat.checkboxes(audit)));
                }
                arm = FindingsFormat.armIn(line);
                gbb = new ArrayList<>();
                audit = new ArrayList<>();
                inAudit = false;
            } else if (line.toLowerCase(Locale.ROOT).contains("weak-oracle") || line.toLowerCase(Locale.ROOT).contains("weak oracle")) {
                if (!line.strip().matches("[-*]\\s*\\[.*")) {
                    inAudit = true;
                }
            } else {
                (inAudit ? audit : gbb).add(line);
            }
        }
        return out;
    }
}
