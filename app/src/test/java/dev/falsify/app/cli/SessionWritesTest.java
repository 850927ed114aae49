package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code override} and {@code report} write into a session folder: only inside it (one rule, {@code SessionBounds}),
 * and a write that fails exits 4 as {@code run} does, never 2 ("bad input").
 */
class SessionWritesTest {
    @TempDir
    Path tmp;
    Path done;
    Path db;

    @BeforeEach
    void copyRepo() throws IOException {
        Path repo = tmp.resolve("repo");
        ForeignSessionCommandsTest.copyTree(SessionCommandsTest.AGENT_REPO, repo);
        done = repo.resolve("test-sessions/replicated-kv/2026-11-28T101500Z");
        db = tmp.resolve("home/falsify.db");
    }

    /** A findings folder that is a link out of the session: override refuses, as report does, and writes nothing there. */
    @Test
    void overrideThroughAFindingsLinkOutOfTheSessionIsRefused() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
        Path findings = done.resolve("findings");
        try (Stream<Path> s = Files.list(findings)) {
            for (Path f : s.toList()) Files.move(f, outside.resolve(f.getFileName()));
        }
        Files.delete(findings);
        try {
            Files.createSymbolicLink(findings, outside);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links: " + e);
        }
        CliRun o = CliRun.run("override", done.toString(), "S1", "--verdict", "FAIL-nondeterministic", "--reason", "x",
                "--db", db.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(2);
        assertThat(o.err()).contains("outside the session folder", "overrides are written only inside it").doesNotContain("Exception");
        assertThat(outside.resolve("overrides.md")).doesNotExist();
        CliRun r = CliRun.run("report", done.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("outside the session folder");
        assertThat(outside.resolve("report.md")).doesNotExist();
    }

    /**
     * A report that cannot be written exits 4, as `run` does. Simulated without a full disk, and whoever runs the
     * test (root ignores a read-only folder): the findings folder is a plain file, so no file can be created in it.
     */
    @Test
    void aReportThatCannotBeWrittenExitsFour() throws IOException {
        Path findings = done.resolve("findings");
        try (Stream<Path> s = Files.walk(findings)) {
            for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(f);
        }
        Files.writeString(findings, "not a folder\n");
        CliRun r = CliRun.run("report", done.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(4);
        assertThat(r.err()).contains("cannot write").doesNotContain("Exception:");
        CliRun o = CliRun.run("report", done.toString(), "--out", findings.resolve("r.md").toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(4);
    }

    @Test
    void anOverrideThatCannotBeWrittenExitsFour() throws IOException {
        // overrides.md is a folder with something in it: the rename over it fails, whoever runs the test
        Files.createDirectories(done.resolve("findings/overrides.md/x"));
        CliRun o = CliRun.run("override", done.toString(), "S1", "--verdict", "FAIL-nondeterministic", "--reason", "x",
                "--db", db.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(4);
        assertThat(o.err()).contains("could not write").doesNotContain("Exception:");
    }
}
