package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.verdict.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Agents write session files by hand, often non-atomically: the reader must open truncated, shuffled
 * and garbled versions of them without throwing, and the report must still render.
 */
class ReaderRobustnessTest {
    static final Path DONE = HandWrittenSessionTest.DONE;

    @TempDir
    Path tmp;

    static String mutate(String text, Random r) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        switch (r.nextInt(6)) {
            case 0 -> { // truncated mid-write, possibly mid-line and mid-UTF-8 sequence
                return text.substring(0, r.nextInt(text.length() + 1));
            }
            case 1 -> { // lines lost
                for (int i = 0; i < 1 + r.nextInt(8) && !lines.isEmpty(); i++) {
                    lines.remove(r.nextInt(lines.size()));
                }
            }
            case 2 -> { // lines reordered
                for (int i = 0; i < 5; i++) {
                    int a = r.nextInt(lines.size());
                    int b = r.nextInt(lines.size());
                    String t = lines.get(a);
                    lines.set(a, lines.get(b));
                    lines.set(b, t);
                }
            }
            case 3 -> { // Markdown debris inserted
                String[] junk = {"|", "| --- |", "```", "**Verdict:**", "## ", "- [x]", "|a|b|c|d|e|f|g|", "`", "\\|", "# "};
                for (int i = 0; i < 6; i++) {
                    lines.add(r.nextInt(lines.size() + 1), junk[r.nextInt(junk.length)]);
                }
            }
            case 4 -> { // an evidence block left open
                lines.add(r.nextInt(lines.size() + 1), "```falsify-evidence");
                lines.add("{\"scenario\": ");
            }
            default -> { // characters flipped
                char[] c = text.toCharArray();
                for (int i = 0; i < 20 && c.length > 0; i++) {
                    String pool = "|`*#-[]\n\u2014x";
                    c[r.nextInt(c.length)] = pool.charAt(r.nextInt(pool.length()));
                }
                return new String(c);
            }
        }
        return String.join("\n", lines);
    }

    @Test
    void mutatedSessionFilesNeverBreakTheReaderOrTheReport() throws IOException {
        String log = Files.readString(DONE.resolve("session-log.md"));
        String finding = Files.readString(DONE.resolve("findings/S01.md"));
        String evidenceFinding = Files.readString(writtenFinding());
        // other styles: bullet header, timeline and verdicts; a results summary in findings/
        Path foreign = Path.of("src/test/resources/foreign/test-sessions/ledger");
        String bulletLog = Files.readString(foreign.resolve("2026-12-02-nightly/session-log.md"));
        String results = Files.readString(foreign.resolve("2026-12-08T060000Z/findings/results.md"));
        Random r = new Random(20261130L);
        Files.createDirectories(tmp.resolve("s/findings"));
        for (int i = 0; i < 150; i++) {
            Files.writeString(tmp.resolve("s/session-log.md"), mutate(i % 2 == 0 ? log : bulletLog, r));
            Files.writeString(tmp.resolve("s/findings/results.md"), mutate(results, r));
            Files.writeString(tmp.resolve("s/findings/S01.md"), mutate(finding, r));
            Files.writeString(tmp.resolve("s/findings/S02.md"), mutate(evidenceFinding, r));
            assertThatCode(() -> {
                SessionFolder f = SessionReader.read(tmp.resolve("s"));
                f.headline();
                ReportWriter.render(f, PlanFacts.NONE);
            }).as("iteration %d", i).doesNotThrowAnyException();
        }
    }

    private Path writtenFinding() throws IOException {
        SessionWriter w = SessionWriter.create(tmp.resolve("w"), "kv", SessionWriterTest.header(), SessionWriterTest.CLOCK);
        w.armFinished("", SessionWriterTest.failing().toBuilder().id("S02", "").build(), null);
        return w.findingsDir().resolve("S02.md");
    }

    @Test
    void aMalformedEvidenceBlockIsAProblemAtItsFileLineAndColumnAndTheWrittenPassIsNotTakenOnTrust() throws IOException {
        Path s = Files.createDirectories(tmp.resolve("m/findings"));
        Files.writeString(s.resolve("S7.md"), "# S7 \u2014 PASS-smoke\n\n```falsify-evidence\n{\"scenario\": \"S7\", \"reached\": tru\n```\n");
        SessionFolder f = SessionReader.read(tmp.resolve("m"));
        // the JSON's line 1 is the file's line 4; "tru" starts in column 31
        assertThat(f.problems()).singleElement().asString().startsWith("findings/S7.md:4:31: evidence block unreadable: ")
                .doesNotContain("Source:");
        // the written PASS-smoke is a claim; with the block unreadable nothing records an oracle result
        assertThat(f.arms().get(0).effective()).isEqualTo(Verdict.PARTIAL_SURFACE);
    }

    @Test
    void invalidUtf8IsReadAndReported() throws IOException {
        Path s = Files.createDirectories(tmp.resolve("u"));
        byte[] text = "# Session\n\n**Plan:** docs/p.md\n**Commit under test:** caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Files.write(s.resolve("session-log.md"), text);
        SessionFolder f = SessionReader.read(s);
        assertThat(f.log().header().commit()).isEqualTo("caf\u00e9");
        // "café" in ISO-8859-1: the é byte is on line 4, after "**Commit under test:** caf" (26 bytes)
        assertThat(f.problems()).singleElement().asString().startsWith("session-log.md:4:27: not valid UTF-8");
    }
}
