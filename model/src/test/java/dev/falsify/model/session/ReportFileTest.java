package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFileTest {
    static final String AUTHORS = "# My own findings\n\n| Scenario | Verdict |\n|---|---|\n| S1 | PASS-smoke |\n";

    @TempDir
    Path tmp;

    private Path session() throws IOException {
        Path s = Files.createDirectories(tmp.resolve("test-sessions/kv/2026-11-29T090000Z"));
        Files.writeString(s.resolve("session-log.md"), "# Session log: kv\n");
        return s;
    }

    @Test
    void aFindingsLinkOutOfTheSessionIsRefusedAndNothingIsWrittenThere() throws IOException {
        Path session = session();
        Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
        try {
            Files.createSymbolicLink(session.resolve("findings"), outside);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links: " + e);
        }
        assertThatThrownBy(() -> ReportFile.write(session, "# Findings report\n"))
                .isInstanceOf(ReportFile.OutsideSessionException.class)
                .hasMessageContaining(session.resolve("findings").toString())
                .hasMessageContaining(outside.toRealPath().toString())
                .hasMessageContaining("outside the session folder");
        try (Stream<Path> s = Files.list(outside)) {
            assertThat(s).isEmpty();
        }
    }

    @Test
    void aLinkInsideTheSessionIsFine() throws IOException {
        Path session = session();
        Path real = Files.createDirectories(session.resolve("notes"));
        try {
            Files.createSymbolicLink(session.resolve("findings"), real);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links: " + e);
        }
        ReportFile.write(session, "# Findings report\n");
        assertThat(real.resolve("report.md")).hasContent("# Findings report");
    }

    /** At every step of replacing an author's report, a complete report.md exists and the author's text is on disk. */
    @Test
    void anAuthorsReportIsCopiedBeforeItIsReplaced() throws IOException {
        Path session = session();
        Path report = Files.createDirectories(session.resolve("findings")).resolve("report.md");
        Files.writeString(report, AUTHORS);
        List<String> seenWhileWriting = new ArrayList<>();
        ReportFile.Written w = ReportFile.write(session, out -> {
            // the moment between setting the author's report aside and our report taking its place
            seenWhileWriting.add(Files.isRegularFile(report) ? Files.readString(report) : "<no report.md>");
            Path aside = report.resolveSibling("report.original.md");
            seenWhileWriting.add(Files.isRegularFile(aside) ? Files.readString(aside) : "<no copy>");
            out.write("# Findings report: kv\n");
        });
        assertThat(seenWhileWriting).containsExactly(AUTHORS, AUTHORS);
        assertThat(w.authorCopy()).contains(report.resolveSibling("report.original.md"));
        assertThat(report).hasContent("# Findings report: kv");
        assertThat(report.resolveSibling("report.original.md")).hasContent(AUTHORS.strip());
    }

    /** A run killed after the copy and before the replace: the next run keeps one copy, not two. */
    @Test
    void aCopyLeftByAKilledRunIsReused() throws IOException {
        Path session = session();
        Path report = Files.createDirectories(session.resolve("findings")).resolve("report.md");
        Files.writeString(report, AUTHORS);
        Files.writeString(report.resolveSibling("report.original.md"), AUTHORS);
        ReportFile.Written w = ReportFile.write(session, "# Findings report: kv\n");
        assertThat(w.authorCopy()).contains(report.resolveSibling("report.original.md"));
        assertThat(report.resolveSibling("report.original-2.md")).doesNotExist();
    }

    @Test
    void anotherAuthorsTextTakesTheNextName() throws IOException {
        Path session = session();
        Path report = Files.createDirectories(session.resolve("findings")).resolve("report.md");
        Files.writeString(report, AUTHORS);
        Files.writeString(report.resolveSibling("report.original.md"), "an older report\n");
        ReportFile.Written w = ReportFile.write(session, "# Findings report: kv\n");
        assertThat(w.authorCopy()).contains(report.resolveSibling("report.original-2.md"));
        assertThat(report.resolveSibling("report.original.md")).hasContent("an older report");
        assertThat(report.resolveSibling("report.original-2.md")).hasContent(AUTHORS.strip());
    }

    /**
     * A report.md that is a link (to a secret, another project's file) is never followed: its target is not copied
     * into report.original.md, nor overwritten; the link is kept aside as a link and the report takes its place.
     */
    @Test
    void aReportLinkIsNeitherFollowedNorCopied() throws IOException {
        Path session = session();
        Path secret = Files.writeString(tmp.resolve("secret.md"), "# not a session file\ntoken=hunter2\n");
        Path report = Files.createDirectories(session.resolve("findings")).resolve("report.md");
        try {
            Files.createSymbolicLink(report, secret);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links: " + e);
        }
        ReportFile.Written w = ReportFile.write(session, "# Findings report: kv\n");
        assertThat(secret).hasContent("# not a session file\ntoken=hunter2");
        assertThat(Files.isSymbolicLink(report)).isFalse();
        assertThat(report).hasContent("# Findings report: kv");
        Path aside = report.resolveSibling("report.original.md");
        assertThat(w.authorCopy()).contains(aside);
        assertThat(Files.isSymbolicLink(aside)).as("kept as the link it was, not as a copy of its target").isTrue();
        assertThat(Files.readSymbolicLink(aside)).isEqualTo(secret);
        try (Stream<Path> files = Files.list(session.resolve("findings"))) {
            for (Path f : files.filter(f -> !Files.isSymbolicLink(f)).toList()) {
                assertThat(Files.readString(f)).doesNotContain("hunter2");
            }
        }
    }
}
