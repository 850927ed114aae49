package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.verdict.CapabilityResult;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.EvidenceFixtures;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.VerdictRules;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Issue 29: nothing the system under test writes is parsed as Falsify's own structure. Arbitrary strings —
 * every control character, every line break (CR, LF, CRLF, NEL, U+2028/9, VT, FF), fences, a whole PASS
 * evidence block, pipes, headings, {@code **Verdict:**} lines, HTML and {@code javascript:} links — go into
 * every field that SUT data can reach (oracle summaries and weaknesses, counterexample text and the rest of
 * the finding, notes, landing readings, audit evidence, history gaps, probe output, timeline notes and log
 * lines, toolbox and artifact lines). The verdict read back from the folder, its reason and the report's
 * headline are always the ones the run computed; report.md carries no live HTML, link or fence from them.
 */
class SutTextNeverChangesAVerdictPropertiesTest {
    private static Path tmp;
    private static int n;

    @BeforeContainer
    static void makeTemp() throws IOException {
        tmp = Files.createTempDirectory("falsify-sut-text");
    }

    @AfterContainer
    static void removeTemp() throws IOException {
        try (var s = Files.walk(tmp)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static final String[] NASTY = {"\r", "\n", "\r\n", "\u0085", "\u2028", "\u2029", "\u000b", "\u000c", "\t", "\u0000",
            "\u001b[2K\r", "\u007f", "\u009b", "\u202e", "\u2066", "\ufeff", "\u200b", "```", "~~~", "````falsify-evidence",
            "```falsify-evidence\n", "|", "\\|", "\\", "# S1 \u2014 PASS-hardening", "## Evidence", "### Finding F9: forged",
            "**Verdict:** PASS-smoke", "- **Verdict:** PASS-hardening", "**Session ended:** 2026 \u2014 DONE",
            "| S1 | PASS-hardening | ok |", "|---|---|", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
            "[click](javascript:alert(1))", "<javascript:alert(1)>", "![x](javascript:alert(1))", "[r]: javascript:alert(1)",
            "<!--", "-->", "&lt;script&gt;", "&#60;", "- [x] faults verifiably injected \u2014 yes", "> quote", "1. item",
            "    indented", "---", "===", "\ud800", "\udc00", "\ud83d\ude00", "\udb40\udc01", "PASS-hardening", "NOT-RUN"};

    /** A PASS-hardening evidence block, as an attacker would plant it, joined with one kind of line break. */
    static String plantedBlock(String lineBreak) {
        return lineBreak + "## Evidence" + lineBreak + "```falsify-evidence" + lineBreak
                + EvidenceJson.write(EvidenceFixtures.cleanHardening().build()).replace("\n", lineBreak) + lineBreak + "```"
                + lineBreak;
    }

    @Provide
    Arbitrary<String> sutText() {
        Arbitrary<String> piece = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(NASTY)),
                net.jqwik.api.Tuple.of(2, Arbitraries.strings().all().ofMaxLength(12)),
                net.jqwik.api.Tuple.of(2, Arbitraries.strings().withCharRange('\u0000', '\u009f').ofMaxLength(8)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of("\r", "\n", "\r\n", "\u2028", "\u0085").map(
                        SutTextNeverChangesAVerdictPropertiesTest::plantedBlock)),
                net.jqwik.api.Tuple.of(2, Arbitraries.strings().alpha().numeric().ofMaxLength(10)));
        return piece.list().ofMaxSize(6).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<List<String>> texts() {
        return sutText().list().ofSize(FIELDS);
    }

    static final int FIELDS = 26;

    /** The base evidence of one of several verdicts, with text fields from {@code s}. */
    static ArmEvidence evidence(int base, List<String> s) {
        ArmEvidence.Builder b = EvidenceFixtures.cleanHardening();
        List<OracleResult> oracles = new ArrayList<>();
        List<String> weak = base == 4 ? List.of("register reads lack a value: " + s.get(1)) : List.of();
        Validity validity = base == 0 || base == 1 ? Validity.INVALID : Validity.VALID;
        oracles.add(new OracleResult("linearizability", validity, base == 5 ? 90 : 120, 120, weak, s.get(0)));
        b.oracles(oracles);
        b.seeds(switch (base) {
            case 0 -> List.of(new SeedRun(1, false, SeedRun.Outcome.VIOLATION), new SeedRun(1, true, SeedRun.Outcome.VIOLATION));
            case 1 -> List.of(new SeedRun(1, false, SeedRun.Outcome.VIOLATION));
            default -> List.of(new SeedRun(1, false, SeedRun.Outcome.CLEAN));
        });
        LandingReading reading = new LandingReading(s.get(2), s.get(3), s.get(4), s.get(5), s.get(6), base != 3);
        FaultEvidence fault = new FaultEvidence("partition-n1", "partition", true, true, List.of(reading),
                base == 3 ? FaultEvidence.Landing.NOT_PROVEN : FaultEvidence.Landing.PROVEN);
        b.faults(base == 6 ? List.of() : List.of(fault));
        if (base == 6) b.budgetMet(BudgetTier.SMOKE);
        if (base == 7) b.historyGaps(List.of("no :time field: " + s.get(7)));
        b.greenButBroken(List.of(new AuditItem("oracle ran on every intended cycle", base == 8 ? AuditItem.Status.FAILED
                : AuditItem.Status.PASSED, s.get(8))));
        b.weakOracleAudit(b.build().weakOracleAudit().stream()
                .map(a -> a.status() == AuditItem.Status.PASSED ? new AuditItem(a.check(), a.status(), "checked: " + s.get(9)) : a)
                .toList());
        b.probes(List.of(new CapabilityResult("java", true, s.get(10), s.get(11), true)));
        b.notes(s.get(12));
        return b.build();
    }

    @Property(tries = 150, edgeCases = EdgeCasesMode.FIRST)
    void theVerdictReadBackIsTheComputedOneWhateverTheSutWrote(@ForAll @IntRange(min = 0, max = 8) int base,
                                                             @ForAll("texts") List<String> s) throws IOException {
        ArmEvidence e = evidence(base, s);
        Decision expected = VerdictRules.decide(e);
        assertThat(expected.verdict()).isEqualTo(VerdictRules.decide(evidence(base, java.util.Collections.nCopies(FIELDS, "x")))
                .verdict());

        SessionHeader header = new SessionHeader("", "kv " + s.get(13), "docs/plan.md", "abc123", "", "ci", "", "",
                Map.of("Run configuration", s.get(14)));
        SessionWriter w = SessionWriter.create(tmp.resolve("t" + n++), "kv", header, SessionWriterTest.CLOCK);
        w.toolbox(List.of(s.get(15)));
        w.preconditions(List.of(new Precondition(true, s.get(16))));
        w.event("S1", "start", s.get(17));
        w.event("S1", "log", "n1.out.log:12: " + s.get(18));
        w.event("S1", "landing", s.get(19));
        w.event("S1", "oracle result", s.get(20));
        w.artifact(s.get(21));
        Decision d = w.armFinished(s.get(22), e, new FindingDetail(s.get(23), s.get(24), s.get(25), s.get(0), s.get(1),
                s.get(2), s.get(3)));
        SessionHeadline headline = w.finish();
        assertThat(d).isEqualTo(expected);

        SessionFolder f = SessionReader.read(w.dir());
        assertThat(f.problems()).isEmpty();
        assertThat(f.arms()).singleElement().satisfies(a -> {
            assertThat(a.armId()).isEqualTo("S1");
            assertThat(a.computed()).contains(expected);
            assertThat(a.effective()).isEqualTo(expected.verdict());
        });
        assertThat(f.headline()).isEqualTo(headline);
        assertThat(f.interrupted()).isFalse();
        assertThat(f.log().timeline()).hasSize(4);

        String findings = Files.readString(w.dir().resolve("findings/S1.md"));
        assertThat(findings.lines().filter(l -> l.startsWith("#") && !l.startsWith("## ") || l.startsWith("**Verdict:**")
                || l.startsWith("```") || l.startsWith("~~~"))).hasSize(4);   // title, Verdict line, the evidence fences
        assertThat(findings).doesNotContain("\r").doesNotContain("\u2028").doesNotContain("\u2029").doesNotContain("\u0085");

        String report = ReportWriter.render(f, PlanFacts.NONE);
        assertThat(report).contains("## Summary\n\n**" + headline.name() + "** \u2014 ");
        assertInert(report);
        // report.md is read back on the next run: writing it changes nothing
        Files.writeString(w.dir().resolve("findings/report.md"), report);
        SessionFolder again = SessionReader.read(w.dir());
        assertThat(again.headline()).isEqualTo(headline);
        assertThat(again.arms()).singleElement().satisfies(a -> assertThat(a.effective()).isEqualTo(expected.verdict()));
    }

    /**
     * A folder written by someone else is data too: whatever its findings file, timeline and file names hold,
     * report.md has no live HTML or link from it.
     */
    @Property(tries = 60, edgeCases = EdgeCasesMode.FIRST)
    void aHandWrittenFoldersTextNeverBecomesHtmlOrALinkInTheReport(@ForAll("texts") List<String> s) throws IOException {
        Path dir = tmp.resolve("h" + n++);
        Files.createDirectories(dir.resolve("findings"));
        write(dir.resolve("session-log.md"), "# Log\n\n**Plan:** " + s.get(0) + "\n**Commit under test:** " + s.get(1)
                + "\n\n## Scenario timeline\n\n| Time | Scenario | Event | Notes |\n|---|---|---|---|\n| t | S1 | oracle result | "
                + s.get(2).replace("\n", " ") + " |\n| t | S1 | landing | " + s.get(3).replace("\n", " ") + " |\n");
        write(dir.resolve("findings/S1.md"), "# S1 " + s.get(4).replace("\n", " ") + "\n\n**Verdict:** FAIL-reproducible\n"
                + "**What happened:** " + s.get(5) + "\n**Reproducer:** " + s.get(6) + "\n**Reduction classification:** "
                + s.get(7) + "\n");
        String name = s.get(8).replaceAll("[/\\\\\\u0000]", "_");
        try {
            Files.writeString(dir.resolve("findings/S1-" + name + ".svg"), "<svg/>");
        } catch (IOException | java.nio.file.InvalidPathException e) {
            // a name the file system refuses
        }
        SessionFolder f = SessionReader.read(dir);
        String report = ReportWriter.render(f, PlanFacts.NONE);
        assertInertHtml(report);
        // (its verdict is the author's to write: an evidence block at the end of their own file is theirs)
        assertThat(f.arm("S1")).isPresent();
    }

    /** As an editor would save it: a lone surrogate (no UTF-8 form) becomes '?'. */
    static void write(Path file, String text) throws IOException {
        Files.write(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** No raw HTML, no link or image Falsify did not make, no fence, no line break other than LF. */
    static void assertInert(String report) {
        assertInertHtml(report);
        assertThat(report.lines().filter(l -> l.startsWith("```") || l.startsWith("~~~") || l.startsWith("[r]:"))).isEmpty();
        assertThat(report.lines().filter(l -> l.startsWith("# "))).hasSize(1);
        assertThat(report.lines().filter(l -> l.startsWith("### Finding ")))
                .allMatch(l -> l.startsWith("### Finding F1: "));
    }

    /** Every '<' an entity; no "](" or "][" that could close a link or image, but in the links Falsify makes. */
    static void assertInertHtml(String markedReport) {
        // the mark Falsify puts on the last line is its own comment; data never makes one
        assertThat(markedReport).endsWith(" -->\n");
        String report = markedReport.substring(0, markedReport.lastIndexOf("\n" + SessionReader.REPORT_MARK) + 1);
        assertThat(report).doesNotContain("<").doesNotContain("\r").doesNotContain("\u2028").doesNotContain("\u0085");
        String withoutOwnLinks = report.replaceAll("\\[[A-Za-z0-9_.-]+\\.md\\]\\(([A-Za-z0-9%._~/-]+)\\)", "")
                .replaceAll("\\[artifacts/(?:\\\\.|[^\\\\\\]\\n])*\\]\\(\\.\\./artifacts/[A-Za-z0-9%._~/-]+\\)", "")
                .replaceAll("!\\[(?:\\\\.|[^\\\\\\]\\n])*\\]\\([A-Za-z0-9%._~/-]+\\.svg\\)", "");
        assertThat(java.util.regex.Pattern.compile("(?<![\\\\])\\](?=[(\\[])").matcher(withoutOwnLinks).results()
                .map(m -> withoutOwnLinks.substring(Math.max(0, m.start() - 30), m.start() + 10)).toList()).isEmpty();
    }
}
