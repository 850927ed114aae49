package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.LintReport;
import dev.falsify.model.lint.PlanLinter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Plans shaped like ones agents wrote for real systems (issue 14): a §4 pitfall-walk table that only
 * links to hypotheses, hypotheses defined in a {@code | Pitfall | Applies | Hypothesis (-> claims) |}
 * table, claims repeated in an appendix, sections numbered in the author's own order, and sentences
 * that name a forbidden phrase in order to reject it. Each lints clean; the {@code lint --json}
 * output is a golden file ({@code -Dfalsify.updateGolden=true} rewrites it).
 */
class AgentPlansTest {
    static final Path DIR = Path.of("src/test/resources/plans/agents");

    static String text(String name) {
        try {
            return Files.readString(DIR.resolve(name + ".md"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static List<String> lines(String text) {
        return PlanLinter.lint(PlanParser.parse(text)).stream().map(d -> d.rule() + " " + d.message()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cache-pitfall-walk", "queue-pitfall-table"})
    void lintJsonMatchesTheGoldenFile(String name) throws IOException {
        Plan p = PlanParser.parse(text(name));
        String actual = LintReport.jsonText(p, CoverageBuilder.build(p), PlanLinter.lint(p)) + "\n";
        Path golden = DIR.resolve(name + ".lint.json");
        if (Boolean.getBoolean("falsify.updateGolden")) Files.writeString(golden, actual, StandardCharsets.UTF_8);
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cache-pitfall-walk", "queue-pitfall-table"})
    void lintsWithoutErrorsOrWarnings(String name) {
        assertThat(PlanLinter.lint(PlanParser.parse(text(name))))
                .filteredOn(d -> d.severity() != dev.falsify.model.lint.Severity.INFO).isEmpty();
    }

    @Test
    void aPitfallWalkTableLinksToHypothesesItDoesNotDefineThem() {
        Plan p = PlanParser.parse(text("cache-pitfall-walk"));
        // the list defines H1–H6; the table's "H7 → C9" row is a link to a hypothesis nobody wrote
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1", "H2", "H3", "H4", "H5", "H6");
        assertThat(p.hypothesis("H2").orElseThrow().title()).startsWith("Write-back buffer lost");
        assertThat(lines(p.text())).noneMatch(l -> l.contains("H7") || l.contains("C9"));
    }

    @Test
    void hypothesisCellsThatStartWithTheirIdDefineThem() {
        Plan p = PlanParser.parse(text("queue-pitfall-table"));
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1", "H2", "H3", "H4", "H5", "H6");
        assertThat(p.hypothesis("H1").orElseThrow().falsifies()).containsExactly("C1");
        assertThat(p.hypothesis("H5").orElseThrow().falsifies()).containsExactly("C5", "C6");
        assertThat(p.hypothesis("H6").orElseThrow().falsifies()).containsExactly("C2", "C4");
        assertThat(p.hypothesis("H2").orElseThrow().title()).startsWith("Leader acks before the segment is fsynced");
        assertThat(p.hypothesis("H4").orElseThrow().title()).startsWith("a retried publish");
        // the traceability table (| H1 | S1 |) repeats ids: links, not a second definition
        assertThat(lines(p.text())).noneMatch(l -> l.contains("duplicated"));
    }

    @Test
    void aHypothesisTableWhoseFirstRowsDefineNothingStillDefinesTheRest() {
        String t = text("queue-pitfall-table").replace("|---|---|---|\n| P1 Async",
                "|---|---|---|\n| P0 Config drift | no | — (pinned config) |\n| P0b Clock skew | no | none |\n| P1 Async")
                .replace("| P4 Reordering on retry | yes | H4: a retried publish", "| P4 Reordering on retry | yes | **H4** — a retried publish");
        assertThat(t).contains("P0 Config drift").contains("**H4** — a retried");
        Plan p = PlanParser.parse(t);
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1", "H2", "H3", "H4", "H5", "H6");
        assertThat(p.hypothesis("H4").orElseThrow().title()).startsWith("a retried publish");
    }

    @Test
    void claimsRepeatedInAnAppendixAreReferences() {
        Plan p = PlanParser.parse(text("queue-pitfall-table"));
        assertThat(p.claims()).extracting(Claim::id).containsExactly("C1", "C2", "C3", "C4", "C5", "C6");
        // a duplicate inside one table is still one
        String dup = p.text().replace("| C6 | p99 publish latency", "| C5 | p99 publish latency");
        assertThat(lines(dup)).anyMatch(l -> l.startsWith("P002") && l.contains("C5 is duplicated"));
    }

    @Test
    void aSectionNumberedInTheAuthorsOrderIsWhatItsTitleSays() {
        Plan p = PlanParser.parse(text("queue-pitfall-table"));
        assertThat(p.section("7b").orElseThrow().title()).isEqualTo("5. Coverage adequacy argument");
        assertThat(p.section("7c")).isPresent();
        assertThat(p.section("7d")).isPresent();
        assertThat(p.section("5")).isEmpty();
        assertThat(p.adequacy()).hasSize(6);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "5. Coverage adequacy argument|7b",
            "9) Adequacy of coverage|7b",
            "5. Coverage matrix|5",
            "5. Coverage matrix and residual uncertainty|5",
            "7. Scenarios and adequacy argument|7",
            "1b. Missing claims|1c",
            "1. Out of scope|8",
            "2. Claims under test|1b",
            "3. Existing test inventory|3",
            "7. Residual uncertainty|7c",
            "8. Confidence statement|7d"})
    void numberAndTitleDisagreeingTheTitleWins(String heading, String id) {
        assertThat(SectionIds.identify(heading)).isEqualTo(id);
    }

    private static final String S2_NEMESIS = "| Nemesis + landing evidence | `KILL` of the primary. \"The injector reported success\" is not"
            + " landing evidence; Landing evidence: exit status 137 and a new pid |";

    @ParameterizedTest
    @ValueSource(strings = {
            "`KILL` of the primary. \"The injector reported success\" is not landing evidence; Landing evidence: exit status 137 and a new pid",
            "`KILL` of the primary; Landing evidence: a new pid, rather than the injector's exit 0",
            "`KILL` of the primary; an injector that reports success proves nothing. Landing evidence: a new pid",
            "`KILL` of the primary; never trust “command succeeded”: Landing evidence is the new pid in `ps`"})
    void aNemesisThatRejectsReportedSuccessIsNotP006(String nemesis) {
        String t = text("cache-pitfall-walk").replace(S2_NEMESIS, "| Nemesis + landing evidence | " + nemesis + " |");
        assertThat(t).contains(nemesis);
        assertThat(lines(t)).noneMatch(l -> l.startsWith("P006"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "`KILL` of the primary; the injector reported success",
            "`KILL` of the primary; Landing evidence: the kill command exited 0",
            "`KILL` of the primary. \"The injector reported success\" is not landing evidence"})
    void aNemesisThatReliesOnReportedSuccessOrNamesNoSignalIsStillP006(String nemesis) {
        String t = text("cache-pitfall-walk").replace(S2_NEMESIS, "| Nemesis + landing evidence | " + nemesis + " |");
        assertThat(t).contains(nemesis);
        assertThat(lines(t)).anyMatch(l -> l.startsWith("P006"));
    }

    @Test
    void absoluteNegativesAreStillFoundWhenAsserted() {
        String t = text("cache-pitfall-walk").replace("Passing runs bound what we have seen,",
                "Lost writes cannot happen after S2 passes, and this guarantees C2. Passing runs bound what we have seen,");
        assertThat(lines(t)).filteredOn(l -> l.startsWith("P016")).hasSize(2);
        assertThat(lines(text("cache-pitfall-walk"))).noneMatch(l -> l.startsWith("P016"));
    }

    @Test
    void aResidualParagraphIsContentAPlaceholderIsNot() {
        Plan p = PlanParser.parse(text("queue-pitfall-table"));
        assertThat(p.residual()).hasSize(1);
        assertThat(p.residual().get(0).description()).startsWith("The only residual uncertainty is whether a disk");
        String tbd = text("cache-pitfall-walk").replaceAll("(?s)## 7c\\. Residual uncertainty\\n.*?\\n## 7d", "## 7c. Residual uncertainty\n\nTBD\n\n## 7d");
        assertThat(lines(tbd)).anyMatch(l -> l.startsWith("P012") && l.contains("§7c"));
    }
}
