package dev.falsify.model.session;

import dev.falsify.model.verdict.AuditChecklist;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.vocabulary.AuditCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The decision tree applied to a PASS that was written by hand (no {@code falsify-evidence} block):
 * the written word is a claim, and the folder's own record — timeline rows, the verdict row's notes,
 * the findings file's text and checklists — is the evidence it must rest on. A claimed PASS whose
 * evidence is missing is downgraded to the branch the tree reaches, never kept silently:
 * <ol>
 *   <li>a violation recorded for the arm (INVALID, a violating seed) → FAIL-reproducible when a re-run
 *       line shows it again, else FAIL-nondeterministic</li>
 *   <li>a fault planned (a PASS-hardening claim, or a fault event in the timeline) with no landing
 *       evidence → INCONCLUSIVE-fault-not-proven</li>
 *   <li>no oracle or checker result recorded → PARTIAL-surface</li>
 *   <li>a weak-oracle audit item or green-but-broken check marked failed → PARTIAL-model</li>
 *   <li>PASS-hardening with a recorded budget below hardening, or with weak-oracle audit items unticked
 *       (the audit's rule: any unchecked → not eligible for PASS-hardening) → PASS-smoke</li>
 * </ol>
 * Verdicts other than PASS are kept as written: the tree can only lower a claim, and a FAIL or an
 * INCONCLUSIVE written by a person is already the cautious reading.
 */
final class ClaimCheck {
    /** {@code INVALID} in capitals (checker output); "violation(s)/violated" unless negated. */
    static final Pattern VIOLATION = Pattern.compile("\\bINVALID\\b|(?i:\\bviolat(?:ion|ions|ed|es|ing)\\b)");
    /** "no linearizability violation", "0 violations", "violations: none", "without any violation". */
    private static final Pattern NEGATED_VIOLATION = Pattern.compile(
            "(?i)\\b(?:no|0|zero|without|nor|not|never|free of)\\s++(?:[\\w-]++\\s++){0,3}?violat"
                    + "|violat\\w{0,40}+\\s*+(?:found\\s*+)?[:=]\\s*+(?:0|none|no)\\b");
    private static final Pattern RERUN = Pattern.compile("(?i)\\bre-?run\\b|\\bagain\\b|\\breproduc");
    private static final Pattern NOT_REPRODUCED = Pattern.compile("(?i)\\b(?:not|n't|never|no longer)\\b|\\bclean\\b");
    static final Pattern ORACLE = Pattern.compile("(?i)\\boracle\\b|\\bchecker\\b|\\bchecked\\b|linearizab|"
            + "\\bconsumed\\b|\\bno anomal|\\bvalid\\b|\\bops\\b|\\b\\d[\\d ]{0,40}+/\\s*+\\d[\\d ]*\\b");
    private static final Pattern LANDING_ABSENT = Pattern.compile("(?i)\\bnot (?:proven|measured|observed|seen|read)\\b|"
            + "\\bno (?:evidence|effect|change)\\b|\\bambiguous\\b|\\bstayed (?:at )?0\\b|\\bunchanged\\b|\\bmissing\\b");
    private static final Pattern FAULT_EVENT = Pattern.compile("(?i)fault|inject|nemesis|\\bkill|partition|toxic");
    /**
     * Words one of which any match of {@link #ORACLE} contains (in lower case), but its number branch, which
     * needs a '/'. Tested first, like {@link #mayViolate}: see there.
     */
    private static final String[] ORACLE_WORDS = {"oracle", "checker", "checked", "linearizab", "consumed", "no anomal",
            "valid", "ops"};

    /**
     * A written verdict and what was written beside it.
     *
     * @param armId       the arm
     * @param written     the verdict read from the folder
     * @param writtenText the cell or label as written ({@code PASS}, {@code PASS (hardening)})
     * @param budget      the budget tier cell, or empty
     * @param notes       the verdict row's notes
     * @param rows        every row written for the arm, combined: a results table's "Oracle execution evidence"
     *                      and "Nemesis landing evidence" cells and a report's checklists for it count as evidence
     */
    record WrittenVerdict(String armId, Verdict written, String writtenText, String budget, String notes, VerdictRow rows) {
        WrittenVerdict {
            rows = rows == null ? new VerdictRow(armId, "", "", "") : rows;
        }

        WrittenVerdict(String armId, Verdict written, String writtenText, String budget, String notes) {
            this(armId, written, writtenText, budget, notes, null);
        }

        String oracle() {
            return rows.oracleEvidence();
        }

        String landing() {
            return rows.landingEvidence();
        }
    }

    /** Whether an evidence cell says something: not blank and not one of {@link #NOTHING}'s words. */
    static boolean says(String cell) {
        return !cell.isBlank() && !NOTHING.matcher(cell).matches();
    }

    /** A cell that says there is nothing: "none", "n/a", "—", "not recorded", "did not run", "no fault planned". */
    private static final Pattern NOTHING = Pattern.compile(
            "(?i)[\\W_]*+(?:none|n/a|na|not recorded|not measured|did not run|not run|no fault(?: planned)?|unknown|tbd)?[\\W_]*+");

    private ClaimCheck() {
    }

    /** The decision for a hand-written PASS; empty for any other written verdict (kept as written). */
    static Optional<Decision> vet(WrittenVerdict c, Optional<FindingFile> file, List<TimelineEvent> timeline) {
        return vet(c, file, timeline, true);
    }

    /**
     * @param planListsFault false when the plan gives the scenario no fault (a surface decomposition): a
     *                       PASS-hardening claim then plans no fault, and the tree's "no fault was active" branch
     *                       makes it PASS-smoke rather than waiting for landing evidence of nothing
     */
    static Optional<Decision> vet(WrittenVerdict c, Optional<FindingFile> file, List<TimelineEvent> timeline, boolean planListsFault) {
        if (!c.written().isPass()) {
            return Optional.empty();
        }
        String as = Verdict.find(c.writtenText()).isEmpty() && !c.writtenText().isBlank()
                ? "written as \"" + c.writtenText().strip() + "\" (no tier: read as a PASS-smoke claim)"
                : "written as " + c.written().label();
        List<String> prose = new ArrayList<>();
        file.ifPresent(f -> prose.addAll(proseLines(f.text())));
        if (!c.notes().isBlank()) {
            prose.add(c.notes());
        }
        // a results table's evidence cells are evidence like the rest (a violation there lowers a PASS too)
        boolean oracleCell = !c.oracle().isBlank() && !NOTHING.matcher(c.oracle()).matches();
        boolean landingCell = !c.landing().isBlank() && !NOTHING.matcher(c.landing()).matches()
                && !LANDING_ABSENT.matcher(c.landing()).find();
        if (oracleCell) {
            prose.add(c.oracle());
        }
        for (TimelineEvent t : timeline) {
            prose.add(t.event() + ": " + t.notes());
        }
        List<String> violating = prose.stream().filter(ClaimCheck::violation).toList();
        if (!violating.isEmpty()) {
            Optional<String> rerun = violating.stream()
                    .filter(l -> RERUN.matcher(l).find() && !NOT_REPRODUCED.matcher(l).find()).findFirst();
            return Optional.of(rerun.isPresent()
                    ? new Decision(Verdict.FAIL_REPRODUCIBLE, false, as + ", but a violation is recorded and a re-run"
                    + " reproduced it: " + clip(rerun.get()))
                    : new Decision(Verdict.FAIL_NONDETERMINISTIC, false, as + ", but a violation is recorded ("
                    + clip(violating.get(0)) + "); no re-run shows it again"));
        }
        // the findings file's checklists, else those a report writes for the arm
        List<AuditItem> gbb = file.map(FindingFile::greenButBroken).filter(l -> !l.isEmpty()).orElse(c.rows().greenButBroken());
        List<AuditItem> audit = file.map(FindingFile::weakOracleAudit).filter(l -> !l.isEmpty()).orElse(c.rows().weakOracleAudit());
        boolean faultEvent = timeline.stream().anyMatch(t -> FAULT_EVENT.matcher(t.event()).find());
        boolean faultPlanned = (c.written() == Verdict.PASS_HARDENING && planListsFault) || faultEvent;
        if (faultPlanned && !landingCell && !landed(timeline, gbb, prose, file)) {
            return Optional.of(new Decision(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, false, as
                    + ", but no landing evidence for its fault is recorded (no landing reading in the timeline or findings"
                    + (c.landing().isBlank() ? "" : ", and the results table's landing evidence says \"" + clip(c.landing()) + "\"")
                    + ")"));
        }
        boolean oracle = oracleCell || timeline.stream().anyMatch(t -> t.event().toLowerCase(Locale.ROOT).matches(".*(oracle|check|result).*"))
                || gbb.stream().anyMatch(a -> a.ticked() && a.check().toLowerCase(Locale.ROOT).startsWith("oracle ran"))
                || prose.stream().anyMatch(l -> mayNameOracle(l) && ORACLE.matcher(l).find());
        if (!oracle) {
            return Optional.of(new Decision(Verdict.PARTIAL_SURFACE, false, as
                    + ", but no oracle or checker result is recorded for it"));
        }
        List<AuditItem> failed = new ArrayList<>();
        audit.stream().filter(a -> a.status() == AuditItem.Status.FAILED).forEach(failed::add);
        gbb.stream().filter(a -> a.status() == AuditItem.Status.FAILED).forEach(failed::add);
        if (!failed.isEmpty()) {
            return Optional.of(new Decision(Verdict.PARTIAL_MODEL, false, as + ", but a check failed: " + failed.stream()
                    .map(a -> a.check() + " (" + a.evidenceOrNotEvaluated() + ")").collect(Collectors.joining("; "))));
        }
        if (c.written() == Verdict.PASS_HARDENING && !faultPlanned) {
            return Optional.of(new Decision(Verdict.PASS_SMOKE, false, as + ", but the plan lists no fault for "
                    + c.armId() + " and none is recorded: with no fault active the decision tree gives PASS-smoke"));
        }
        if (c.written() == Verdict.PASS_SMOKE) {
            return Optional.of(new Decision(Verdict.PASS_SMOKE, false, as + "; an oracle result is recorded"
                    + (faultPlanned ? " and the fault's landing evidence" : "")));
        }
        Optional<BudgetTier> budget = BudgetTier.find(c.budget());
        if (budget.isPresent() && !budget.get().atLeast(BudgetTier.HARDENING)) {
            return Optional.of(new Decision(Verdict.PASS_SMOKE, false, as + ", but the budget met is "
                    + budget.get().label() + ": a run that met only the smoke budget earns at best PASS-smoke"));
        }
        List<AuditItem> unticked = AuditChecklist.complete(audit, AuditCheck.Checklist.WEAK_ORACLE).stream()
                .filter(a -> !a.ticked()).toList();
        if (!unticked.isEmpty()) {
            return Optional.of(new Decision(Verdict.PASS_SMOKE, false, as + "; not eligible for PASS-hardening, "
                    + (audit.isEmpty() ? "no weak-oracle audit is recorded" : "weak-oracle audit items unticked: "
                    + unticked.stream().map(AuditItem::check).collect(Collectors.joining("; ")))));
        }
        boolean release = budget.map(b -> b == BudgetTier.RELEASE).orElse(false);
        return Optional.of(new Decision(Verdict.PASS_HARDENING, release, as + "; landing evidence, an oracle result and a"
                + " complete weak-oracle audit are recorded"));
    }

    private static boolean violation(String line) {
        return mayViolate(line) && VIOLATION.matcher(line).find() && !NEGATED_VIOLATION.matcher(line).find();
    }

    /**
     * False only when {@link #VIOLATION} cannot match: the line holds neither "INVALID" nor "violat" in any case.
     * A literal search first, because a pattern whose every branch opens with {@code \b} tests word
     * characters at each position: the combined notes of a 50,000-seed verdict table (one 1.5 MB line)
     * took a second per search. ({@code (?i)} folds ASCII only, and lower-casing maps ASCII to ASCII, so
     * the lower-cased search never misses a match.)
     */
    static boolean mayViolate(String line) {
        return line.contains("INVALID") || line.toLowerCase(Locale.ROOT).contains("violat");
    }

    /** False only when {@link #ORACLE} cannot match (see {@link #mayViolate}). */
    static boolean mayNameOracle(String line) {
        if (line.indexOf('/') >= 0) return true;
        String lower = line.toLowerCase(Locale.ROOT);
        for (String w : ORACLE_WORDS) {
            if (lower.contains(w)) return true;
        }
        return false;
    }

    private static boolean landed(List<TimelineEvent> timeline, List<AuditItem> gbb, List<String> prose,
                                  Optional<FindingFile> file) {
        // the findings template's own line: "**Nemesis landing evidence:** proxy counter 0 → 18 KB"
        boolean labelled = file.flatMap(FindingFile::landingEvidence)
                .filter(l -> !LANDING_ABSENT.matcher(l).find() && !l.strip().matches("(?i)[\\W_]*+(?:none|n/a|not recorded)?[\\W_]*+"))
                .isPresent();
        if (labelled) {
            return true;
        }
        boolean timelineReading = timeline.stream().anyMatch(t -> t.event().toLowerCase(Locale.ROOT).contains("landing")
                && !LANDING_ABSENT.matcher(t.notes()).find());
        boolean ticked = gbb.stream().anyMatch(a -> a.status() == AuditItem.Status.PASSED
                && (a.item() == AuditCheck.FAULTS_INJECTED || a.item() == AuditCheck.FAULT_NOT_NOOP));
        boolean stated = prose.stream().anyMatch(l -> l.toLowerCase(Locale.ROOT).contains("landing")
                && !LANDING_ABSENT.matcher(l).find() && l.matches(".*\\d.*"));
        return timelineReading || ticked || stated;
    }

    /** Lines of a findings file that can carry evidence: not headings, checkboxes or fenced blocks. */
    private static List<String> proseLines(String text) {
        MarkdownDoc doc = new MarkdownDoc(text);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < doc.lines.size(); i++) {
            String l = doc.lines.get(i).strip();
            if (doc.inFence[i] || l.isEmpty() || l.startsWith("#") || l.matches("[-*]\\s*\\[[ xX]].*")
                    || l.matches("(?i)\\**(verdict|result|outcome|status)\\**\\s*:.*")) {
                continue;
            }
            out.add(l);
        }
        return out;
    }

    private static String clip(String s) {
        String t = s.replaceAll("\\s+", " ").strip();
        return t.length() > 120 ? t.substring(0, 117) + "..." : t;
    }
}
