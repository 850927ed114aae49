package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.EvidenceFixtures;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29 item 1: what the system under test writes (a history key, a counterexample) reaches the findings
 * file's prose; it must stay data there, never become a second evidence block, a heading or a verdict line.
 */
class SutTextInjectionTest {
    @TempDir
    Path tmp;

    /** A PASS evidence block as the attacker would plant it: every line break a lone CR. */
    static String plantedBlock(String lineBreak) {
        String json = EvidenceJson.write(EvidenceFixtures.cleanHardening().build());
        return lineBreak + "## Evidence" + lineBreak + "```" + FindingsFormat.EVIDENCE_INFO + lineBreak
                + json.replace("\n", lineBreak) + lineBreak + "```" + lineBreak + "# S1 \u2014 PASS-hardening" + lineBreak
                + "**Verdict:** PASS-hardening" + lineBreak;
    }

    static ArmEvidence violating(String sutText) {
        return EvidenceFixtures.cleanHardening().oracles(List.of(new OracleResult("linearizability",
                        Validity.INVALID, 120, 120, List.of(), "NOT LINEARIZABLE at key " + sutText)))
                .seeds(List.of(new SeedRun(1, false, SeedRun.Outcome.VIOLATION), new SeedRun(1, true, SeedRun.Outcome.VIOLATION)))
                .notes("history key " + sutText)
                .build();
    }

    @Test
    void aHistoryKeyWithCarriageReturnsAndAFencedPassBlockCannotRewriteTheVerdict() throws IOException {
        for (String lineBreak : List.of("\r", "\n", "\r\n", "\u2028", "\u0085", "\u000b", "\u000c")) {
            Path root = tmp.resolve("s" + (int) lineBreak.charAt(0));
            String key = "k1" + plantedBlock(lineBreak);
            SessionWriter w = SessionWriter.create(root, "kv", SessionWriterTest.header(), SessionWriterTest.CLOCK);
            w.event("S1", "oracle result", "linearizability: INVALID at key " + key);
            w.armFinished("", violating(key), new FindingDetail("violation at " + key, "H1",
                    "linearizability: NOT LINEARIZABLE; key " + key, "falsify run --seed 1", "", "", ""));
            assertThat(w.finish()).isEqualTo(SessionHeadline.FAIL);

            SessionFolder f = SessionReader.read(w.dir());
            assertThat(f.arms()).singleElement().satisfies(a -> assertThat(a.effective()).as("line break U+%04X",
                    (int) lineBreak.charAt(0)).isEqualTo(Verdict.FAIL_REPRODUCIBLE));
            assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
            String findings = Files.readString(w.dir().resolve("findings/S1.md"));
            // one heading of each kind and one Verdict line: Falsify's own
            assertThat(findings.lines().filter(l -> l.startsWith("# "))).hasSize(1);
            assertThat(findings.lines().filter(l -> l.startsWith("## Evidence"))).hasSize(1);
            assertThat(findings.lines().filter(l -> l.startsWith("**Verdict:**"))).containsExactly("**Verdict:** FAIL-reproducible");
            assertThat(findings).doesNotContain("\r").doesNotContain("\u2028").doesNotContain("\u0085");
            String report = ReportWriter.render(f, PlanFacts.NONE);
            assertThat(report).contains("**FAIL** \u2014 1 oracle violation found").doesNotContain("DONE");
            assertThat(report.lines().filter(l -> l.startsWith("```") || l.startsWith("~~~"))).isEmpty();
        }
    }

    @Test
    void anEvidenceBlockAnywhereButAtTheEndOfTheFileIsIgnoredAndReported() throws IOException {
        Path s = Files.createDirectories(tmp.resolve("h/findings"));
        String pass = "```falsify-evidence\n" + EvidenceJson.write(EvidenceFixtures.cleanHardening().build()) + "\n```\n";
        String fail = "```falsify-evidence\n" + EvidenceJson.write(violating("k")) + "\n```\n";
        // a planted PASS block above Falsify's own FAIL block: the last one, which ends the file, counts
        Files.writeString(s.resolve("S1.md"), "# S1 \u2014 FAIL-reproducible\n\n**What happened:** key k\n" + pass
                + "\n## Evidence\n\n" + fail);
        // a PASS block followed by more text is not where Falsify writes evidence: ignored, the written FAIL stands
        Files.writeString(s.resolve("S2.md"), "# S2\n\n**Verdict:** FAIL-reproducible\n\n" + pass + "\nmore notes\n");
        SessionFolder f = SessionReader.read(tmp.resolve("h"));
        assertThat(f.arm("S1").orElseThrow().effective()).isEqualTo(Verdict.FAIL_REPRODUCIBLE);
        assertThat(f.arm("S2").orElseThrow().effective()).isEqualTo(Verdict.FAIL_REPRODUCIBLE);
        assertThat(f.arm("S2").orElseThrow().finding().orElseThrow().evidence()).isEmpty();
        assertThat(f.problems()).containsExactly(
                "findings/S1.md:4:1: falsify-evidence block ignored: evidence is read only from the block that ends the"
                        + " findings file, where Falsify writes it",
                "findings/S2.md:5:1: falsify-evidence block ignored: evidence is read only from the block that ends the"
                        + " findings file, where Falsify writes it");
        assertThat(ReportWriter.render(f, PlanFacts.NONE)).contains("- Unreadable: findings/S1.md:4:1: falsify-evidence block ignored");
    }

    @Test
    void aFenceOfTildesDoesNotCloseABacktickFence() throws IOException {
        Path s = Files.createDirectories(tmp.resolve("t/findings"));
        // CommonMark: a block opened by ``` is closed only by ``` (or longer), so the ~~~ inside is content
        String fail = "```falsify-evidence\n" + EvidenceJson.write(violating("k")) + "\n```\n";
        Files.writeString(s.resolve("S1.md"), "# S1\n\n````text\n~~~\n**Verdict:** PASS-hardening\n```\n````\n\n"
                + "**Verdict:** FAIL-reproducible\n\n" + fail);
        SessionFolder f = SessionReader.read(tmp.resolve("t"));
        assertThat(f.arm("S1").orElseThrow().finding().orElseThrow().written()).contains(Verdict.FAIL_REPRODUCIBLE);
        assertThat(f.arm("S1").orElseThrow().effective()).isEqualTo(Verdict.FAIL_REPRODUCIBLE);
    }

    @Test
    void reportMdCarriesNoLiveHtmlOrLinkFromAHandWrittenFolder() throws IOException {
        Path dir = tmp.resolve("x");
        Path s = Files.createDirectories(dir.resolve("findings"));
        Files.createDirectories(dir.resolve("artifacts"));
        Files.writeString(dir.resolve("session-log.md"), "# Session\n\n**Plan:** <img src=x onerror=alert(1)>\n"
                + "**Commit under test:** [c](javascript:alert(1))\n\n## Scenario timeline\n\n| Time | Scenario | Event | Notes |\n"
                + "|---|---|---|---|\n| t | S1 | oracle result | linearizability INVALID <script>alert(1)</script> |\n"
                + "| t | S1 | landing | iptables ctr 0 \u2192 5 <a href=\"javascript:alert(1)\">x</a> |\n");
        Files.writeString(s.resolve("S1.md"), "# S1 <b>x</b>\n\n**Verdict:** FAIL-reproducible\n"
                + "**What happened:** key <script>alert(2)</script> [x](javascript:alert(2)) ![i](javascript:alert(3))\n"
                + "**Reproducer:** <javascript:alert(4)>\n");
        Files.writeString(dir.resolve("artifacts/S1-<img src=x onerror=alert(5)>).jsonl"), "{}\n");
        Files.writeString(s.resolve("notes <script>.txt"), "x");
        String report = ReportWriter.render(SessionReader.read(dir), PlanFacts.NONE);
        SutTextNeverChangesAVerdictPropertiesTest.assertInertHtml(report);
        assertThat(report).contains("key &lt;script>alert(2)&lt;/script> [x\\](javascript:alert(2))")
                .contains("[artifacts/S1-&lt;img src=x onerror=alert(5)>).jsonl](../artifacts/S1-%3Cimg%20src%3Dx%20onerror%3Dalert%285%29%3E%29.jsonl)");
    }
}
