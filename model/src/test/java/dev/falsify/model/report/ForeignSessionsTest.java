package dev.falsify.model.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.falsify.model.io.AtomicFiles;

/**
 * Session folders written by other agents and people, each in its own style (see
 * {@code src/test/resources/foreign/}): the verdicts follow the decision tree, nothing written is lost,
 * what is missing or unreadable is listed with its place.
 */
class ForeignSessionsTest {
    static final Path ROOT = Path.of("src/test/resources/foreign/test-sessions/ledger");

    static SessionFolder read(String name) throws IOException {
        return SessionReader.read(ROOT.resolve(name));
    }

    static String report(SessionFolder f) {
        PlanFacts plan = PlanLocator.locate(f, Path.of("/nonexistent")).map(PlanFactsAdapter::read)
                .orElseGet(() -> PlanFacts.missing("plan not found: " + PlanLocator.planPath(f.log().header().plan())));
        return ReportWriter.render(f, plan);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-12-01T031500Z", "2026-12-02-nightly", "2026-12-03T101500Z", "2026-12-04T080000Z",
            "2026-12-05T000000Z", "2026-12-06T120000Z", "2026-12-07T220000Z", "2026-12-08T060000Z"})
    void goldenReportWithEverySectionInSpecOrder(String name) throws IOException {
        String r = report(read(name));
        int at = -1;
        for (String s : ReportWriterTest.SECTIONS) {
            int i = r.indexOf("\n" + s + "\n");
            assertThat(i).as(s).isGreaterThan(at);
            at = i;
        }
        ReportWriterTest.assertGolden(r, "foreign/" + name + ".md");
    }

    /** report.md is read back on the next run (a folder with a report is not interrupted): the output must not change. */
    @ParameterizedTest
    @ValueSource(strings = {"2026-12-01T031500Z", "2026-12-02-nightly", "2026-12-03T101500Z", "2026-12-04T080000Z",
            "2026-12-05T000000Z", "2026-12-06T120000Z", "2026-12-07T220000Z", "2026-12-08T060000Z"})
    void regeneratingTheReportFromItsOwnOutputChangesNothing(String name, @TempDir Path tmp) throws IOException {
        Path copy = tmp.resolve("test-sessions/ledger/" + name);
        try (var files = Files.walk(ROOT.resolve(name))) {
            for (Path p : files.toList()) {
                Path to = copy.resolve(ROOT.resolve(name).relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        Files.createDirectories(tmp.resolve("plans"));
        Files.copy(ROOT.resolve("../../plans/ledger.md"), tmp.resolve("plans/ledger.md"));
        String first = report(SessionReader.read(copy));
        AtomicFiles.write(SessionReader.reportPath(copy), first);
        // writing the report creates findings/ where there was none: only that line of the missing list may change
        assertThat(withoutMissing(report(SessionReader.read(copy)))).isEqualTo(withoutMissing(first));
    }

    private static String withoutMissing(String report) {
        return report.replaceAll("(?m)^- Missing from the session folder: .*$", "");
    }

    /** CRLF, Session-Log.md and Findings/ in other cases, verdicts as "PASS (hardening)", "pass-hardening", "FAIL — reproducible". */
    @Test
    void otherCasingCrlfAndVerdictSpellings() throws IOException {
        SessionFolder f = read("2026-12-01T031500Z");
        assertThat(f.missing()).doesNotContain("session-log.md", "findings/");
        assertThat(f.log().header().sut()).isEqualTo("ledger-svc 0.9 (3 nodes)");
        assertThat(f.log().header().started()).isEqualTo("2026-12-01T04:15:00+01:00");
        assertThat(f.interrupted()).isFalse();
        assertThat(f.arms()).extracting(ArmVerdict::armId, ArmVerdict::written, ArmVerdict::effective).containsExactly(
                tuple("S1/api", java.util.Optional.of(Verdict.PASS_HARDENING), Verdict.PASS_HARDENING),
                // written pass-hardening, but its fault has no landing reading anywhere
                tuple("S1/cli", java.util.Optional.of(Verdict.PASS_HARDENING), Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN),
                tuple("S2", java.util.Optional.of(Verdict.FAIL_REPRODUCIBLE), Verdict.FAIL_REPRODUCIBLE));
        assertThat(f.arms().get(2).finding().orElseThrow().fileName()).isEqualTo("s2.MD");
        assertThat(f.scenarioVerdicts()).containsEntry("S1", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
        assertThat(SessionReader.reportPath(ROOT.resolve("2026-12-01T031500Z")).toString().replace('\\', '/'))
                .endsWith("2026-12-01T031500Z/Findings/report.md");
    }

    /** Header lines without bold, a timeline and verdicts kept as bullets, a README and notes in findings/. */
    @Test
    void bulletsPlainLabelsAndNotesThatAreNotArms() throws IOException {
        SessionFolder f = read("2026-12-02-nightly");
        assertThat(f.log().header().commit()).isEqualTo("5e6f7a8");
        assertThat(f.log().ended()).isTrue();
        assertThat(f.log().timeline()).extracting(t -> t.scenario() + " " + t.event())
                .containsExactly("S1/api start", "S1/api oracle result");
        assertThat(f.arms()).extracting(ArmVerdict::armId, ArmVerdict::budget, ArmVerdict::effective).containsExactly(
                tuple("S1/api", "smoke", Verdict.PASS_SMOKE), tuple("S2", "", Verdict.FAIL_NONDETERMINISTIC),
                tuple("S3", "", Verdict.NOT_RUN));
        assertThat(f.otherFiles()).containsExactly("findings/README.md", "findings/notes.txt");
        assertThat(f.arms().get(1).finding().orElseThrow().detail().whatHappened())
                .isEqualTo("balance of account 3 went to -20 once.");
    }

    /** The plan cannot be found; overrides written by a reviewer with other time forms; a row without a reason. */
    @Test
    void overridesInOtherFormsAndAMissingPlan() throws IOException {
        SessionFolder f = read("2026-12-03T101500Z");
        assertThat(PlanLocator.locate(f, Path.of("/nonexistent"))).isEmpty();
        assertThat(f.overrides()).extracting(VerdictOverride::armId, VerdictOverride::verdict, VerdictOverride::time)
                .containsExactly(tuple("S2", Verdict.PASS_HARDENING, Instant.parse("2026-12-03T10:00:00Z")),
                        tuple("S4", null, Instant.parse("2026-12-03T11:00:00Z")));
        assertThat(f.problems()).containsExactly(
                "findings/overrides.md:7:37: override row for S9 skipped: an override needs a reason");
        ArmVerdict s2 = f.arms().get(0);
        assertThat(s2.baseVerdict()).isEqualTo(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        assertThat(s2.effective()).isEqualTo(Verdict.PASS_HARDENING);
        String r = report(f);
        assertThat(r).contains("PASS-hardening (override by Zo\u00eb \u00c5ngstr\u00f6m; computed INCONCLUSIVE-fault-not-proven)")
                .contains("plan not found: docs/plans/ledger-v2.md");
    }

    /** No end marker and no report; a temp file, a scratch folder, a core file and Unicode everywhere. */
    @Test
    void interruptedWithUnicodeAndStrayFiles() throws IOException {
        SessionFolder f = read("2026-12-04T080000Z");
        assertThat(f.interrupted()).isTrue();
        assertThat(f.log().header().operator()).isEqualTo("Zo\u00eb \u00c5ngstr\u00f6m");
        assertThat(f.arms()).extracting(ArmVerdict::armId, ArmVerdict::effective).containsExactly(
                tuple("S1/api", Verdict.PASS_SMOKE), tuple("S1/cli", Verdict.NOT_RUN), tuple("S3", Verdict.NOT_RUN));
        assertThat(f.otherFiles()).containsExactly("core.1234", "scratch/", "findings/draft-thoughts.md");
        assertThat(f.headline()).isEqualTo(SessionHeadline.INCONCLUSIVE);
        assertThat(report(f)).contains("**Session state:** interrupted")
                .contains("| tenant-isolation: 300/300 clean \u2713 | toxic bytes 0 \u2192 9 000 |");
    }

    /** Several seeds with a flip: written PASS-hardening in a seeds table, and in an evidence block. */
    @Test
    void aFlakySeedIsAFailNotAPass() throws IOException {
        SessionFolder f = read("2026-12-05T000000Z");
        assertThat(f.arms()).extracting(ArmVerdict::armId, ArmVerdict::effective).containsExactly(
                tuple("S4", Verdict.FAIL_NONDETERMINISTIC), tuple("S3", Verdict.FAIL_NONDETERMINISTIC));
        assertThat(f.arms().get(0).computed().orElseThrow().reason()).contains("INVALID at op 812");
        assertThat(f.arms().get(0).finding().orElseThrow().detail().whatHappened())
                .isEqualTo("Seed 2 flipped on the re-run; we believe it was noise.");
        assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
    }

    /** Claimed passes whose evidence is missing are downgraded along the tree, each with its reason. */
    @Test
    void claimedPassesWithoutEvidenceAreDowngraded() throws IOException {
        SessionFolder f = read("2026-12-06T120000Z");
        assertThat(f.arms()).extracting(ArmVerdict::armId, ArmVerdict::effective).containsExactly(
                tuple("S1/api", Verdict.PASS_SMOKE), // landed and checked, but only the smoke budget met
                tuple("S1/cli", Verdict.PARTIAL_SURFACE), // bare "PASS", no oracle result anywhere
                tuple("S2", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN), // PASS-hardening with nothing behind it
                tuple("S3", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN), // evidence block unreadable: the claim is checked instead
                tuple("S4", Verdict.PARTIAL_MODEL)); // its own weak-oracle audit marks an item FAILED
        assertThat(f.problems()).containsExactly("findings/S3.md:9:68: evidence block unreadable: "
                + "Unexpected close marker ']': expected '}'");
        assertThat(f.headline()).isEqualTo(SessionHeadline.INCONCLUSIVE);
        assertThat(report(f)).contains("- Downgraded: S1/cli \u2192 PARTIAL-surface: written as \"PASS\" (no tier");
    }

    /** One verdict row per seed, columns named Test / Status / Tier, "S1 / api" with spaces, SESSION_LOG.md, no findings/. */
    @Test
    void perSeedRowsAreCombinedNotDropped() throws IOException {
        SessionFolder f = read("2026-12-07T220000Z");
        assertThat(f.arms()).extracting(ArmVerdict::armId, ArmVerdict::budget, ArmVerdict::effective).containsExactly(
                tuple("S4", "smoke", Verdict.FAIL_NONDETERMINISTIC), // seed 2 failed: not lost behind seed 1's PASS
                tuple("S1/api", "smoke", Verdict.PASS_SMOKE),
                tuple("S1/cli", "\u2014", Verdict.NOT_RUN));
        assertThat(f.log().verdicts().stream().filter(v -> v.armId().equals("S4")).count()).isEqualTo(3);
        assertThat(f.log().timeline()).extracting(t -> t.armId()).containsExactly("S1/api", "S1/api", "S4", "S4");
        assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
        assertThat(report(f)).contains("checker INVALID at op 77");
    }

    /** No verdict section in the log; every arm's verdict in one findings/results.md, as a table and a list. */
    @Test
    void aResultsSummaryInFindingsIsReadNotListedAsANote() throws IOException {
        SessionFolder f = read("2026-12-08T060000Z");
        assertThat(f.otherFiles()).isEmpty();
        assertThat(f.arms()).extracting(ArmVerdict::armId, ArmVerdict::budget, ArmVerdict::effective).containsExactly(
                tuple("S2", "hardening", Verdict.FAIL_NONDETERMINISTIC), tuple("S3", "smoke", Verdict.PASS_SMOKE),
                tuple("S4", "", Verdict.NOT_RUN));
        assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
    }

    /** An ID column of row numbers beside a Scenario column: the arm is the id the row names, not "1". */
    @Test
    void rowNumbersAreNotArmIds(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("session-log.md"), "# Log\n\n## Scenario verdicts\n\n| ID | Scenario | Verdict | Notes |\n"
                + "|---|---|---|---|\n| 1 | S01 put_get | NOT-RUN | |\n| 2 | S02 heal | FAIL-reproducible | re-run INVALID again |\n");
        assertThat(SessionReader.read(tmp).arms()).extracting(ArmVerdict::armId, ArmVerdict::effective)
                .containsExactly(tuple("S01", Verdict.NOT_RUN), tuple("S02", Verdict.FAIL_REPRODUCIBLE));
    }

    @Test
    void goldenFilesExist() {
        assertThat(Files.isDirectory(Path.of("src/test/resources/golden/foreign"))).isTrue();
    }
}
