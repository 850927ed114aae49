package dev.falsify.model.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.CapabilityRow;
import dev.falsify.model.session.FindingDetail;
import dev.falsify.model.session.Precondition;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionHeader;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.CapabilityResult;
import dev.falsify.model.verdict.EvidenceFixtures;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report of a session Falsify wrote itself (evidence blocks, computed verdicts, an override). */
class FalsifyWrittenReportTest {
    @TempDir
    Path repo;

    Path writeSession() throws IOException {
        Path plan = repo.resolve("docs/testing-plans/replicated-kv.md");
        Files.createDirectories(plan.getParent());
        Files.copy(ReportWriterTest.REPO.resolve("docs/testing-plans/replicated-kv.md"), plan);
        SessionHeader h = new SessionHeader("", "replicated-kv", "docs/testing-plans/replicated-kv.md", "5e6f7a8",
                "test-sessions/replicated-kv/2026-11-30T041500Z", "falsify run", "", "", Map.of());
        SessionWriter w = SessionWriter.create(repo.resolve("test-sessions"), "replicated-kv", h,
                Clock.fixed(Instant.parse("2026-11-30T04:15:00Z"), ZoneOffset.UTC));
        CapabilityResult java = new CapabilityResult("java", true, "17.0.12", "/usr/bin/java", true);
        CapabilityResult faketime = new CapabilityResult("faketime", false, "", "not on PATH", true);
        w.capabilities(List.of(CapabilityRow.of(java), CapabilityRow.of(faketime)));
        w.preconditions(List.of(new Precondition(true, "plan lints clean")));
        w.event("S01", "start", "seeds 1,2,3");
        w.event("S02", "oracle result", "no-lost-ack: invalid — acked put k77 missing after restart");
        w.armFinished("linearizable_reads_across_partition_heal", EvidenceFixtures.cleanHardening().id("S01", "").build(),
                null);
        Files.writeString(w.artifactsDir().resolve("S02-4.history.jsonl"), "{}\n");
        w.armFinished("acked_writes_survive_single_node_crash", ArmEvidence.builder("S02", "")
                .probes(List.of(java)).faults(List.of(EvidenceFixtures.landed("kill-leader")))
                .declaredCheckers(List.of("no-lost-ack"))
                .oracles(List.of(new OracleResult("no-lost-ack", Validity.INVALID, 1204, 1204, List.of(),
                        "acked put k77 missing after restart"), EvidenceFixtures.valid("no-lost-ack", 1187)))
                .seeds(List.of(new SeedRun(4, false, SeedRun.Outcome.VIOLATION), new SeedRun(4, true, SeedRun.Outcome.CLEAN)))
                .budgetMet(BudgetTier.HARDENING).build(),
                new FindingDetail("acked put lost after leader kill", "H2", "k77 acked at 10:20:31 was absent after restart",
                        "falsify run docs/testing-plans/replicated-kv.md --scenario S02 --seed 4", "", "", "re-run 20x"));
        w.armFinished("", EvidenceFixtures.cleanSmoke().id("S03", "api").declaredCheckers(List.of("tenant-isolation"))
                .oracles(List.of(EvidenceFixtures.valid("tenant-isolation", 100))).build(), null);
        w.armFinished("", ArmEvidence.notReached("S03", "export"), null);
        w.armFinished("", ArmEvidence.builder("S04", "").probes(List.of(java, faketime)).build(), null);
        // a counterexample picture the runner drew for the failing seed, and one of another arm
        Files.writeString(w.dir().resolve("findings/S02-4.no-lost-ack-counterexample.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
        Files.writeString(w.dir().resolve("findings/S01-1.linearizability-counterexample.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
        w.finish();
        SessionWriter.appendOverride(w.dir(), new VerdictOverride("S02", null, Blame.SUT,
                BugType.find("crash-recovery; durability").orElseThrow(), FindingSeverity.P0, "j.ortiz",
                Instant.parse("2026-11-30T06:00:00Z"), "fsync batching acks before the quorum write"));
        return w.dir();
    }

    @Test
    void goldenReportOfAFalsifyWrittenSession() throws IOException {
        Path dir = writeSession();
        SessionFolder f = SessionReader.read(dir);
        assertThat(f.problems()).isEmpty();
        assertThat(f.arms()).extracting(SessionFolder.ArmVerdict::effective).containsExactly(Verdict.PASS_HARDENING,
                Verdict.FAIL_NONDETERMINISTIC, Verdict.PASS_SMOKE, Verdict.NOT_RUN, Verdict.INCONCLUSIVE_ENV);
        String report = ReportWriter.render(f, PlanFactsAdapter.read(PlanLocator.locate(f, repo).orElseThrow()));
        ReportWriterTest.assertGolden(report, "report-falsify-written.md");
        assertThat(report).contains("- **Blame:** SUT (override by j.ortiz)")
                .contains("crash-recovery; tags: durability; severity P0")
                .contains("[artifacts/S02-4.history.jsonl](../artifacts/S02-4.history.jsonl)");
        // the failing arm's picture is embedded once, under its finding; a passing arm's picture is not; neither is an
        // unknown file; one checker that ran on two seeds is named once
        assertThat(f.pictures()).containsExactly("S01-1.linearizability-counterexample.svg",
                "S02-4.no-lost-ack-counterexample.svg");
        assertThat(f.otherFiles()).noneMatch(o -> o.endsWith(".svg"));
        assertThat(report).containsOnlyOnce("![S02-4 no-lost-ack counterexample](S02-4.no-lost-ack-counterexample.svg)")
                .doesNotContain("S01-1.linearizability-counterexample.svg")
                .contains("| no-lost-ack |").doesNotContain("no-lost-ack, no-lost-ack");
        // the timeline row repeats the evidence block's oracle result: the finding's evidence does not cite it again
        assertThat(report).doesNotContain("timeline: no-lost-ack: invalid");
    }

    @Test
    void anOverriddenVerdictIsShownBesideTheComputedOne() throws IOException {
        Path dir = writeSession();
        SessionWriter.appendOverride(dir, new VerdictOverride("S02", Verdict.PASS_SMOKE, Blame.HARNESS, null, null,
                "reviewer", Instant.parse("2026-11-30T07:00:00Z"), "harness dropped the ack"));
        SessionFolder f = SessionReader.read(dir);
        String report = ReportWriter.render(f, PlanFacts.NONE);
        assertThat(report).contains("| S02 |  | PASS-smoke (override by reviewer; computed FAIL-nondeterministic) |");
        assertThat(f.headline().name()).isEqualTo("DONE_WITH_CONCERNS");
    }

    @Test
    void aHandEditedVerdictIsRecomputedFromTheEvidenceAndSaidSo() throws IOException {
        Path dir = writeSession();
        Path s01 = dir.resolve("findings/S01.md");
        Files.writeString(s01, Files.readString(s01).replace("**Verdict:** PASS-hardening", "**Verdict:** PASS-hardening (release)")
                .replaceFirst("\"budgetMet\" : \"HARDENING\"", "\"budgetMet\" : \"SMOKE\""));
        String report = ReportWriter.render(SessionReader.read(dir), PlanFacts.NONE);
        assertThat(report).contains("- Recomputed: S01 is written as PASS-hardening but its evidence gives PASS-smoke"
                + " (the computed verdict is used)");
        assertThat(report).contains("| S01 |  | PASS-smoke |");
    }
}
