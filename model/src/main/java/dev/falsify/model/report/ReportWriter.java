package dev.falsify.model.report;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.session.FindingFile;
import dev.falsify.model.session.MarkdownTable;
import dev.falsify.model.session.MarkdownText;
import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.TimelineEvent;
import dev.falsify.model.session.VerdictRow;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.AuditChecklist;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders {@code findings/report.md} from a session folder and its plan, with every section of
 * {@code sessions-and-verdicts.md} in order. Deterministic: the same folder and plan give the same
 * bytes (no "generated at" time), so reports can be golden-tested and diffed.
 */
public final class ReportWriter {
    private final SessionFolder session;
    private final PlanFacts plan;
    private final List<ArmVerdict> arms;
    private final Map<String, Verdict> scenarios;
    private final SessionFolder.PlanDeclarations context;

    private final SessionHeadline headline;

    private ReportWriter(SessionFolder session, SessionVerdicts verdicts) {
        this.session = session;
        this.plan = verdicts.plan();
        this.context = plan.sessionContext();
        // computed once, by SessionVerdicts (as the store, the window and falsify sessions get them): rendered, not recomputed
        this.arms = verdicts.arms();
        this.scenarios = verdicts.scenarios();
        this.headline = verdicts.headline();
    }

    public static String render(SessionFolder session, PlanFacts plan) {
        return render(session, SessionVerdicts.of(session, plan, Optional.empty()));
    }

    /** The report of verdicts already computed for {@code session}. */
    public static String render(SessionFolder session, SessionVerdicts verdicts) {
        return new ReportWriter(session, verdicts).render();
    }

    private String render() {
        StringBuilder b = new StringBuilder();
        title(b);
        summary(b);
        results(b);
        findings(b);
        surfaces(b);
        releaseBudgets(b);
        coverage(b);
        adequacy(b);
        confidence(b);
        greenButBroken(b);
        // the mark says the report is derived (never read back as written verdicts) unless someone edits it
        return SessionReader.markReport(b.toString());
    }

    private String slug() {
        if (!plan.slug().isBlank()) {
            return plan.slug();
        }
        return session.planSlug();
    }

    private void title(StringBuilder b) {
        b.append("# Findings: ").append(md(slug())).append(" @ ").append(md(session.name())).append("\n\n");
        var h = session.log().header();
        b.append("**Plan:** ").append(md(orDash(h.plan()) + (plan.present() ? "" : " (" + plan.problem() + ")")))
                .append("  \n");
        b.append("**Commit under test:** ").append(md(orDash(h.commit()))).append("  \n");
        b.append("**Session dir:** ").append(md(orDash(h.sessionDir().isBlank() ? session.dir().toString().replace('\\', '/')
                : h.sessionDir()))).append("  \n");
        if (session.interrupted()) {
            b.append(SessionReader.INTERRUPTED_MARK).append(" (no end marker) \u2014 results below cover what was written\n");
        }
        b.append('\n');
    }

    private void summary(StringBuilder b) {
        b.append("## Summary\n\n");
        b.append("**").append(headline.name()).append("** \u2014 ").append(md(headlineSentence(headline))).append("\n\n");
        Map<Verdict, List<String>> byVerdict = new LinkedHashMap<>();
        for (Verdict v : Verdict.values()) {
            List<String> ids = scenarios.entrySet().stream().filter(e -> e.getValue() == v).map(Map.Entry::getKey).toList();
            if (!ids.isEmpty()) {
                byVerdict.put(v, ids);
            }
        }
        byVerdict.forEach((v, ids) -> b.append("- ").append(v.label()).append(": ").append(md(String.join(", ", ids)))
                .append('\n'));
        for (ArmVerdict a : arms) {
            if (a.computed().isEmpty() || a.written().isEmpty() || a.written().get() == a.computed().get().verdict()) {
                continue;
            }
            if (a.finding().flatMap(FindingFile::evidence).isPresent()) {
                b.append("- Recomputed: ").append(md(a.armId())).append(" is written as ").append(a.written().get().label())
                        .append(" but its evidence gives ").append(a.computed().get().display())
                        .append(" (the computed verdict is used): ").append(md(a.computed().get().reason())).append('\n');
            } else {
                // a hand-written claim the folder's own record does not carry (ClaimCheck)
                b.append("- Downgraded: ").append(md(a.armId())).append(" \u2192 ").append(a.computed().get().display())
                        .append(": ").append(md(a.computed().get().reason())).append('\n');
            }
        }
        long overridden = arms.stream().filter(a -> a.override().isPresent()).count();
        if (overridden > 0) {
            b.append("- Reviewer overrides: ").append(overridden).append(" arm(s); computed and overriding verdicts are shown side by side\n");
            // each arm's effective override in full: a label-only override (blame, TaxDC) and its reason appear nowhere else
            for (ArmVerdict a : arms) {
                a.override().ifPresent(o -> b.append("  - ").append(md(a.armId())).append(" by ").append(md(orDash(o.author())))
                        .append(" at ").append(o.time()).append(": ").append(md(overrideLabels(o))).append(" \u2014 ")
                        .append(md(o.reason())).append('\n'));
            }
        }
        if (!plan.present()) {
            b.append("- Plan not available (").append(plan.problem()).append("): coverage, adequacy and confidence sections are limited\n");
        }
        List<String> missing = session.missing().stream().filter(m -> !m.equals("findings/report.md")).toList();
        if (!missing.isEmpty()) {
            b.append("- Missing from the session folder: ").append(md(String.join(", ", missing))).append('\n');
        }
        session.problems().forEach(p -> b.append("- Unreadable: ").append(md(p)).append('\n'));
        if (!session.otherFiles().isEmpty()) {
            b.append("- Not part of the session layout (kept, not read): ").append(md(String.join(", ", session.otherFiles())))
                    .append('\n');
        }
        b.append('\n');
    }

    private String headlineSentence(SessionHeadline h) {
        int total = scenarios.size();
        long fails = scenarios.values().stream().filter(Verdict::isFail).count();
        long passes = scenarios.values().stream().filter(Verdict::isPass).count();
        return switch (h) {
            case FAIL -> fails + " oracle violation" + (fails == 1 ? "" : "s") + " found ("
                    + scenarios.entrySet().stream().filter(e -> e.getValue().isFail()).map(Map.Entry::getKey)
                    .collect(Collectors.joining(", ")) + ")";
            case DONE -> "all " + total + " scenario" + (total == 1 ? "" : "s") + " passed with stated coverage";
            case DONE_WITH_CONCERNS -> passes + " of " + total + " scenarios passed; " + (total - passes)
                    + " inconclusive, partial or not run";
            case INCONCLUSIVE -> "no scenario passed; " + total + " inconclusive or partial";
            case BLOCKED -> "nothing ran";
        };
    }

    private void results(StringBuilder b) {
        b.append("## Scenario results\n\n");
        if (arms.isEmpty()) {
            b.append("No scenario reached a verdict in this session.\n\n");
            return;
        }
        b.append(SessionReader.RESULTS_HEADER).append('\n');
        b.append("|---|---|---|---|---|---|---|\n");
        for (ResultRow r : rows()) {
            List<String> links = new ArrayList<>();
            // the report sits in findings/: its findings files are linked by name
            r.finding().map(f -> f.substring(f.lastIndexOf('/') + 1)).ifPresent(f -> links.add(link(f, f)));
            r.artifacts().forEach(f -> links.add(link(f, "../" + f)));
            // every cell escaped as data but the links, which Falsify makes from escaped names and encoded targets
            MarkdownTable.appendMarkdownRow(b, MarkdownText.cell(r.armId()), MarkdownText.cell(r.name()),
                    MarkdownText.cell(r.verdictCell()), MarkdownText.cell(r.oracle()), MarkdownText.cell(r.oracleEvidence()),
                    MarkdownText.cell(r.landingEvidence()), links.isEmpty() ? "\u2014" : String.join(", ", links));
        }
        b.append('\n');
    }

    /**
     * The rows of the report's "Scenario results" table with the labels beside them, one per arm: what
     * the report prints and the workbench's session view shows, from the same rules.
     */
    public static List<ResultRow> resultRows(SessionFolder session, PlanFacts plan) {
        return new ReportWriter(session, SessionVerdicts.of(session, plan, Optional.empty())).rows();
    }

    private List<ResultRow> rows() {
        List<ResultRow> out = new ArrayList<>();
        // the findings folder as the author spelled it (Findings/ on a case-sensitive disk is not findings/)
        java.nio.file.Path fdir = SessionLayout.reportPath(session.dir()).getParent();
        String findingsDir = fdir == null || fdir.getFileName() == null ? SessionLayout.FINDINGS
                : fdir.getFileName().toString();
        for (ArmVerdict a : arms) {
            Optional<ArmEvidence> ev = a.finding().flatMap(FindingFile::evidence);
            Optional<PlanFacts.ScenarioFacts> ps = plan.scenario(a.scenario());
            String name = ps.map(PlanFacts.ScenarioFacts::name).orElse("");
            String oracle = ev.filter(e -> !e.oracles().isEmpty())
                    .map(e -> e.oracles().stream().map(OracleResult::checker).distinct().collect(Collectors.joining(", ")))
                    .or(() -> ps.map(PlanFacts.ScenarioFacts::checkers).filter(l -> !l.isEmpty()).map(l -> String.join(", ", l)))
                    .orElse("\u2014");
            FindingFile f = a.finding().orElse(null);
            Optional<VerdictOverride> o = a.override();
            Blame blame = o.map(VerdictOverride::blame).orElse(f == null ? null : f.blame().orElse(null));
            BugType bug = o.map(VerdictOverride::bugType).orElse(f == null ? null : f.bugType().orElse(null));
            out.add(new ResultRow(a.armId(), name, verdictCell(a), oracle, oracleEvidence(a, ev), landingEvidence(a, ev),
                    a.finding().map(x -> findingsDir + "/" + x.fileName()), artifactFiles(a),
                    Optional.ofNullable(blame), Optional.ofNullable(bug), downgrade(a)));
        }
        return out;
    }

    /** Why the verdict that counts differs from the one written in the folder, or empty. */
    private static Optional<String> downgrade(ArmVerdict a) {
        if (a.computed().isEmpty() || a.written().isEmpty() || a.written().get() == a.computed().get().verdict()) {
            return Optional.empty();
        }
        if (a.finding().flatMap(FindingFile::evidence).isPresent()) {
            return Optional.of("written as " + a.written().get().label() + " but its evidence gives "
                    + a.computed().get().display() + " (the computed verdict is used): " + a.computed().get().reason());
        }
        return Optional.of(a.computed().get().reason());
    }

    private static String verdictCell(ArmVerdict a) {
        String base = a.computed().map(Decision::display).orElse(a.baseVerdict().label());
        if (a.override().isEmpty() || a.override().get().verdict() == null) {
            return base;
        }
        return a.override().get().verdict().label() + " (override by " + a.override().get().author() + "; computed "
                + base + ")";
    }

    private static boolean neverRan(ArmVerdict a) {
        return a.baseVerdict() == Verdict.NOT_RUN || a.baseVerdict() == Verdict.INCONCLUSIVE_ENV;
    }

    private String oracleEvidence(ArmVerdict a, Optional<ArmEvidence> ev) {
        if (neverRan(a)) {
            return "did not run";
        }
        if (ev.isPresent() && !ev.get().oracles().isEmpty()) {
            return ev.get().oracles().stream().map(o -> o.checker() + " " + o.validity().name() + " on " + o.consumedText())
                    .collect(Collectors.joining("; "));
        }
        String t = timeline(a.armId(), "oracle", "check", "result");
        if (t.isEmpty()) {
            t = a.finding().flatMap(FindingFile::oracleEvidence).orElse("");
        }
        if (t.isEmpty()) {
            t = a.row().map(VerdictRow::oracleEvidence).orElse("");   // a results table's column (an author's report)
        }
        return t.isEmpty() ? "not recorded" : t;
    }

    private String landingEvidence(ArmVerdict a, Optional<ArmEvidence> ev) {
        if (neverRan(a)) {
            return "did not run";
        }
        if (ev.isPresent()) {
            if (ev.get().faults().isEmpty()) {
                return "no fault planned";
            }
            return ev.get().faults().stream().map(ReportWriter::landing).collect(Collectors.joining("; "));
        }
        String t = timeline(a.armId(), "landing");
        if (t.isEmpty()) {
            t = a.finding().flatMap(FindingFile::landingEvidence).orElse("");
        }
        if (t.isEmpty()) {
            t = a.row().map(VerdictRow::landingEvidence).orElse("");
        }
        if (t.isEmpty() && !context.listsFault(a.armId())) {
            return "no fault planned";
        }
        return t.isEmpty() ? "not recorded" : t;
    }

    private static String landing(FaultEvidence f) {
        String readings = f.readings().stream().map(r -> r.signal() + " " + r.before() + "\u2192" + r.during())
                .collect(Collectors.joining(", "));
        return f.name() + ": " + f.landing().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                + (readings.isEmpty() ? "" : " (" + readings + ")");
    }

    /** Notes of the timeline rows of {@code armId} whose event names any keyword. */
    private String timeline(String armId, String... keywords) {
        List<String> notes = new ArrayList<>();
        for (TimelineEvent e : session.timelineOf(armId)) {
            String ev = e.event().toLowerCase(Locale.ROOT);
            if (List.of(keywords).stream().anyMatch(ev::contains)) {
                notes.add(e.notes().isBlank() ? e.event() : e.notes());
            }
        }
        return String.join("; ", notes);
    }

    /** Files under artifacts/ and metrics/ named after the arm, relative to the session folder. */
    private List<String> artifactFiles(ArmVerdict a) {
        List<String> out = new ArrayList<>();
        String stem = PlanId.fileStem(a.armId());
        for (String file : session.artifactFiles()) {
            String name = file.substring(file.lastIndexOf('/') + 1);
            if (name.equals(stem) || name.startsWith(stem + ".") || name.startsWith(stem + "-")) {
                out.add(file);
            }
        }
        return out;
    }

    private void findings(StringBuilder b) {
        b.append("## Findings\n\n");
        int n = 0;
        for (ArmVerdict a : arms) {
            boolean fail = a.effective().isFail() || a.baseVerdict().isFail();
            if (!fail) {
                continue;
            }
            n++;
            FindingFile f = a.finding().orElse(null);
            Optional<VerdictOverride> o = a.override();
            String title = f == null || f.detail().title().isBlank() ? a.armId() + " violation" : f.detail().title();
            b.append("### Finding F").append(n).append(": ").append(md(title)).append("\n\n");
            String hyp = f == null ? "" : f.detail().hypothesis();
            if (hyp.isBlank()) {
                hyp = plan.scenario(a.scenario()).map(s -> String.join(", ", s.closes())).orElse("");
            }
            field(b, "Scenario", a.armId() + plan.scenario(a.scenario()).map(s -> " " + s.name()).orElse(""));
            field(b, "Verdict", verdictCell(a));
            field(b, "Hypothesis addressed", orNotRecorded(hyp));
            String happened = f == null || f.detail().whatHappened().isBlank()
                    ? a.computed().map(Decision::reason).orElse("") : f.detail().whatHappened();
            field(b, "What happened", orNotRecorded(happened.isBlank() ? verdictNotes(a) : happened));
            field(b, "Reproducer", orNotRecorded(f == null ? "" : f.detail().reproducer()));
            field(b, "Reduction classification", orNotRecorded(f == null ? "" : f.detail().reduction()));
            Blame computedBlame = f == null ? null : f.blame().orElse(null);
            Blame blame = o.map(VerdictOverride::blame).orElse(computedBlame);
            field(b, "Blame", (blame == null ? Blame.UNKNOWN : blame).label()
                    + (o.isPresent() && o.get().blame() != null ? " (override by " + o.get().author() + ")" : ""));
            BugType bug = o.map(VerdictOverride::bugType).orElse(f == null ? null : f.bugType().orElse(null));
            FindingSeverity sev = o.map(VerdictOverride::severity).orElse(f == null ? null : f.severity().orElse(null));
            field(b, "Classification (TaxDC)", (bug == null ? "not classified yet" : bug.display())
                    + (sev == null ? "" : "; severity " + sev.name()));
            field(b, "Evidence", evidence(a, f));
            field(b, "Hypothesised root cause", orNotRecorded(f == null ? "" : f.detail().rootCause()));
            field(b, "Suggested next action", orNotRecorded(f == null ? "" : f.detail().nextAction()));
            o.ifPresent(ov -> field(b, "Reviewer override", ov.author() + " at " + ov.time() + ": " + ov.reason()));
            b.append('\n');
            for (String picture : pictures(a.armId())) {
                b.append("![").append(linkText(pictureCaption(picture))).append("](").append(linkTarget(picture)).append(")\n\n");
            }
        }
        if (n == 0) {
            b.append("No oracle violation was found in this session.\n\n");
        }
        classified(b);
    }

    /**
     * The labels a finding gives an arm that is not a violation (an INCONCLUSIVE blamed on the harness, a PARTIAL
     * classified as a config problem): its reduction classification, blame and TaxDC classification are as much
     * the record as a FAIL's, so every verdict shows them.
     */
    private void classified(StringBuilder b) {
        for (ArmVerdict a : arms) {
            if (a.effective().isFail() || a.baseVerdict().isFail()) {
                continue;
            }
            FindingFile f = a.finding().orElse(null);
            Optional<VerdictOverride> o = a.override();
            String reduction = f == null ? "" : f.detail().reduction();
            Blame blame = o.map(VerdictOverride::blame).orElse(f == null ? null : f.blame().orElse(null));
            BugType bug = o.map(VerdictOverride::bugType).orElse(f == null ? null : f.bugType().orElse(null));
            FindingSeverity sev = o.map(VerdictOverride::severity).orElse(f == null ? null : f.severity().orElse(null));
            if (reduction.isBlank() && blame == null && bug == null && sev == null) {
                continue;
            }
            b.append("### Classified: ").append(md(a.armId())).append(" (").append(a.effective().label()).append(")\n\n");
            if (f != null && !f.detail().title().isBlank()) {
                field(b, "Finding", f.detail().title());
            }
            field(b, "Verdict", verdictCell(a));
            field(b, "Reduction classification", orNotRecorded(reduction));
            field(b, "Blame", (blame == null ? "not recorded" : blame.label())
                    + (o.isPresent() && o.get().blame() != null ? " (override by " + o.get().author() + ")" : ""));
            field(b, "Classification (TaxDC)", (bug == null ? "not classified" : bug.display())
                    + (sev == null ? "" : "; severity " + sev.name()));
            a.computed().map(Decision::reason).filter(r -> !r.isBlank()).ifPresent(r -> field(b, "Why this verdict", r));
            b.append('\n');
        }
    }

    /**
     * The arm's pictures in findings/ ({@code S1-1.linearizability-counterexample.svg}: named after its
     * seed runs, as the runner names its artifacts). Only files that exist are listed: they are drawn
     * by the runner or {@code falsify report}, which see the checkers; this writer only links them.
     */
    private List<String> pictures(String armId) {
        List<String> stems = List.of(PlanId.fileStem(armId), armId.strip().replace('/', '_'));
        return session.pictures().stream()
                .filter(p -> stems.stream().anyMatch(s -> p.startsWith(s + "-") || p.startsWith(s + ".")))
                // by seed label (S1-1 before its re-run S1-1-rerun1), then name
                .sorted(java.util.Comparator.comparing((String p) -> p.indexOf('.') < 0 ? p : p.substring(0, p.indexOf('.')))
                        .thenComparing(java.util.Comparator.naturalOrder()))
                .toList();
    }

    /** {@code S1-1.linearizability-counterexample.svg} → {@code S1-1 linearizability counterexample}. */
    private static String pictureCaption(String file) {
        String base = file.substring(0, file.length() - ".svg".length());
        int dot = base.indexOf('.');
        String what = dot < 0 ? "" : base.substring(dot + 1).replaceFirst("-counterexample$", " counterexample")
                .replaceFirst("-anomaly-([0-9]+)$", " anomaly $1");
        String caption = dot < 0 ? base : base.substring(0, dot) + " " + what;
        return caption.replace("[", "(").replace("]", ")");
    }

    /** A file name as a Markdown link target (spaces and parentheses would end it). */
    private static String linkTarget(String file) {
        // every byte outside [A-Za-z0-9._~/-] percent-encoded: a space or ')' cannot end the target, a ':' cannot
        // make a folder's file name ("javascript:…") a scheme, '#' and '?' cannot cut it
        StringBuilder b = new StringBuilder();
        for (byte x : file.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            char c = (char) (x & 0xFF);
            if (c < 128 && (Character.isLetterOrDigit(c) || "._~/-".indexOf(c) >= 0)) {
                b.append(c);
            } else {
                b.append('%').append(String.format("%02X", x & 0xFF));
            }
        }
        return b.toString();
    }

    /** What the session log's verdict table says of the arm (every row: one per seed is common), or empty. */
    private String verdictNotes(ArmVerdict a) {
        return session.log().verdicts().stream().filter(r -> PlanId.same(r.armId(), a.armId()))
                .map(r -> r.notes().startsWith("rows: ") ? r.notes().substring(6) : r.written().strip()
                        + (r.notes().isBlank() ? "" : " (" + r.notes().strip() + ")"))
                .collect(Collectors.joining("; "));
    }

    private String evidence(ArmVerdict a, FindingFile f) {
        List<String> parts = new ArrayList<>();
        a.computed().ifPresent(d -> parts.add(d.reason()));
        String rows = verdictNotes(a);
        // with an evidence block the runner wrote the verdict row from the same record: nothing new to cite
        if (!rows.isBlank() && a.finding().flatMap(FindingFile::evidence).isEmpty()) {
            parts.add("verdict table: " + rows);
        }
        // likewise the timeline's oracle and re-run rows: the runner wrote them from the record the decision cites
        String t = a.finding().flatMap(FindingFile::evidence).isPresent() ? ""
                : timeline(a.armId(), "oracle", "re-run", "rerun");
        if (!t.isEmpty()) {
            parts.add("timeline: " + t);
        }
        if (f != null) {
            f.evidenceText().ifPresent(parts::add);
            parts.add("findings/" + f.fileName());
        }
        return parts.isEmpty() ? "not recorded" : String.join("; ", parts);
    }

    private void surfaces(StringBuilder b) {
        b.append("## Surface coverage\n\n");
        Map<String, List<String>> declared = new LinkedHashMap<>();
        plan.scenarios().stream().filter(s -> !s.arms().isEmpty()).forEach(s -> declared.put(s.id(), s.arms()));
        arms.stream().filter(a -> !PlanId.armOf(a.armId()).isEmpty()).forEach(a -> {
            String key = declared.keySet().stream().filter(k -> PlanId.same(k, a.scenario())).findFirst()
                    .orElse(a.scenario());
            declared.computeIfAbsent(key, k -> new ArrayList<>());
        });
        if (declared.isEmpty()) {
            b.append("No scenario in this plan or session is split into surface arms.\n\n");
            return;
        }
        b.append("| Scenario | Surface arm | Verdict | Notes |\n|---|---|---|---|\n");
        for (Map.Entry<String, List<String>> e : declared.entrySet()) {
            List<String> armNames = new ArrayList<>();
            e.getValue().forEach(x -> armNames.add(PlanId.armOf(x).isEmpty() ? x : PlanId.armOf(x)));
            arms.stream().filter(a -> PlanId.same(a.scenario(), e.getKey())).map(a -> PlanId.armOf(a.armId()))
                    .filter(x -> !x.isEmpty() && armNames.stream().noneMatch(y -> y.equalsIgnoreCase(x)))
                    .forEach(armNames::add);
            for (String arm : armNames) {
                Optional<ArmVerdict> a = arms.stream().filter(x -> PlanId.same(x.scenario(), e.getKey())
                        && PlanId.armOf(x.armId()).equalsIgnoreCase(arm)).findFirst();
                String note = a.isEmpty() ? "declared in the plan, not in this session"
                        : e.getValue().stream().noneMatch(x -> x.endsWith(arm)) && !e.getValue().isEmpty()
                        ? "not declared in the plan" : "";
                MarkdownTable.appendRow(b, e.getKey(), arm, a.map(ReportWriter::verdictCell).orElse(Verdict.NOT_RUN.label()), note);
            }
        }
        b.append('\n');
    }

    private void releaseBudgets(StringBuilder b) {
        b.append("## Release-budget disclosures\n\n");
        if (plan.scenarios().isEmpty()) {
            b.append("No plan scenarios available: release budgets cannot be disclosed.\n\n");
            return;
        }
        b.append("| Scenario | Release budget (plan) | Met in this session? |\n|---|---|---|\n");
        for (PlanFacts.ScenarioFacts s : plan.scenarios()) {
            String rb = s.releaseBudget().isBlank() ? "not stated in the plan (no disclosure)"
                    : s.releaseBudget().strip().matches("(?i)tbd\\.?|todo\\.?|\\?+") ? s.releaseBudget()
                    + " (no disclosure: expected `not provided \u2014 reason. Revisit when: \u2026`)" : s.releaseBudget();
            List<ArmVerdict> mine = arms.stream().filter(a -> PlanId.same(a.scenario(), s.id())).toList();
            String met;
            if (mine.isEmpty()) {
                met = "not run in this session";
            } else if (mine.stream().allMatch(a -> a.computed().map(Decision::release).orElse(false)
                    || a.budget().toLowerCase(Locale.ROOT).contains("release"))) {
                met = "yes";
            } else {
                met = "no (" + mine.stream().map(a -> a.armId() + ": " + (a.budget().isBlank() ? "not recorded" : a.budget()))
                        .collect(Collectors.joining(", ")) + ")";
            }
            MarkdownTable.appendRow(b, s.id(), rb, met);
        }
        b.append('\n');
    }

    private void coverage(StringBuilder b) {
        b.append("## Coverage summary\n\n");
        if (plan.hypotheses().isEmpty()) {
            b.append("The plan's hypotheses are not available (").append(plan.present() ? "the plan lists none"
                    : md(plan.problem())).append(").\n\n");
            return;
        }
        b.append("| Hypothesis | Claims | Scenario(s) | Exercised? | Result / reason |\n|---|---|---|---|---|\n");
        for (PlanFacts.HypothesisFacts h : plan.hypotheses()) {
            List<PlanFacts.ScenarioFacts> closers = plan.scenarios().stream()
                    .filter(s -> s.closes().stream().anyMatch(c -> PlanId.same(c, h.id()))).toList();
            String scen = closers.isEmpty() ? "\u2014" : closers.stream().map(PlanFacts.ScenarioFacts::id)
                    .collect(Collectors.joining(", "));
            List<String> results = new ArrayList<>();
            boolean exercised = false;
            for (PlanFacts.ScenarioFacts s : closers) {
                Optional<Verdict> v = scenarioVerdict(s.id());
                if (v.isEmpty()) {
                    results.add(s.id() + " not in this session");
                } else if (v.get() == Verdict.NOT_RUN || v.get() == Verdict.INCONCLUSIVE_ENV) {
                    results.add(s.id() + " " + v.get().label() + reasonFor(s.id()));
                } else {
                    exercised = true;
                    results.add(s.id() + " " + v.get().label());
                }
            }
            String reason;
            if (closers.isEmpty()) {
                reason = "no scenario closes it" + deferral(h.id(), h.falsifies());
            } else {
                reason = String.join("; ", results);
            }
            MarkdownTable.appendRow(b, h.id() + (h.title().isBlank() ? "" : " " + h.title()), String.join(", ", h.falsifies()), scen,
                    exercised ? "yes" : "no", reason);
        }
        b.append('\n');
    }

    private String reasonFor(String scenarioId) {
        return arms.stream().filter(a -> PlanId.same(a.scenario(), scenarioId)).findFirst()
                .map(a -> a.computed().map(d -> " (" + d.reason() + ")")
                        .orElseGet(() -> {
                            String t = timeline(a.armId(), "skip", "not run", "blocked");
                            if (!t.isEmpty()) {
                                return " (" + t + ")";
                            }
                            return a.written().isEmpty() ? " (no verdict written" + (session.interrupted()
                                    ? "; the session was interrupted)" : ")") : "";
                        }))
                .orElse("");
    }

    /** "; deferred in §9" / "; listed in §7c" when the plan says so. */
    private String deferral(String hypothesisId, List<String> claims) {
        if (plan.followups().stream().anyMatch(f -> mentions(f, hypothesisId))) {
            return "; deferred in \u00a79";
        }
        if (plan.residual().stream().anyMatch(r -> mentions(r, hypothesisId) || claims.stream().anyMatch(c -> mentions(r, c)))) {
            return "; listed as residual uncertainty in \u00a77c";
        }
        return "; not deferred in the plan";
    }

    private static boolean mentions(String text, String id) {
        return java.util.regex.Pattern.compile("(?<![A-Za-z0-9])" + java.util.regex.Pattern.quote(id) + "(?![0-9])")
                .matcher(text).find();
    }

    private Optional<Verdict> scenarioVerdict(String id) {
        return scenarios.entrySet().stream().filter(e -> PlanId.same(e.getKey(), id)).map(Map.Entry::getValue).findFirst();
    }

    private void adequacy(StringBuilder b) {
        b.append("## Adequacy assessment vs the plan's coverage argument\n\n");
        List<String> claims = new ArrayList<>();
        plan.adequacy().forEach(a -> claims.add(a.claim()));
        plan.scenarios().stream().filter(s -> scenarioVerdict(s.id()).isPresent()).flatMap(s -> s.falsifies().stream())
                .filter(c -> claims.stream().noneMatch(x -> PlanId.same(x, c))).distinct().forEach(claims::add);
        if (claims.isEmpty()) {
            b.append("The plan's \u00a77b adequacy argument is not available (").append(plan.present()
                    ? "the plan has no \u00a77b rows" : md(plan.problem())).append(").\n\n");
            return;
        }
        b.append("| Claim | Plan's adequacy argument | What actually ran | Adequacy after this run |\n|---|---|---|---|\n");
        for (String claim : claims) {
            String argument = plan.adequacy().stream().filter(a -> PlanId.same(a.claim(), claim))
                    .map(PlanFacts.Adequacy::argument).findFirst().orElse("not in \u00a77b");
            Map<String, Verdict> ran = ranFor(claim);
            String what = ran.isEmpty() ? "nothing" : ran.entrySet().stream().map(e -> e.getKey() + " " + e.getValue().label())
                    .collect(Collectors.joining(", "));
            MarkdownTable.appendRow(b, claim, argument, what, adequacyAfter(ran));
        }
        b.append('\n');
    }

    /** Scenario id → verdict, for this session's scenarios that falsify {@code claim}. */
    private Map<String, Verdict> ranFor(String claim) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        for (PlanFacts.ScenarioFacts s : plan.scenarios()) {
            if (s.falsifies().stream().anyMatch(c -> PlanId.same(c, claim))) {
                scenarioVerdict(s.id()).ifPresent(v -> out.put(s.id(), v));
            }
        }
        return out;
    }

    private static String adequacyAfter(Map<String, Verdict> ran) {
        if (ran.isEmpty()) {
            return "not exercised: the argument is untested";
        }
        if (ran.values().stream().anyMatch(Verdict::isFail)) {
            return "claim falsified";
        }
        if (ran.values().stream().allMatch(v -> v == Verdict.PASS_HARDENING)) {
            return "as argued";
        }
        if (ran.values().stream().anyMatch(Verdict::isPass)) {
            return "weaker than argued (" + ran.entrySet().stream().filter(e -> e.getValue() != Verdict.PASS_HARDENING)
                    .map(e -> e.getKey() + " " + e.getValue().label()).collect(Collectors.joining(", ")) + ")";
        }
        return "not established (no scenario passed)";
    }

    private void confidence(StringBuilder b) {
        b.append("## Confidence delta\n\n");
        if (!plan.confidence().isBlank()) {
            b.append("Plan \u00a77d: ").append(md(plan.confidence())).append("\n\n");
        } else {
            b.append("Plan \u00a77d: not available").append(plan.present() ? "" : " (" + md(plan.problem()) + ")").append(".\n\n");
        }
        List<String> claims = new ArrayList<>();
        plan.claims().forEach(c -> claims.add(c.id()));
        if (claims.isEmpty()) {
            b.append("Unchanged \u2014 no claims to compare against.\n\n");
            return;
        }
        List<String> more = new ArrayList<>();
        List<String> less = new ArrayList<>();
        List<String> same = new ArrayList<>();
        for (String c : claims) {
            Map<String, Verdict> ran = ranFor(c);
            String ids = String.join(", ", ran.keySet());
            if (ran.values().stream().anyMatch(Verdict::isFail)) {
                less.add(c + " (falsified by " + ran.entrySet().stream().filter(e -> e.getValue().isFail())
                        .map(Map.Entry::getKey).collect(Collectors.joining(", ")) + ")");
            } else if (!ran.isEmpty() && ran.values().stream().allMatch(v -> v == Verdict.PASS_HARDENING)) {
                more.add(c + " (" + ids + " PASS-hardening)");
            } else {
                same.add(c + (ran.isEmpty() ? " (not exercised)" : " (" + ran.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue().label()).collect(Collectors.joining(", ")) + ")"));
            }
        }
        String overall = !less.isEmpty() ? "Less" : !more.isEmpty() ? "More" : "Unchanged";
        b.append("**Overall: ").append(overall).append("** relative to the plan's confidence statement (\u00a77d).\n\n");
        b.append("- More: ").append(more.isEmpty() ? "none" : md(String.join("; ", more))).append('\n');
        b.append("- Less: ").append(less.isEmpty() ? "none" : md(String.join("; ", less))).append('\n');
        b.append("- Unchanged: ").append(same.isEmpty() ? "none" : md(String.join("; ", same))).append("\n\n");
    }

    private void greenButBroken(StringBuilder b) {
        b.append("## Green-but-broken check\n\n");
        if (arms.isEmpty()) {
            b.append("No arm to check.\n");
            return;
        }
        for (ArmVerdict a : arms) {
            b.append("### ").append(md(a.armId())).append(" \u2014 ").append(a.effective().label()).append("\n\n");
            if (a.effective() == Verdict.NOT_RUN || a.effective() == Verdict.INCONCLUSIVE_ENV) {
                b.append("Not evaluated: the arm never ran (").append(a.effective().label()).append(").\n\n");
                continue;
            }
            // the findings file's checklists, else those an author's report wrote for the arm
            List<AuditItem> gbb = a.finding().map(FindingFile::greenButBroken).filter(l -> !l.isEmpty())
                    .or(() -> a.row().map(VerdictRow::greenButBroken)).orElse(List.of());
            List<AuditItem> weak = a.finding().map(FindingFile::weakOracleAudit).filter(l -> !l.isEmpty())
                    .or(() -> a.row().map(VerdictRow::weakOracleAudit)).orElse(List.of());
            for (AuditItem i : AuditChecklist.complete(gbb, AuditCheck.Checklist.GREEN_BUT_BROKEN)) {
                item(b, i);
            }
            b.append("\nWeak-oracle audit")
                    .append(":\n\n");
            for (AuditItem i : AuditChecklist.complete(weak, AuditCheck.Checklist.WEAK_ORACLE)) {
                item(b, i);
            }
            b.append('\n');
        }
    }

    private static void item(StringBuilder b, AuditItem i) {
        b.append("- [").append(i.ticked() ? "x" : " ").append("] ").append(MarkdownText.lineStart(i.check())).append(" \u2014 ")
                .append(i.status() == AuditItem.Status.FAILED ? "FAILED: " : "").append(md(i.evidenceOrNotEvaluated()))
                .append('\n');
    }

    private static void field(StringBuilder b, String label, String value) {
        b.append("- **").append(label).append(":** ").append(md(value)).append('\n');
    }


    private static String overrideLabels(VerdictOverride o) {
        List<String> parts = new ArrayList<>();
        if (o.verdict() != null) {
            parts.add("verdict " + o.verdict().label());
        }
        if (o.blame() != null) {
            parts.add("blame " + o.blame().label());
        }
        if (o.bugType() != null) {
            parts.add("TaxDC " + o.bugType().display());
        }
        if (o.severity() != null) {
            parts.add("severity " + o.severity().name());
        }
        return parts.isEmpty() ? "note" : String.join(", ", parts);
    }

    /** Data (SUT text, names, the plan's prose) as one inert line: {@link MarkdownText#inline}. */
    private static String md(String s) {
        return MarkdownText.inline(s);
    }

    /** A link Falsify makes to a file of the folder: the name as escaped link text, the target percent-encoded. */
    private static String link(String name, String target) {
        return "[" + linkText(name) + "](" + linkTarget(target) + ")";
    }

    /** Link text: inert, and a {@code ]} or {@code |} in a file name cannot end the text or the table cell. */
    private static String linkText(String s) {
        return MarkdownText.cell(s).replace("]", "\\]");
    }

    private static String orDash(String s) {
        return s == null || s.isBlank() ? "\u2014" : s;
    }

    private static String orNotRecorded(String s) {
        return s == null || s.isBlank() ? "not recorded" : s;
    }
}
