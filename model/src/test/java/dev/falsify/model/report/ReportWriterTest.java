package dev.falsify.model.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ReportWriterTest {
    static final Path REPO = Path.of("src/test/resources/agent-repo");
    static final Path DONE = REPO.resolve("test-sessions/replicated-kv/2026-11-28T101500Z");
    static final Path CUT = REPO.resolve("test-sessions/replicated-kv/2026-11-29T090000Z");
    static final Path GOLDEN = Path.of("src/test/resources/golden");

    static final List<String> SECTIONS = List.of("## Summary", "## Scenario results", "## Findings", "## Surface coverage",
            "## Release-budget disclosures", "## Coverage summary",
            "## Adequacy assessment vs the plan's coverage argument", "## Confidence delta", "## Green-but-broken check");

    static String report(Path session) throws IOException {
        SessionFolder f = SessionReader.read(session);
        Path plan = PlanLocator.locate(f, Path.of(".")).orElseThrow();
        return ReportWriter.render(f, PlanFactsAdapter.read(plan));
    }

    /** Compares with the golden file; {@code -Dfalsify.updateGolden=true} rewrites it instead. */
    static void assertGolden(String actual, String name) throws IOException {
        Path golden = GOLDEN.resolve(name);
        if (Boolean.getBoolean("falsify.updateGolden")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void planIsFoundFromThePlanLineRelativeToTheRepositoryRoot() throws IOException {
        SessionFolder f = SessionReader.read(DONE);
        assertThat(PlanLocator.locate(f, Path.of("/nonexistent")).orElseThrow().toString().replace('\\', '/'))
                .endsWith("agent-repo/docs/testing-plans/replicated-kv.md");
        assertThat(PlanLocator.planPath("[the plan](docs/p.md)")).isEqualTo("docs/p.md");
        assertThat(PlanLocator.planPath("`docs/p.md` (reviewed)")).isEqualTo("docs/p.md");
        assertThat(PlanLocator.planPath("docs/p.md (reviewed)")).isEqualTo("docs/p.md");
    }

    @Test
    void goldenReportOfTheHandWrittenSession() throws IOException {
        assertGolden(report(DONE), "report-2026-11-28T101500Z.md");
    }

    @Test
    void goldenReportOfTheInterruptedSession() throws IOException {
        assertGolden(report(CUT), "report-2026-11-29T090000Z.md");
    }

    @Test
    void everySectionInSpecOrder() throws IOException {
        String r = report(DONE);
        assertThat(r).startsWith("# Findings: replicated-kv @ 2026-11-28T101500Z\n");
        int at = -1;
        for (String s : SECTIONS) {
            int i = r.indexOf("\n" + s + "\n");
            assertThat(i).as(s).isGreaterThan(at);
            at = i;
        }
        // the headline is the first thing under Summary
        assertThat(r.substring(r.indexOf("## Summary") + 12)).startsWith("**FAIL** \u2014 1 oracle violation found (S01)");
    }

    @Test
    void coverageSummaryCoversEveryHypothesisOfThePlan() throws IOException {
        String r = report(DONE);
        String coverage = r.substring(r.indexOf("## Coverage summary"), r.indexOf("## Adequacy"));
        PlanFacts plan = PlanFactsAdapter.read(REPO.resolve("docs/testing-plans/replicated-kv.md"));
        assertThat(plan.hypotheses()).hasSize(6);
        for (PlanFacts.HypothesisFacts h : plan.hypotheses()) {
            assertThat(coverage).contains("| " + h.id() + " ");
        }
        Matcher m = Pattern.compile("(?m)^\\| H\\d").matcher(coverage);
        int rows = 0;
        while (m.find()) {
            rows++;
        }
        assertThat(rows).isEqualTo(6);
    }

    @Test
    void aReportWrittenIntoAnInterruptedSessionKeepsItInterrupted(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws IOException {
        Path copy = tmp.resolve("s");
        Files.createDirectories(copy.resolve("findings"));
        Files.copy(CUT.resolve("session-log.md"), copy.resolve("session-log.md"));
        Files.writeString(copy.resolve("findings/report.md"), ReportWriter.render(SessionReader.read(copy), PlanFacts.NONE));
        assertThat(SessionReader.read(copy).interrupted()).isTrue();
    }

    @Test
    void withoutAPlanTheReportStillHasEverySection() throws IOException {
        String r = ReportWriter.render(SessionReader.read(DONE), PlanFacts.missing("plan not found: docs/x.md"));
        for (String s : SECTIONS) {
            assertThat(r).contains("\n" + s + "\n");
        }
        assertThat(r).contains("plan not found: docs/x.md");
    }
}
