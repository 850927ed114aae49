package dev.falsify.model.session;

import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictRules;
import dev.falsify.model.verdict.AuditItem;
import java.util.List;
import java.util.Optional;

/**
 * One {@code findings/<scenario>.md} file as read.
 *
 * @param armId    {@code S5/api} or {@code S1} (from a {@code Scenario:} line, the title, or the file name)
 * @param fileName the file's name inside {@code findings/}
 * @param title    its level-1 heading
 * @param written  the verdict spelled in the file, if any
 * @param blame    blame label, if any
 * @param bugType  TaxDC classification, if any
 * @param severity severity, if any
 * @param detail   the finding's prose fields
 * @param evidence the machine-readable evidence block, if the file has a well-formed one
 * @param problems why an evidence block present in the file could not be read or was ignored, each
 *                 {@code line:column: why}; empty when there is nothing to say
 * @param checklist checkbox lines of the file's "Green-but-broken check" section
 * @param audit    checkbox lines of the file's "Weak-oracle audit" section
 * @param identified whether a scenario id was found (label, title or file name); a file without one is
 *                 a note, not an arm's findings
 * @param writtenText the verdict label's value as written ({@code PASS}, {@code PASS (hardening)}), or empty
 * @param text     the whole file, for the evidence a hand-written verdict rests on
 */
public record FindingFile(String armId, String fileName, String title, Optional<Verdict> written, Optional<Blame> blame,
                          Optional<BugType> bugType, Optional<FindingSeverity> severity, FindingDetail detail,
                          Optional<ArmEvidence> evidence, List<String> problems,
                          List<AuditItem> checklist, List<AuditItem> audit, boolean identified, String writtenText,
                          String text) {

    public FindingFile {
        problems = problems == null ? List.of() : List.copyOf(problems);
        checklist = List.copyOf(checklist);
        audit = List.copyOf(audit);
        writtenText = writtenText == null ? "" : writtenText;
        text = text == null ? "" : text;
    }

    /** The first of {@link #problems()}, or empty. */
    public String problem() {
        return problems.isEmpty() ? "" : problems.get(0);
    }

    /** Names a scenario or arm, or states a verdict: it is an arm's findings file, not a note. */
    public boolean isAboutAnArm() {
        return identified || written.isPresent() || evidence.isPresent();
    }

    /** Green-but-broken items: from the evidence record when there is one, else as ticked in the file. */
    public List<AuditItem> greenButBroken() {
        return evidence.map(ArmEvidence::greenButBroken).filter(l -> !l.isEmpty()).orElse(checklist);
    }

    /** Weak-oracle audit items: from the evidence record when there is one, else as ticked in the file. */
    public List<AuditItem> weakOracleAudit() {
        return evidence.map(ArmEvidence::weakOracleAudit).filter(l -> !l.isEmpty()).orElse(audit);
    }

    /** The file's {@code **Nemesis landing evidence:**} line (the findings template's name, or a short one), if any. */
    public Optional<String> landingEvidence() {
        return label("nemesis landing evidence", "nemesis + landing evidence", "landing evidence", "nemesis landing", "landing");
    }

    /** The file's {@code **Oracle execution evidence:**} line, if any. */
    public Optional<String> oracleEvidence() {
        return label("oracle execution evidence", "oracle evidence", "checker evidence", "checker result", "oracle result");
    }

    /** The file's {@code **Evidence:**} line, if any. */
    public Optional<String> evidenceText() {
        return label("evidence");
    }

    private Optional<String> label(String... names) {
        return new MarkdownDoc(text).label(names).map(String::strip).filter(v -> !v.isEmpty());
    }

    /** The verdict computed from the evidence block, if there is one. */
    public Optional<Decision> computed() {
        return evidence.map(VerdictRules::decide);
    }

    /** The computed verdict when evidence exists, else the written one. */
    public Optional<Verdict> verdict() {
        return computed().map(Decision::verdict).or(() -> written);
    }
}
