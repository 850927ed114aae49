package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report, import and sessions on session folders written in other agents' styles (model's foreign/ fixtures). */
class ForeignSessionCommandsTest {
    static final Path FOREIGN = Path.of("../model/src/test/resources/foreign");
    static final Path GOLDEN = Path.of("../model/src/test/resources/golden/foreign");

    @TempDir
    Path tmp;
    Path ledger;
    String db;

    /** Copies a fixture tree: the commands write into the folders they are given. */
    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    @BeforeEach
    void copy() throws IOException {
        copyTree(FOREIGN, tmp);
        ledger = tmp.resolve("test-sessions/ledger");
        db = tmp.resolve("store/falsify.db").toString();
    }

    @Test
    void reportWritesIntoTheFolderAsTheAuthorSpelledIt() throws IOException {
        Path dir = ledger.resolve("2026-12-01T031500Z");
        CliRun r = CliRun.run("report", dir.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        // Findings/ exists with a capital F: the report goes there, not into a second findings/ folder
        assertThat(dir.resolve("Findings/report.md")).isRegularFile();
        assertThat(Files.list(dir).map(p -> p.getFileName().toString())).doesNotContain("findings");
        String golden = Files.readString(GOLDEN.resolve("2026-12-01T031500Z.md"), StandardCharsets.UTF_8);
        String written = Files.readString(dir.resolve("Findings/report.md"), StandardCharsets.UTF_8);
        // the golden was rendered with the fixture's relative path; only the session line's value may differ
        assertThat(written.lines().filter(l -> !l.startsWith("**Session dir:**")).toList())
                .isEqualTo(golden.lines().filter(l -> !l.startsWith("**Session dir:**")).toList());
    }

    @Test
    void unreadablePartsAreWarnedWithFileLineAndColumnAndTheReportIsStillWritten() {
        CliRun r = CliRun.run("report", ledger.resolve("2026-12-06T120000Z").toString(), "--out", "-");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).contains("2026-12-06T120000Z/findings/S3.md:9:68: evidence block unreadable: Unexpected close marker")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.out()).contains("- Downgraded: S2 \u2192 INCONCLUSIVE-fault-not-proven");

        CliRun o = CliRun.run("report", ledger.resolve("2026-12-03T101500Z").toString(), "--out", "-");
        assertThat(o.exit()).isZero();
        assertThat(o.err()).contains("2026-12-03T101500Z/findings/overrides.md:7:37: override row for S9 skipped")
                .contains("plan docs/plans/ledger-v2.md not found");
    }

    @Test
    void importAndSessionsListEveryStyleOnceAndAgainUnchanged() {
        CliRun i = CliRun.run("import", tmp.resolve("test-sessions").toString(), "--db", db);
        assertThat(i.exit()).isZero();
        assertThat(i.out()).contains("8 session folders: 8 added, 0 updated, 0 unchanged");
        CliRun again = CliRun.run("import", tmp.resolve("test-sessions").toString(), "--db", db);
        assertThat(again.out()).contains("8 session folders: 0 added, 0 updated, 8 unchanged");
        CliRun s = CliRun.run("sessions", "--db", db);
        assertThat(s.exit()).isZero();
        // read against the plan, as report.md reads it ("- PASS-smoke: S1": S1/cli lists no fault), not
        // plan-less (which said S1 INCONCLUSIVE-fault-not-proven)
        assertThat(s.out()).containsPattern("2026-12-01T031500Z +FAIL +77f0c1a +S1 PASS-smoke, S2 FAIL-reproducible")
                .containsPattern("2026-12-04T080000Z +INCONCLUSIVE\\* ")
                .containsPattern("2026-12-05T000000Z +FAIL +9f9f9f9 +S4 FAIL-nondeterministic, S3 FAIL-nondeterministic")
                .contains("* interrupted (no end marker)");
    }

    @Test
    void anAuthorsReportIsKeptBesideOursAndItsVerdictsStillCount(@TempDir Path other) throws IOException {
        copyTree(Path.of("../model/src/test/resources/other-style"), other);
        Path dir = other.resolve("sessions/2026-10-01-nightly");
        String authors = Files.readString(dir.resolve("findings/report.md"), StandardCharsets.UTF_8);
        CliRun r = CliRun.run("report", dir.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("kept the existing report.md (not written by Falsify) as");
        assertThat(Files.readString(dir.resolve("findings/report.original.md"), StandardCharsets.UTF_8)).isEqualTo(authors);
        String first = Files.readString(dir.resolve("findings/report.md"), StandardCharsets.UTF_8);
        // S3 is NOT-RUN only in the author's report: it stays in ours after a second run
        assertThat(first).contains("| S3 | compaction_does_not_block_reads | NOT-RUN |");
        CliRun again = CliRun.run("report", dir.toString());
        assertThat(again.out()).doesNotContain("kept the existing");
        assertThat(Files.readString(dir.resolve("findings/report.md"), StandardCharsets.UTF_8)).isEqualTo(first);
    }

    @Test
    void aFindingsLinkLeadingOutOfTheSessionIsRefused(@TempDir Path other) throws IOException {
        copyTree(Path.of("../model/src/test/resources/other-style"), other);
        Path dir = other.resolve("sessions/2026-10-01-nightly");
        Path outside = Files.createDirectories(other.resolve("elsewhere"));
        copyTree(dir.resolve("findings"), outside);
        try (Stream<Path> s = Files.walk(dir.resolve("findings"))) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
        Files.delete(outside.resolve("report.md"));
        Files.createSymbolicLink(dir.resolve("findings"), outside);
        CliRun r = CliRun.run("report", dir.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(dir.resolve("findings").toString()).contains("outside the session folder")
                .doesNotContain("Exception");
        assertThat(outside.resolve("report.md")).doesNotExist();
    }

    @Test
    void aMissingFolderOrPlanIsOneLineAndExitTwo() {
        CliRun r = CliRun.run("report", tmp.resolve("nope").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains("nope");
        CliRun p = CliRun.run("report", ledger.resolve("2026-12-03T101500Z").toString(), "--plan", tmp.resolve("x.md").toString());
        assertThat(p.exit()).isEqualTo(2);
        assertThat(p.err()).contains("x.md: plan not found").doesNotContain("\tat ");
    }
}
