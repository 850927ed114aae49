package dev.falsify.model.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The APIs the workbench's review side shares with the CLI: results rows, override undo, export, comparison. */
class ReviewApiTest {
    private final FalsifyWrittenReportTest sessions = new FalsifyWrittenReportTest();

    private Path session() throws Exception {
        sessions.repo = Files.createTempDirectory("review-api");
        return sessions.writeSession();
    }

    @Test
    void resultRowsCarryTheReportsCellsAndTheLabels() throws Exception {
        SessionFolder f = SessionReader.read(session());
        List<ResultRow> rows = ReportWriter.resultRows(f, PlanFacts.NONE);
        assertThat(rows).extracting(ResultRow::armId).containsExactly("S01", "S02", "S03/api", "S03/export", "S04");
        ResultRow s02 = rows.get(1);
        assertThat(s02.verdictCell()).isEqualTo("FAIL-nondeterministic");
        assertThat(s02.oracleEvidence()).isEqualTo("no-lost-ack INVALID on 1204/1204 ops; no-lost-ack VALID on 1187/1187 ops");
        assertThat(s02.oracle()).isEqualTo("no-lost-ack");
        assertThat(s02.finding()).contains("findings/S02.md");
        assertThat(s02.artifacts()).containsExactly("artifacts/S02-4.history.jsonl");
        assertThat(s02.blame()).contains(Blame.SUT);
        assertThat(s02.bugType().map(BugType::display)).contains("crash-recovery; tags: durability");
        assertThat(rows.get(3).oracleEvidence()).isEqualTo("did not run");
    }

    @Test
    void withdrawingAnOverrideBringsBackThePreviousOneAndTheLastRemovesTheFile() throws Exception {
        Path dir = session();
        VerdictOverride o = new VerdictOverride("S02", Verdict.PASS_SMOKE, Blame.HARNESS, null, null, "reviewer",
                Instant.parse("2026-11-30T07:00:00Z"), "harness dropped the ack | twice");
        SessionWriter.appendOverride(dir, o);
        assertThat(SessionReader.read(dir).arm("S2").orElseThrow().effective()).isEqualTo(Verdict.PASS_SMOKE);
        assertThat(SessionWriter.withdrawOverride(dir, o)).isTrue();
        SessionFolder f = SessionReader.read(dir);
        assertThat(f.arm("S02").orElseThrow().effective()).isEqualTo(Verdict.FAIL_NONDETERMINISTIC);
        assertThat(f.arm("S02").orElseThrow().override().orElseThrow().author()).isEqualTo("j.ortiz");
        assertThat(SessionWriter.withdrawOverride(dir, o)).isFalse();
        assertThat(SessionWriter.withdrawOverride(dir, f.overrides().get(0))).isTrue();
        assertThat(dir.resolve("findings/overrides.md")).doesNotExist();
    }

    @Test
    void exportSetsAnAuthorsReportAsideAndWritesOursWithTheOverrides() throws Exception {
        Path dir = session();
        Files.writeString(dir.resolve("findings/report.md"), "# My notes\n\nS02 looked bad.\n");
        SessionFolder f = SessionReader.read(dir);
        List<String> warnings = new ArrayList<>();
        PlanFacts plan = ReportExport.planFacts(f, Optional.empty(), sessions.repo, warnings::add);
        assertThat(plan.present()).isTrue();
        assertThat(warnings).isEmpty();
        ReportExport.Written w = ReportExport.write(f, plan, Optional.empty());
        assertThat(w.setAside()).contains(dir.resolve("findings/report.original.md"));
        assertThat(w.setAside().get()).hasContent("# My notes\n\nS02 looked bad.\n");
        assertThat(Files.readString(w.report())).startsWith("# Findings: replicated-kv @ ").contains("by j.ortiz");
        // our own report is replaced in place next time
        assertThat(ReportExport.write(SessionReader.read(dir), plan, Optional.empty()).setAside()).isEmpty();
    }

    @Test
    void aPlanLineThatLeadsNowhereWarnsAndLimitsTheReport() throws Exception {
        Path dir = session();
        Files.delete(sessions.repo.resolve("docs/testing-plans/replicated-kv.md"));
        List<String> warnings = new ArrayList<>();
        PlanFacts plan = ReportExport.planFacts(SessionReader.read(dir), Optional.empty(), sessions.repo, warnings::add);
        assertThat(plan.present()).isFalse();
        assertThat(warnings).singleElement().asString().startsWith("plan docs/testing-plans/replicated-kv.md not found");
    }

    @Test
    void comparingTwoSessionsFindsTheChangedVerdictAndTheResolvedFinding() throws Exception {
        Path before = session();
        Path after = Files.createTempDirectory("review-api-after").resolve("s");
        try (var s = Files.walk(before)) {
            for (Path p : s.toList()) {
                Path t = after.resolve(before.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        SessionWriter.appendOverride(after, new VerdictOverride("S02", Verdict.PASS_SMOKE, null, null, null, "r",
                Instant.parse("2026-11-30T08:00:00Z"), "fixed"));
        Files.delete(after.resolve("artifacts/S02-4.history.jsonl"));
        SessionComparison c = SessionComparison.of(SessionReader.read(before), PlanFacts.NONE, SessionReader.read(after),
                PlanFacts.NONE);
        assertThat(c.changedArms()).extracting(SessionComparison.ArmChange::armId).containsExactly("S02");
        SessionComparison.ArmChange s02 = c.changedArms().get(0);
        assertThat(s02.before()).contains(Verdict.FAIL_NONDETERMINISTIC);
        assertThat(s02.after()).contains(Verdict.PASS_SMOKE);
        assertThat(s02.evidenceChanges()).containsExactly("artifact gone: artifacts/S02-4.history.jsonl");
        assertThat(c.resolvedFindings()).containsExactly("S02");
        assertThat(c.newFindings()).isEmpty();
        assertThat(c.scenarios()).filteredOn(SessionComparison.ScenarioChange::changed)
                .extracting(SessionComparison.ScenarioChange::scenario).containsExactly("S02");
        // the other way round, the same arm is a new finding
        SessionComparison back = SessionComparison.of(SessionReader.read(after), PlanFacts.NONE, SessionReader.read(before),
                PlanFacts.NONE);
        assertThat(back.newFindings()).containsExactly("S02");
    }
}
