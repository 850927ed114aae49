package dev.falsify.model.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29 item 8: verdicts an author wrote in a findings report — the executing skill's layout, which is the
 * spec's report layout — are read wherever that layout puts them, with their evidence columns and checklists.
 */
class AuthorReportTest {
    @TempDir
    Path tmp;

    static final String AUDIT = """
            Weak-oracle audit:

            - [x] oracle is not final state only — linearizability over the whole history
            - [x] oracle is not logs only — history from the client
            - [x] oracle is not health checks only — history from the client
            - [x] more than one failover if failover-based — n/a
            - [x] client-hidden retries were caught (or N/A) — retries off in the client
            - [x] timestamps monotonic — monotonic clock
            - [x] at least one asymmetric / mixed variant where applicable — n/a
            - [x] at least three seeds for any statistical claim — n/a
            """;

    /** The skill's example findings table (S4, S7, S9) plus a PASS-hardening whose landing evidence is in its column. */
    static String skillReport(String title, String resultsHeading) {
        return title + "\n\n**Plan:** docs/testing-plans/kv.md  \n**Commit under test:** 1a2b3c4\n\n## Summary\n\n"
                + "**FAIL** — 1 oracle violation found (S4)\n\n" + resultsHeading + "\n\n"
                + "| ID | Scenario | Verdict | Oracle | Oracle execution evidence | Nemesis landing evidence | Artifact link |\n"
                + "|---|---|---|---|---|---|---|\n"
                + "| S2 | writes_survive_partition | PASS-hardening | linearizability | linearizability VALID on 4,812/4,812 ops"
                + " | iptables ctr 0→14,712 | artifacts/S2.history.jsonl |\n"
                + "| S4 | acked_write_lost | FAIL-reproducible | no-lost-ack | no-lost-ack INVALID: k77 acked then missing; re-run"
                + " seed 4 reproduced it | kill -9 n1, pid changed 4411→4502 | artifacts/S4.history.jsonl |\n"
                + "| S7 | clock_skew_keeps_order | INCONCLUSIVE-fault-not-proven | linearizability | linearizability VALID on"
                + " 2,000/2,000 ops | chronyc offset stayed 0 | — |\n"
                + "| S9 | tenant_export | PARTIAL-model | tenant-isolation | tenant-isolation on 120 of 400 requests"
                + " | no fault planned | — |\n\n"
                + "## Findings\n\n### Finding F1: acked write lost\n\n- **Scenario:** S4\n- **Verdict:** FAIL-reproducible\n\n"
                + "## Surface coverage\n\n| Scenario | Surface arm | Verdict | Notes |\n|---|---|---|---|\n| S9 | api | PASS-smoke | |\n\n"
                + "## Coverage summary\n\n| Hypothesis | Claims | Scenario(s) | Exercised? | Result / reason |\n|---|---|---|---|---|\n"
                + "| H3 | C3 | S9 | yes | S9 PASS-hardening |\n\n"
                + "## Green-but-broken check\n\n### S2 — PASS-hardening\n\n"
                + "- [x] faults verifiably injected (injector side and victim side) — iptables ctr 0→14,712\n\n" + AUDIT;
    }

    Path folder(String name, String reportFile, String report) throws IOException {
        Path dir = tmp.resolve("test-sessions/kv/" + name);
        Files.createDirectories(dir.resolve("findings"));
        // the session log has a header and a timeline, and no verdict table: the report is the only results table
        Files.writeString(dir.resolve("session-log.md"), "# Session log\n\n**Plan:** docs/testing-plans/kv.md\n"
                + "**Commit under test:** 1a2b3c4\n**Session ended:** 2026-12-09T10:00:00Z\n");
        Files.writeString(dir.resolve("findings").resolve(reportFile), report);
        return dir;
    }

    static Map<String, Verdict> verdicts(SessionFolder f) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        f.arms().forEach(a -> out.put(a.armId(), a.effective()));
        return out;
    }

    static final Map<String, Verdict> EXPECTED = Map.of("S2", Verdict.PASS_HARDENING, "S4", Verdict.FAIL_REPRODUCIBLE,
            "S7", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN, "S9", Verdict.PARTIAL_MODEL);

    @Test
    void theSkillsReportMdIsReadWithItsVerdictsAndItsEvidenceColumns() throws IOException {
        // the skill's template is the spec's layout: title, results header and checklist heading as Falsify writes them
        Path dir = folder("2026-12-09T080000Z", "report.md", skillReport("# Findings: kv @ 2026-12-09T080000Z",
                "## Scenario results"));
        SessionFolder f = SessionReader.read(dir);
        assertThat(verdicts(f)).containsExactlyInAnyOrderEntriesOf(EXPECTED);
        assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
        assertThat(f.reportIsRecord()).isTrue();
        String report = ReportWriter.render(f, PlanFacts.NONE);
        assertThat(report).contains("**FAIL** — 1 oracle violation found (S4)")
                .contains("| S2 |  | PASS-hardening | — | linearizability VALID on 4,812/4,812 ops | iptables ctr 0→14,712 |")
                .doesNotContain("Downgraded: S2");
    }

    @Test
    void theSameTableUnderOtherHeadingsAndInOtherFilesIsRead() throws IOException {
        for (String[] layout : new String[][] {
                {"a", "report.md", "# Test report: kv", "## Results"},
                {"b", "report.md", "# kv findings", "## Findings table"},
                {"c", "summary.md", "# Findings: kv", "## Scenario results"},
                {"d", "REPORT.md", "# Findings", "## Scenario verdicts"}}) {
            SessionFolder f = SessionReader.read(folder(layout[0], layout[1], skillReport(layout[2], layout[3])));
            assertThat(verdicts(f)).as(String.join(" ", layout)).containsExactlyInAnyOrderEntriesOf(EXPECTED);
            assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
        }
    }

    @Test
    void writingTheReportKeepsTheAuthorsAsideAndItsVerdictsStillCount() throws IOException {
        Path dir = folder("2026-12-09T080000Z", "report.md", skillReport("# Findings: kv @ 2026-12-09T080000Z",
                "## Scenario results"));
        ReportExport.Written w = ReportExport.write(SessionReader.read(dir), PlanFacts.NONE, Optional.empty());
        assertThat(w.setAside()).contains(dir.resolve("findings/report.original.md"));
        SessionFolder again = SessionReader.read(dir);
        // Falsify's own report, now report.md, is not read back; the author's copy is
        assertThat(again.reportIsRecord()).isFalse();
        assertThat(verdicts(again)).containsExactlyInAnyOrderEntriesOf(EXPECTED);
        // a second report changes nothing and keeps no second copy
        ReportExport.Written w2 = ReportExport.write(again, PlanFacts.NONE, Optional.empty());
        assertThat(w2.setAside()).isEmpty();
        assertThat(Files.readString(w2.report())).isEqualTo(Files.readString(w.report()));
        assertThat(dir.resolve("findings/report.original-2.md")).doesNotExist();
    }

    @Test
    void aReportRowsLandingEvidenceCountsForAFindingsFileThatLacksIt() throws IOException {
        Path dir = folder("2026-12-10T080000Z", "report.md", skillReport("# kv findings", "## Scenario results"));
        // the arm's own file claims PASS-hardening with the audit, and no landing line of its own
        Files.writeString(dir.resolve("findings/S2.md"), "# S2 writes_survive_partition\n\n**Verdict:** PASS-hardening\n"
                + "**Budget tier met:** hardening\n**Oracle execution evidence:** linearizability VALID on 4,812 ops\n\n"
                + "## Weak-oracle audit\n\n" + AUDIT.substring(AUDIT.indexOf("- [x]")));
        SessionFolder f = SessionReader.read(dir);
        assertThat(f.arm("S2").orElseThrow().effective()).isEqualTo(Verdict.PASS_HARDENING);
    }

    @Test
    void aComputedVerdictLowerThanTheWrittenOneSaysWhichEvidenceIsMissing() throws IOException {
        String report = skillReport("# kv findings", "## Scenario results").replace("iptables ctr 0→14,712 |", "not recorded |")
                .replace("- [x] faults verifiably injected (injector side and victim side) — iptables ctr 0→14,712\n", "");
        SessionFolder f = SessionReader.read(folder("2026-12-11T080000Z", "report.md", report));
        SessionFolder.ArmVerdict s2 = f.arm("S2").orElseThrow();
        assertThat(s2.effective()).isEqualTo(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        assertThat(s2.computed().orElseThrow().reason()).contains("no landing evidence")
                .contains("the results table's landing evidence says \"not recorded\"");
        assertThat(ReportWriter.render(f, PlanFacts.NONE)).contains("- Downgraded: S2 → INCONCLUSIVE-fault-not-proven: written as"
                + " PASS-hardening, but no landing evidence for its fault is recorded");
    }

    @Test
    void falsifysOwnReportIsNeverReadAsWrittenVerdictsButAnEditedOneIsTheAuthors() throws IOException {
        Path dir = folder("2026-12-12T080000Z", "notes.md", "# notes\n");
        Files.writeString(dir.resolve("findings/S1.md"), "# S1\n\n**Verdict:** FAIL-reproducible\n");
        String own = ReportWriter.render(SessionReader.read(dir), PlanFacts.NONE);
        assertThat(SessionReader.reportKind(own)).isEqualTo(SessionReader.ReportKind.FALSIFY);
        Files.writeString(dir.resolve("findings/report.md"), own);
        assertThat(SessionReader.read(dir).reportIsRecord()).isFalse();
        // an author who adds a verdict row below Falsify's mark owns the report from then on
        Files.writeString(dir.resolve("findings/report.md"), own + "\n| ID | Verdict |\n|---|---|\n| S8 | PASS-smoke |\n");
        assertThat(SessionReader.reportKind(Files.readString(dir.resolve("findings/report.md"))))
                .isEqualTo(SessionReader.ReportKind.AUTHOR);
    }

    @Test
    void blameAndClassificationOfAnInconclusiveFindingAreInTheReport() throws IOException {
        Path dir = folder("2026-12-13T080000Z", "report.md", skillReport("# kv findings", "## Scenario results"));
        Files.writeString(dir.resolve("findings/S7.md"), "# S7 clock_skew_keeps_order\n\n**Verdict:** INCONCLUSIVE-fault-not-proven\n"
                + "**What happened:** chronyc showed no offset on n2\n"
                + "**Reduction classification:** harness — faketime was not preloaded into the server process\n"
                + "**Classification (TaxDC):** config; tags: liveness\n**Severity:** P2\n");
        String report = ReportWriter.render(SessionReader.read(dir), PlanFacts.NONE);
        assertThat(report).contains("### Classified: S7 (INCONCLUSIVE-fault-not-proven)\n")
                .contains("- **Reduction classification:** harness — faketime was not preloaded into the server process\n"
                        + "- **Blame:** harness\n- **Classification (TaxDC):** config; tags: liveness; severity P2\n");
        // a FAIL keeps its place as a numbered finding; the PASS and PARTIAL arms without labels add nothing
        assertThat(report).contains("### Finding F1: ").doesNotContain("### Classified: S2").doesNotContain("### Classified: S9");
    }

    @Test
    void anArmTheTimelineShowsKeepsTheVerdictOfTheReportAndAnArmWithAFileKeepsTheReportsEvidence() throws IOException {
        Path dir = folder("2026-12-14T080000Z", "report.md", skillReport("# Findings: kv @ 2026-12-14T080000Z",
                "## Scenario results"));
        Files.writeString(dir.resolve("session-log.md"), Files.readString(dir.resolve("session-log.md"))
                + "\n## Scenario timeline\n\n| Time | Scenario | Event | Notes |\n|---|---|---|---|\n"
                + "| 08:00 | S4 | start | seed 4 |\n| 08:05 | S4 | oracle result | see the report |\n");
        Files.writeString(dir.resolve("findings/S7.md"), "# S7\n\n**Verdict:** INCONCLUSIVE-fault-not-proven\n");
        SessionFolder f = SessionReader.read(dir);
        assertThat(verdicts(f)).containsExactlyInAnyOrderEntriesOf(EXPECTED);
        assertThat(ReportWriter.render(f, PlanFacts.NONE)).contains("| S7 |  | INCONCLUSIVE-fault-not-proven | — |"
                + " linearizability VALID on 2,000/2,000 ops | chronyc offset stayed 0 |");
    }
}
