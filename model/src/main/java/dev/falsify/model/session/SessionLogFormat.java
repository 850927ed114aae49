package dev.falsify.model.session;

import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Writes and reads {@code session-log.md} in the layout of {@code sessions-and-verdicts.md}. */
public final class SessionLogFormat {
    public static final String TOOLBOX = "Toolbox discovered";
    public static final String CAPABILITIES = "Environment capability matrix";
    public static final String PRECONDITIONS = "Preconditions check";
    public static final String TIMELINE = "Scenario timeline";
    public static final String VERDICTS = "Scenario verdicts";
    public static final String ARTIFACTS = "Artifacts";
    /** Header label of the end marker. */
    public static final String END_LABEL = "Session ended";

    private static final Set<String> KNOWN_HEADER = Set.of("sut", "system under test", "plan", "commit under test",
            "commit", "session dir", "operator", "started", "session ended", "ended");

    private SessionLogFormat() {
    }

    public static String render(SessionLog log) {
        SessionHeader h = log.header();
        StringBuilder b = new StringBuilder();
        b.append("# ").append(h.title().isBlank() ? "Session log" : MarkdownText.inline(h.title())).append("\n\n");
        header(b, "SUT", h.sut());
        header(b, "Plan", h.plan());
        header(b, "Commit under test", h.commit());
        header(b, "Session dir", h.sessionDir());
        header(b, "Operator", h.operator());
        header(b, "Started", h.started());
        h.other().forEach((k, v) -> header(b, k, v));
        header(b, END_LABEL, h.ended());
        b.append("\n## ").append(TOOLBOX).append("\n\n");
        log.toolbox().forEach(t -> b.append("- ").append(MarkdownText.lineStart(t)).append('\n'));
        if (log.toolbox().isEmpty()) {
            b.append("_none recorded_\n");
        }
        b.append("\n## ").append(CAPABILITIES).append("\n\n| Requirement | Present? | Version | Source |\n|---|---|---|---|\n");
        log.capabilities().forEach(c -> MarkdownTable.appendRow(b, c.requirement(), c.present(), c.version(), c.source()));
        b.append("\n## ").append(PRECONDITIONS).append("\n\n");
        log.preconditions().forEach(p -> b.append("- [").append(p.checked() ? "x" : " ").append("] ")
                .append(MarkdownText.lineStart(p.text())).append('\n'));
        if (log.preconditions().isEmpty()) {
            b.append("_none recorded_\n");
        }
        b.append("\n## ").append(TIMELINE).append("\n\n| Time (UTC) | Scenario | Event | Notes |\n|---|---|---|---|\n");
        log.timeline().forEach(t -> MarkdownTable.appendRow(b, t.time(), t.scenario(), t.event(), t.notes()));
        b.append("\n## ").append(VERDICTS).append("\n\n| Scenario / arm | Budget tier met | Verdict | Notes |\n|---|---|---|---|\n");
        log.verdicts().forEach(v -> MarkdownTable.appendRow(b, v.armId(), v.budget(), v.written(), v.notes()));
        b.append("\n## ").append(ARTIFACTS).append("\n\n");
        log.artifacts().forEach(a -> b.append("- ").append(MarkdownText.lineStart(a)).append('\n'));
        if (log.artifacts().isEmpty()) {
            b.append("_none yet_\n");
        }
        return b.toString();
    }

    private static void header(StringBuilder b, String label, String value) {
        if (!value.isBlank()) {
            b.append("**").append(MarkdownText.inline(label)).append(":** ").append(MarkdownText.inline(value)).append("  \n");
        }
    }


    /** Reads any session-log.md; what is absent is listed in {@link SessionLog#missing()}. */
    public static SessionLog parse(String text) {
        MarkdownDoc doc = new MarkdownDoc(text);
        Map<String, String> other = new LinkedHashMap<>();
        doc.headerLabels.forEach((k, v) -> {
            if (!KNOWN_HEADER.contains(k)) {
                other.put(k, v);
            }
        });
        Map<String, String> hl = doc.headerLabels;
        SessionHeader header = new SessionHeader(doc.title, first(hl, "sut", "system under test"), first(hl, "plan"),
                first(hl, "commit under test", "commit"), first(hl, "session dir"), first(hl, "operator"),
                first(hl, "started"), Optional.ofNullable(doc.allLabels.get("session ended"))
                .orElse(first(hl, "ended")), other);
        List<String> missing = new ArrayList<>();
        if (header.plan().isBlank()) {
            missing.add("header line Plan");
        }
        if (header.commit().isBlank()) {
            missing.add("header line Commit under test");
        }
        List<String> toolbox = new ArrayList<>();
        doc.section("toolbox").ifPresentOrElse(s -> doc.body(s).stream().map(String::strip)
                .filter(l -> l.startsWith("-") || l.startsWith("*"))
                .forEach(l -> toolbox.add(MarkdownText.plain(l.substring(1).strip()))), () -> missing.add("section " + TOOLBOX));

        List<CapabilityRow> caps = new ArrayList<>();
        Optional<MarkdownDoc.Section> capSec = doc.section("capability", "environment");
        MarkdownTable capTable = capSec.map(doc::table).orElse(null);
        if (capTable == null) {
            missing.add("section " + CAPABILITIES);
        } else {
            int req = capTable.column("requirement", "capability", "tool");
            int pres = capTable.column("present", "available", "status");
            int ver = capTable.column("version");
            int src = capTable.column("source", "path", "notes");
            capTable.rows().forEach(r -> caps.add(new CapabilityRow(capTable.cell(r, req), capTable.cell(r, pres),
                    capTable.cell(r, ver), capTable.cell(r, src))));
        }

        List<Precondition> pre = new ArrayList<>();
        doc.section("precondition").ifPresentOrElse(s -> doc.body(s).stream().map(String::strip).forEach(l -> {
            String t = l.replaceFirst("^[-*]\\s*", "");
            if (t.startsWith("[x]") || t.startsWith("[X]")) {
                pre.add(new Precondition(true, MarkdownText.plain(t.substring(3).strip())));
            } else if (t.startsWith("[ ]")) {
                pre.add(new Precondition(false, MarkdownText.plain(t.substring(3).strip())));
            }
        }), () -> missing.add("section " + PRECONDITIONS));

        List<TimelineEvent> timeline = new ArrayList<>();
        Optional<MarkdownDoc.Section> tlSec = doc.section("timeline");
        MarkdownTable tl = tlSec.map(doc::table).orElse(null);
        if (tl == null && tlSec.isPresent()) {
            // "- 2026-12-02T21:00:00-08:00 S1/api oracle result: 200/200 clean": a timeline kept as bullets
            doc.body(tlSec.get()).forEach(l -> TimelineBullet.parse(l).ifPresent(timeline::add));
        }
        if (tl == null && timeline.isEmpty()) {
            missing.add("section " + TIMELINE);
        } else if (tl != null) {
            int time = tl.column("time (utc)", "time", "when", "timestamp");
            int sc = tl.column("scenario", "scenario / arm", "arm");
            int ev = tl.column("event", "what");
            int notes = tl.column("notes", "details", "detail");
            tl.rows().forEach(r -> timeline.add(new TimelineEvent(tl.cell(r, time), tl.cell(r, sc), tl.cell(r, ev),
                    tl.cell(r, notes))));
        }

        List<VerdictRow> verdicts = new ArrayList<>();
        Optional<MarkdownDoc.Section> vSec = doc.section("verdict", "results", "result");
        MarkdownTable vt = vSec.map(doc::table).orElse(null);
        if (vt == null && vSec.isPresent()) {
            // "- **S1/api** — PASS-smoke (budget: smoke). oracle: …": verdicts kept as bullets
            doc.body(vSec.get()).forEach(l -> verdictBullet(l).ifPresent(verdicts::add));
        }
        if (vt == null && verdicts.isEmpty()) {
            missing.add("section " + VERDICTS);
        } else if (vt != null) {
            int sc = vt.column("scenario / arm", "scenario", "arm", "id", "test", "name");
            int budget = vt.column("budget tier met", "budget tier", "budget", "tier");
            int verdict = vt.column("verdict", "result", "outcome", "status");
            int notes = vt.column("notes", "evidence", "details", "comment", "reason");
            int variant = variantColumn(vt, sc, budget, verdict, notes);
            Set<String> repeated = repeatedScenarios(vt, variant);
            vt.rows().forEach(r -> {
                // a table whose columns have other names still names an arm and spells a verdict somewhere in the row
                String whole = String.join(" | ", r);
                String arm = sc >= 0 && !FindingsFormat.armIn(vt.cell(r, sc)).isEmpty() ? armCell(vt.cell(r, sc))
                        : !FindingsFormat.armIn(whole).isEmpty() ? armCell(whole) : armCell(vt.cell(r, sc));
                verdicts.add(new VerdictRow(withVariant(arm, vt, r, variant, repeated), vt.cell(r, budget),
                        verdict >= 0 ? vt.cell(r, verdict) : whole, vt.cell(r, notes)));
            });
        }

        List<String> artifacts = new ArrayList<>();
        doc.section("artifact").ifPresentOrElse(s -> doc.body(s).stream().map(String::strip)
                .filter(l -> l.startsWith("-") || l.startsWith("*"))
                .forEach(l -> artifacts.add(MarkdownText.plain(l.substring(1).strip()))), () -> missing.add("section " + ARTIFACTS));
        return new SessionLog(header, toolbox, caps, pre, timeline, verdicts, artifacts, missing);
    }

    private static final java.util.regex.Pattern BULLET = java.util.regex.Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s+(.+)$");
    private static final java.util.regex.Pattern BUDGET_IN_TEXT = java.util.regex.Pattern.compile(
            "(?i)budget(?:\\s++tier)?(?:\\s++met)?\\s*+[:=]?\\s*+(release|hardening|smoke|none)");

    /** A verdict bullet: an arm id and a verdict on one list line; the rest of the line is its notes. */
    static Optional<VerdictRow> verdictBullet(String line) {
        java.util.regex.Matcher m = BULLET.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        String text = m.group(1).strip();
        String arm = FindingsFormat.armIn(text);
        if (arm.isEmpty()) {
            return Optional.empty();
        }
        java.util.regex.Matcher b = BUDGET_IN_TEXT.matcher(text);
        String budget = b.find() ? b.group(1).toLowerCase(java.util.Locale.ROOT) : "";
        // the verdict cell is the line after the id; VerdictRow finds the verdict spelled inside it
        String rest = text.replace("*", "").replace("`", "");
        rest = rest.substring(Math.max(0, rest.indexOf(arm.substring(1)) + arm.length() - 1)).strip();
        return Optional.of(new VerdictRow(arm, budget, rest.replaceFirst("^[:\u2014\u2013-]+", "").strip(), text));
    }

    /**
     * Per-arm results anywhere in a findings file that is not one arm's file ({@code findings/results.md}
     * with a table {@code | Arm | Verdict | Notes |}, or bullets {@code - S1/api: PASS-smoke}): every table
     * row and list line that names an arm and spells a verdict.
     */
    static List<VerdictRow> resultRows(String text) {
        MarkdownDoc doc = new MarkdownDoc(text);
        List<VerdictRow> out = new ArrayList<>();
        for (int i = 0; i + 1 < doc.lines.size(); i++) {
            if (doc.inFence[i] || !MarkdownTable.isRow(doc.lines.get(i)) || !MarkdownTable.isSeparator(doc.lines.get(i + 1))) {
                continue;
            }
            MarkdownTable t = MarkdownTable.first(doc.lines, i, doc.lines.size(), 1);
            if (t == null || t.rows().isEmpty()) {
                continue;
            }
            int id = t.column("scenario / arm", "id", "arm", "scenario", "test", "name");
            int verdict = t.column("verdict", "result", "outcome", "status");
            out.addAll(tableRows(t, id, verdict, false));
            i = t.lines().get(t.lines().size() - 1) - 1; // the last row's index; the loop moves past it
        }
        for (int k = 0; k < doc.lines.size(); k++) {
            if (!doc.inFence[k]) {
                verdictBullet(doc.lines.get(k)).filter(r -> r.verdict().isPresent()).ifPresent(out::add);
            }
        }
        return out;
    }

    /** Headers of a column that tells a scenario's rows apart: {@code | S1 | postgres | FAIL-reproducible |}. */
    private static final String[] VARIANT_HEADERS = {"arm", "surface", "variant", "backend", "back end", "store", "storage",
            "engine", "driver", "database", "db", "mode", "config", "configuration", "profile", "platform", "transport",
            "protocol", "topology", "target", "flavour", "flavor", "implementation", "client"};

    /**
     * The column that names a scenario's arm when the id column names only the scenario (Backend, Arm,
     * Surface, …), or -1. Without it two rows of one scenario read as one arm and were combined, and the
     * PASS of one backend disappeared beside the FAIL of the other.
     */
    static int variantColumn(MarkdownTable t, int... taken) {
        int named = namedVariantColumn(t, taken);
        return named >= 0 ? named : unnamedVariantColumn(t, taken);
    }

    /** Headers of columns that tell rows of one arm apart without being arms: seeds, runs, times. */
    private static final java.util.regex.Pattern NOT_A_VARIANT_HEADER = java.util.regex.Pattern.compile(
            "(?i)^(?:#|no|n|id|seeds?|runs?|attempts?|try|tries|iterations?|time.*|date|when|started|ended|duration|"
                    + "ops|count|budget.*|tier|verdict|result|outcome|status|notes?|evidence|details?|comments?|reason|"
                    + "oracle.*|checker.*|landing.*|artifacts?|links?|name|scenario.*|claims?|hypothes.*)$");
    private static final java.util.regex.Pattern NOT_A_VARIANT_VALUE = java.util.regex.Pattern.compile(
            "(?i)^(?:seed|run|attempt|try|iteration|re-?run)\\b|^[\\d\\s.,:/-]*+$");

    /**
     * A column of any other name that does what a Backend column does: the scenario id repeats over
     * rows and this column's short values tell every repeat apart ({@code | S1 | read committed | … |},
     * {@code | S1 | serializable | … |}). Seed, run and time columns never qualify: one row per seed is one arm.
     */
    private static int unnamedVariantColumn(MarkdownTable t, int... taken) {
        int id = taken.length > 0 ? taken[0] : -1;
        if (id < 0) {
            return -1;
        }
        for (int c = 0; c < t.header().size(); c++) {
            final int col = c;
            if (java.util.Arrays.stream(taken).anyMatch(x -> x == col)
                    || NOT_A_VARIANT_HEADER.matcher(t.header().get(c).replace("*", "").strip()).matches()) {
                continue;
            }
            Map<String, List<String>> valuesByScenario = new LinkedHashMap<>();
            for (List<String> r : t.rows()) {
                String arm = FindingsFormat.armIn(t.cell(r, id));
                if (!arm.isEmpty() && PlanId.armOf(arm).isEmpty()) {
                    valuesByScenario.computeIfAbsent(PlanId.key(arm), k -> new ArrayList<>())
                            .add(t.cell(r, c).replace("*", "").replace("`", "").strip());
                }
            }
            boolean repeats = false;
            boolean ok = true;
            for (List<String> values : valuesByScenario.values()) {
                if (values.size() < 2) {
                    continue;                                        // a scenario on one row says nothing about the column
                }
                repeats = true;
                java.util.Set<String> distinct = new java.util.HashSet<>();
                for (String v : values) {
                    if (v.length() > 30 || v.split("\\s+").length > 4 || NOT_A_VARIANT_VALUE.matcher(v).find()
                            || dev.falsify.model.verdict.Verdict.find(v).isPresent() || BudgetTier.find(v).isPresent()
                            || !distinct.add(v.toLowerCase(java.util.Locale.ROOT))) {
                        ok = false;
                    }
                }
            }
            if (ok && repeats) {
                return c;
            }
        }
        return -1;
    }

    private static int namedVariantColumn(MarkdownTable t, int... taken) {
        for (String name : VARIANT_HEADERS) {
            String want = MarkdownTable.norm(name);
            for (int c = 0; c < t.header().size(); c++) {
                final int col = c;
                if (java.util.Arrays.stream(taken).anyMatch(x -> x == col)) {
                    continue;
                }
                if (MarkdownTable.norm(t.header().get(c)).equals(want)) {
                    return c;
                }
            }
        }
        return -1;
    }

    /** Keys of the arm-less scenario ids that sit on more than one row (one pass over the table). */
    static Set<String> repeatedScenarios(MarkdownTable t, int variant) {
        if (variant < 0) {
            return Set.of();
        }
        Map<String, Integer> n = new java.util.HashMap<>();
        Set<String> out = new java.util.HashSet<>();
        for (List<String> r : t.rows()) {
            String a = FindingsFormat.armIn(String.join(" | ", r));
            if (!a.isEmpty() && PlanId.armOf(a).isEmpty()
                    && n.merge(PlanId.key(a), 1, Integer::sum) == 2) {
                out.add(PlanId.key(a));
            }
        }
        return out;
    }

    /** {@code S1} and variant cell {@code in-memory} → {@code S1/in-memory}; an id that has an arm keeps it. */
    static String withVariant(String armId, MarkdownTable t, List<String> row, int variant, Set<String> repeated) {
        if (variant < 0 || armId.isEmpty() || !PlanId.armOf(armId).isEmpty()) {
            return armId;
        }
        if (!repeated.contains(PlanId.key(armId))) {
            return armId;   // only a scenario on several rows has variants; one on a single row stays the plan's scenario
        }
        String cell = t.cell(row, variant).replace("*", "").replace("`", "").strip();
        String inCell = FindingsFormat.armIn(cell);
        if (!inCell.isEmpty() && !PlanId.armOf(inCell).isEmpty()) {
            return inCell;                                           // the variant column holds S1/api itself
        }
        String slug = cell.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_.-]+", "-").replaceAll("^-+|-+$", "");
        if (slug.isEmpty() || BudgetTier.find(cell).filter(b -> b.label().equalsIgnoreCase(cell)).isPresent()) {
            return armId;                                            // "—", or a tier in a "Mode" column: no arm on this row
        }
        if (!Character.isLetter(slug.charAt(0))) {
            slug = MarkdownTable.norm(t.header().get(variant)) + "-" + slug;   // "3 nodes" → topology-3-nodes
        }
        return PlanId.of(armId, slug);
    }

    /** The results of a findings report, wherever its layout puts them: {@link ReportTables#rows}. */
    public static List<VerdictRow> reportRows(String reportText) {
        return ReportTables.rows(reportText);
    }

    /**
     * Rows of a results table that name an arm and spell a verdict (or, with {@code listed}, name an arm at all: a
     * report's results table lists every arm), with their budget, notes and evidence cells.
     */
    static List<VerdictRow> tableRows(MarkdownTable t, int id, int verdict, boolean listed) {
        int budget = t.column("budget tier met", "budget tier", "budget", "tier");
        int oracle = t.column("oracle execution evidence", "oracle evidence", "checker evidence", "oracle result",
                "checker result", "execution evidence");
        int landing = t.column("nemesis landing evidence", "landing evidence", "nemesis + landing evidence",
                "nemesis evidence", "fault landing evidence", "landing");
        // an "Evidence" column is the notes of a table that has no evidence columns by name
        int notes = oracle < 0 && landing < 0 ? t.column("notes", "evidence", "details", "comment", "reason")
                : t.column("notes", "details", "comment", "reason");
        int variant = variantColumn(t, id, budget, verdict, notes, oracle, landing);
        Set<String> repeated = repeatedScenarios(t, variant);
        List<VerdictRow> out = new ArrayList<>();
        for (List<String> r : t.rows()) {
            String whole = String.join(" | ", r);
            String arm = FindingsFormat.armIn(t.cell(r, id));
            arm = arm.isEmpty() ? FindingsFormat.armIn(whole) : arm; // an ID column of row numbers
            arm = arm.isEmpty() ? arm : withVariant(arm, t, r, variant, repeated);
            VerdictRow row = new VerdictRow(arm, t.cell(r, budget), verdict >= 0 ? t.cell(r, verdict) : whole, t.cell(r, notes),
                    t.cell(r, oracle), t.cell(r, landing));
            if (!arm.isEmpty() && (listed || row.verdict().isPresent())) {
                out.add(row);
            }
        }
        return out;
    }

    /** A verdict-table id cell such as {@code **S5/api** linearizable_reads} → {@code S5/api}. */
    static String armCell(String cell) {
        String id = FindingsFormat.armIn(cell);
        return id.isEmpty() ? cell.replace("*", "").replace("`", "").strip() : id;
    }

    private static String first(Map<String, String> m, String... keys) {
        for (String k : keys) {
            if (m.containsKey(k)) {
                return unwrap(m.get(k));
            }
        }
        return "";
    }

    /** {@code `deadbeef`} → {@code deadbeef}: a value wholly in a code span or in bold is the inner text. */
    static String unwrap(String v) {
        String s = v.strip();
        for (String q : new String[] {"`", "**", "*", "_"}) {
            if (s.length() > 2 * q.length() && s.startsWith(q) && s.endsWith(q)
                    && !s.substring(q.length(), s.length() - q.length()).contains(q)) {
                return s.substring(q.length(), s.length() - q.length()).strip();
            }
        }
        return s;
    }
}
