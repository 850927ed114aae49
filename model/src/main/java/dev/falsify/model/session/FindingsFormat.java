package dev.falsify.model.session;

import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.AuditChecklist;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.PlanId;
import dev.falsify.model.vocabulary.Validity;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Writes and reads {@code findings/<scenario>.md}. */
public final class FindingsFormat {
    /** Info string of the fenced block carrying the evidence record as JSON. */
    public static final String EVIDENCE_INFO = "falsify-evidence";
    /** {@code S5/api}, {@code s05 / api}, {@code S1}: an arm part after a slash starts with a letter. */
    /** "SUT / harness / checker / environment": the classification step as planned, not its outcome. */
    private static final Pattern LISTS_BLAMES = Pattern.compile("(?i)\\b(?:sut|harness|checker|environment)\\s*+[/|,]");
    private static final Pattern ARM_IN_TITLE = Pattern.compile("\\b([Ss]\\d+[A-Za-z]?(?:\\s*/\\s*[A-Za-z][A-Za-z0-9_.-]*)?)\\b");

    /** {@code S3 name — PASS-hardening}: the verdict at the end of a title is not part of the finding's title. */
    private static final Pattern TITLE_VERDICT = Pattern.compile("(?<!\\s)\\s*+(?<![\u2014\u2013:-])[\u2014\u2013:-]++\\s*+[*`]{0,3}+[A-Za-z]{1,20}[-_ ][A-Za-z-]{1,30}[*`]{0,3}+\\s*+$"
            + "(?<=(?i:smoke|hardening|reproducible|deterministic|env|weak|proven|surface|model|run)[*`]{0,3}\\s{0,40})");

    private static final Pattern FINDING_HEADING = Pattern.compile("(?im)^#{2,4}\\s*Finding(?:\\s+F\\d+)?\\s*[:\u2014-]\\s*(.+)$");

    private FindingsFormat() {
    }

    /** File name for an arm: {@code S5/api} → {@code S5-api.md}. */
    public static String fileName(String armId) {
        return PlanId.fileStem(armId) + ".md";
    }

    public static String render(String scenarioName, ArmEvidence e, Decision d, FindingDetail detail) {
        StringBuilder b = new StringBuilder();
        String armId = e.armId();
        String arm = MarkdownText.inline(armId);
        b.append("# ").append(arm).append(scenarioName.isBlank() ? "" : ": " + MarkdownText.inline(scenarioName))
                .append(" \u2014 ").append(d.display()).append("\n\n");
        b.append("**Scenario:** ").append(arm).append('\n');
        b.append("**Verdict:** ").append(d.display()).append('\n');
        label(b, "Verdict reason", d.reason());
        b.append("**Budget tier met:** ").append(e.budgetMet().label()).append('\n');
        if (!e.seeds().isEmpty()) {
            label(b, "Seeds", e.seeds().stream().map(FindingsFormat::seed).collect(Collectors.joining(", ")));
        }
        if (d.verdict().isFail()) {
            b.append("**Blame:** ").append(Blame.UNKNOWN.label()).append('\n');
        }
        if (!detail.title().isBlank()) {
            b.append("\n## Finding: ").append(MarkdownText.inline(detail.title())).append("\n\n");
        }
        label(b, "Hypothesis addressed", detail.hypothesis());
        label(b, "What happened", detail.whatHappened());
        label(b, "Reproducer", detail.reproducer());
        label(b, "Reduction classification", detail.reduction());
        label(b, "Hypothesised root cause", detail.rootCause());
        label(b, "Suggested next action", detail.nextAction());
        if (!e.notes().isBlank()) {
            label(b, "Notes", e.notes());
        }
        if (!e.probes().isEmpty()) {
            b.append("\n## Capability probes\n\n| Requirement | Present? | Version | Source | Required |\n|---|---|---|---|---|\n");
            e.probes().forEach(p -> MarkdownTable.appendRow(b, p.requirement(), p.present() ? "yes" : "no", p.version(), p.source(),
                    p.required() ? "yes" : "no"));
        }
        b.append("\n## Oracle results\n\n");
        if (e.oracles().isEmpty()) {
            b.append("No checker or oracle result was recorded.\n");
        } else {
            b.append("| Checker | Validity | Ops consumed | Ops total | Weaknesses | Summary |\n|---|---|---|---|---|---|\n");
            for (OracleResult o : e.oracles()) {
                // a monitor's counts are message events, not ops: the cell says so
                String unit = o.unit() == null ? "" : " " + o.unit();
                MarkdownTable.appendRow(b, o.checker(), o.validity().name(), o.opsConsumed() + unit, o.opsTotal() + unit,
                        o.weaknesses().isEmpty() ? "none" : String.join("; ", o.weaknesses()), o.summary());
            }
        }
        if (!e.historyGaps().isEmpty()) {
            b.append("\nHistory gaps: ").append(MarkdownText.inline(String.join("; ", e.historyGaps()))).append('\n');
        }
        b.append("\n## Faults and landing evidence\n\n");
        if (e.faults().isEmpty()) {
            b.append("No fault was planned for this arm.\n");
        } else {
            b.append("| Fault | Kind | Injected | Healed | Landing | Readings |\n|---|---|---|---|---|---|\n");
            for (FaultEvidence f : e.faults()) {
                MarkdownTable.appendRow(b, f.name(), f.kind(), f.injected() ? "yes" : "no", f.healed() ? "yes" : "no",
                        f.landing().name().toLowerCase().replace('_', ' '),
                        f.readings().stream().map(FindingsFormat::reading).collect(Collectors.joining("; ")));
            }
        }
        b.append("\n## Green-but-broken check\n\n");
        audit(b, AuditChecklist.complete(e.greenButBroken(), AuditCheck.Checklist.GREEN_BUT_BROKEN));
        b.append("\n## Weak-oracle audit\n\n");
        audit(b, AuditChecklist.complete(e.weakOracleAudit(), AuditCheck.Checklist.WEAK_ORACLE));
        b.append("\n## Evidence\n\n```").append(EVIDENCE_INFO).append('\n').append(EvidenceJson.write(e))
                .append("\n```\n");
        return b.toString();
    }

    static String seed(SeedRun s) {
        return s.seed() + (s.rerun() ? " (re-run)" : "") + " " + s.outcome().name().toLowerCase();
    }

    static String reading(LandingReading r) {
        String met = r.met() == null ? "not evaluated" : r.met() ? "met" : "not met";
        return r.signal() + " " + r.before() + " \u2192 " + r.during()
                + (r.expectation().isBlank() ? "" : " (" + r.expectation() + ": " + met + ")");
    }

    static void audit(StringBuilder b, List<AuditItem> items) {
        for (AuditItem a : items) {
            b.append("- [").append(a.ticked() ? "x" : " ").append("] ").append(MarkdownText.lineStart(a.check())).append(" \u2014 ")
                    .append(a.status() == AuditItem.Status.FAILED ? "FAILED: " : "")
                    .append(MarkdownText.inline(a.evidenceOrNotEvaluated())).append('\n');
        }
    }

    private static void label(StringBuilder b, String label, String value) {
        if (!value.isBlank()) {
            b.append("**").append(label).append(":** ").append(MarkdownText.inline(value)).append('\n');
        }
    }


    /** Reads a findings file written by Falsify, by an agent or by hand. Never throws on content. */
    public static FindingFile parse(String fileName, String text) {
        MarkdownDoc doc = new MarkdownDoc(text);
        String stem = fileName.replaceFirst("(?i)\\.(md|markdown)$", "");
        // S5_api.md and S5-api.md both name arm S5/api; a bare S5.md names the scenario
        String fromName = armIn(stem.replaceFirst("^([Ss]\\d+[A-Za-z]?)[-_]", "$1/"));
        String labelled = doc.label("scenario / arm", "scenario", "arm").map(FindingsFormat::armIn).orElse("");
        if (!fromName.isEmpty() && fromName.contains("/") && !labelled.contains("/")
                && PlanId.key(labelled).equals(PlanId.key(
                PlanId.scenarioOf(fromName)))) {
            labelled = fromName;   // "**Scenario:** S2 (postgres backend)" in S2-postgres.md is arm S2/postgres
        }
        String armId = !labelled.isEmpty() ? labelled : !armIn(doc.title).isEmpty() ? armIn(doc.title)
                : !fromName.isEmpty() ? fromName : stem;
        boolean identified = !labelled.isEmpty() || !armIn(doc.title).isEmpty() || !fromName.isEmpty();
        Optional<String> writtenLabel = doc.label("verdict", "computed verdict", "result", "outcome", "status");
        Optional<Verdict> written = writtenLabel.flatMap(Verdict::find)
                .or(() -> Verdict.find(doc.title))
                // prose elsewhere in a file that names no arm (a README) is not a verdict
                .or(() -> identified ? Verdict.find(text) : Optional.empty())
                .or(() -> writtenLabel.flatMap(Verdict::findBare));
        // the reduction's last step is the blame: "**Reduction classification:** harness" names it when no Blame line does
        Optional<Blame> blame = doc.label("blame", "blame (after reduction)").flatMap(Blame::find)
                .or(() -> doc.label("reduction classification", "reduction").filter(v -> !LISTS_BLAMES.matcher(v).find())
                        .flatMap(Blame::find));
        Optional<BugType> bug = doc.label("classification (taxdc)", "taxdc", "bug type", "classification")
                .flatMap(BugType::find);
        Optional<FindingSeverity> severity = doc.label("severity").flatMap(FindingSeverity::find)
                .or(() -> doc.label("classification (taxdc)", "taxdc", "bug type").flatMap(FindingSeverity::find));
        Matcher fm = FINDING_HEADING.matcher(text);
        String findingTitle = fm.find() ? fm.group(1).strip() : doc.label("title", "finding")
                .orElse(TITLE_VERDICT.matcher(doc.title).replaceFirst(""));
        FindingDetail detail = new FindingDetail(findingTitle,
                doc.label("hypothesis addressed", "hypothesis").orElse(""),
                doc.label("what happened").orElse(firstParagraph(doc)),
                doc.label("reproducer").orElse(""),
                doc.label("reduction classification", "reduction").orElse(""),
                doc.label("hypothesised root cause", "hypothesized root cause", "root cause").orElse(""),
                doc.label("suggested next action", "next action").orElse(""));
        List<String> problems = new java.util.ArrayList<>();
        Optional<ArmEvidence> evidence = evidence(doc, problems);
        List<AuditItem> checklist = doc.section("green-but-broken", "green but broken")
                .map(sec -> checkboxes(doc.body(sec))).orElse(List.of());
        List<AuditItem> audit = doc.section("weak-oracle", "weak oracle")
                .map(sec -> checkboxes(doc.body(sec))).orElse(List.of());
        return new FindingFile(armId, fileName, doc.title, written, blame, bug, severity, detail, evidence, problems,
                checklist, audit, identified, writtenLabel.orElse(""), text);
    }

    /**
     * The evidence record, taken only from where Falsify writes it: the {@code falsify-evidence} block that
     * ends the file (only blank lines after its closing fence). Falsify writes it last, after every field a
     * run fills from what the system under test wrote (history values, checker summaries, log lines), and
     * those fields are escaped ({@link MarkdownText}) so that none can open a block. Any other evidence block
     * (one further up, one followed by more text) was not written by Falsify as this file's evidence: it is
     * ignored and reported in {@code problems} ({@code line:column: why}), which the folder's reader lists.
     */
    static Optional<ArmEvidence> evidence(MarkdownDoc doc, List<String> problems) {
        List<MarkdownDoc.Fence> blocks = doc.fences(EVIDENCE_INFO);
        if (blocks.isEmpty()) {
            return Optional.empty();
        }
        MarkdownDoc.Fence last = blocks.get(blocks.size() - 1);
        boolean closesFile = true;
        for (int i = last.terminated() ? last.close() + 1 : doc.lines.size(); i < doc.lines.size(); i++) {
            closesFile &= doc.lines.get(i).isBlank();
        }
        for (MarkdownDoc.Fence f : blocks) {
            if (f != last || !closesFile) {
                problems.add((f.open() + 1) + ":1: " + EVIDENCE_INFO + " block ignored: evidence is read only from the"
                        + " block that ends the findings file, where Falsify writes it");
            }
        }
        if (!closesFile) {
            return Optional.empty();
        }
        if (!last.terminated()) {
            problems.add((last.open() + 1) + ":1: evidence block is not terminated");
            return Optional.empty();
        }
        try {
            return Optional.of(EvidenceJson.read(doc.content(last)));
        } catch (EvidenceJson.Unreadable ex) {
            // the JSON starts on the line after the fence: report the position in the findings file
            problems.add((last.open() + 1 + ex.line()) + ":" + ex.column() + ": evidence block unreadable: " + ex.reason());
            return Optional.empty();
        }
    }

    /**
     * The author's first prose paragraph (not a heading, label, list, table or fence): what a hand-written
     * file says happened when it has no "What happened" label, so the report does not drop it.
     */
    static String firstParagraph(MarkdownDoc doc) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < doc.lines.size(); i++) {
            String l = doc.lines.get(i).strip();
            boolean prose = !doc.inFence[i] && !l.isEmpty() && !l.startsWith("#") && !l.startsWith("|")
                    && !l.startsWith("-") && !l.startsWith("*") && !l.startsWith(">") && !l.matches("[A-Za-z /()-]{1,40}:\\s.*")
                    && !l.startsWith("```") && !l.startsWith("~~~");
            if (prose) {
                b.append(b.length() == 0 ? "" : " ").append(l);
            } else if (b.length() > 0) {
                break;
            }
        }
        return b.toString();
    }

    /**
     * {@code - [x] check — evidence}, {@code - [ ] check — not evaluated}, {@code - [ ] check — FAILED: why}.
     * An unticked box with evidence text that is not "not evaluated" counts as failed.
     */
    static List<AuditItem> checkboxes(List<String> lines) {
        List<AuditItem> out = new java.util.ArrayList<>();
        Pattern box = Pattern.compile("^\\s*[-*]\\s*\\[([ xX])]\\s*(.+)$");
        for (String line : lines) {
            Matcher m = box.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String rest = m.group(2).strip();
            String[] parts = rest.split("(?:\\G|(?<!\\s))\\s++(?:[\u2014\u2013]|--?)\\s+|:\\s+", 2);
            String check = parts[0].strip();
            String ev = parts.length > 1 ? parts[1].strip() : "";
            boolean ticked = !m.group(1).isBlank();
            AuditItem.Status status;
            if (ticked) {
                status = ev.toLowerCase().matches("n/?a\\b.*") ? AuditItem.Status.NOT_APPLICABLE : AuditItem.Status.PASSED;
            } else if (ev.isEmpty() || ev.toLowerCase().startsWith("not evaluated")) {
                status = AuditItem.Status.NOT_EVALUATED;
                ev = "";
            } else {
                status = AuditItem.Status.FAILED;
                ev = ev.replaceFirst("^(?i)failed:?\\s*", "");
            }
            out.add(new AuditItem(check, status, ev));
        }
        return out;
    }

    /** The first scenario/arm id in {@code text}: {@code S5/api}, {@code S01}, or empty. */
    static String armIn(String text) {
        Matcher m = ARM_IN_TITLE.matcher(text.replace("*", "").replace("`", ""));
        return m.find() ? "S" + m.group(1).substring(1).replaceAll("\\s+", "") : "";
    }
}
