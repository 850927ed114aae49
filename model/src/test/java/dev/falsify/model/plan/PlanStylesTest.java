package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.LintReport;
import dev.falsify.model.lint.PlanLinter;
import dev.falsify.model.lint.Severity;
import dev.falsify.model.text.Span;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plans written in styles other than the template's (other agents, other editors): YAML front
 * matter, claims as a list, italic and dash-separated labels, fields and §7.M as tables or as a
 * definition list, sections at level 1, setext headings, CRLF and tabs, emoji headings, unnumbered
 * keyword-only sections, {@code yaml run} fences. Each one's {@code lint --json} is a golden file
 * ({@code -Dfalsify.updateGolden=true} rewrites them), and the valid ones lint without errors.
 */
class PlanStylesTest {
    static final Path DIR = Path.of("src/test/resources/plans/styles");
    /** Plans whose content is valid: any error on them is a parser or linter bug. */
    static final List<String> VALID = List.of("ledger-frontmatter", "queue-crlf-emoji", "cache-tables", "raft-level1", "docstore-setext",
            "tenants-surfaces");

    static List<String> names() {
        return List.of("ledger-frontmatter", "queue-crlf-emoji", "cache-tables", "lease-change-scoped", "raft-level1", "docstore-setext",
                "tenants-surfaces", "callouts-bold-lines");
    }

    static String text(String name) {
        try {
            return Files.readString(DIR.resolve(name + ".md"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Plan plan(String name) {
        return PlanParser.parse(text(name));
    }

    static List<Diagnostic> lint(Plan p) {
        return PlanLinter.lint(p);
    }

    @ParameterizedTest
    @MethodSource("names")
    void lintJsonMatchesTheGoldenFile(String name) throws IOException {
        Plan p = plan(name);
        String actual = LintReport.jsonText(p, CoverageBuilder.build(p), lint(p)) + "\n";
        Path golden = DIR.resolve(name + ".lint.json");
        if (Boolean.getBoolean("falsify.updateGolden")) Files.writeString(golden, actual, StandardCharsets.UTF_8);
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void validPlansHaveNoErrors() {
        for (String name : VALID) {
            assertThat(lint(plan(name))).as(name).noneMatch(d -> d.severity() == Severity.ERROR);
        }
    }

    @Test
    void yamlFrontMatterIsHeaderNotASection() {
        Plan p = plan("ledger-frontmatter");
        assertThat(p.header().slug()).isEqualTo("ledger");
        assertThat(p.header().date()).isEqualTo("2026-11-18");
        assertThat(p.header().mode()).isEqualTo("project-wide");
        assertThat(p.header().author()).startsWith("planning agent");
        assertThat(p.sections()).extracting(Section::id).doesNotContainNull().startsWith("0", "1", "1b");
        // the span of a front-matter value is the value itself (the editor replaces exactly it)
        Span date = p.header().field("date").orElseThrow().valueSpan();
        assertThat(p.text().substring(date.startOffset(), date.endOffset())).isEqualTo("2026-11-18");
        assertThat(date.startLine()).isEqualTo(4);
    }

    @Test
    void claimsWrittenAsAList() {
        Plan p = plan("ledger-frontmatter");
        assertThat(p.claims()).extracting(Claim::id).containsExactly("C1", "C2", "C3", "C4", "C5", "C6");
        Claim c3 = p.claim("C3").orElseThrow();
        assertThat(c3.categories()).containsExactly(ClaimCategory.DURABILITY);
        assertThat(c3.inferred()).isTrue();
        assertThat(c3.text()).startsWith("a transfer acknowledged with `201` survives").doesNotContain("Source");
        assertThat(c3.source()).startsWith("`transfer.go`");
        assertThat(p.claim("C1").orElseThrow().inferred()).isFalse();
        assertThat(p.isSerious(p.scenario("S2").orElseThrow())).isTrue();
        // the §5 coverage table (a C-id column) is not taken for the claims
        assertThat(p.claim("C1").orElseThrow().span().startLine()).isEqualTo(38);
    }

    @Test
    void italicLabelsHypothesisSynonymsAndDefinitionLists() {
        Plan p = plan("ledger-frontmatter");
        assertThat(p.hypothesis("H2").orElseThrow().falsifies()).containsExactly("C3");     // *Threatens*:
        assertThat(p.hypothesis("H3").orElseThrow().falsifies()).containsExactly("C4");     // *Claims at risk*:
        assertThat(p.hypothesis("H3").orElseThrow().fieldValue("subsystem")).isEqualTo("outbox");
        Scenario s1 = p.scenario("S1").orElseThrow();                                       // #### Scenario 1 (S1): name
        assertThat(s1.name()).isEqualTo("retried_transfers_are_booked_at_most_once");
        assertThat(s1.sevenM().model()).startsWith("ledger (accounts");
        assertThat(s1.sevenM().reduction()).isEqualTo("replay the failing seed, shrink to the two retries of one key, classify SUT / harness /\nchecker / environment");
        Span v = s1.sevenM().field("checker").orElseThrow().valueSpan();
        assertThat(p.text().substring(v.startOffset(), v.endOffset())).startsWith("exactly-once");
        // a separate "Landing evidence" field counts as the nemesis's landing signal (no P006)
        assertThat(p.scenario("S2").orElseThrow().sevenM().fields()).containsKey("landing");
        assertThat(lint(p)).noneMatch(d -> d.rule().equals("P006"));
        assertThat(p.missingClaimsExplicitlyEmpty()).isTrue();                              // "We did not discover any …"
    }

    @Test
    void crlfTabsEmojiAndDashSeparatedLabels() {
        String text = text("queue-crlf-emoji");
        assertThat(text).contains("\r\n").contains("\t- Could falsify");
        Plan p = PlanParser.parse(text);
        assertThat(p.header().slug()).isEqualTo("notify-queue");
        assertThat(p.header().date()).isEqualTo("2026-11-21");                             // **Date** — 2026-11-21
        assertThat(p.header().mode()).isEqualTo("project-wide");
        assertThat(p.scenarios()).extracting(Scenario::id).containsExactly("S1", "S2", "S3", "S4");   // ### 🔥 S1 — name
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.name()).isEqualTo("acked_messages_survive_leader_crash");
        assertThat(s1.falsifies()).containsExactly("C1");                                   // **Falsifies if it FAILs** — C1
        assertThat(s1.sevenM().model()).isEqualTo("queue");                                 // **Model** — queue
        assertThat(p.scenario("S2").orElseThrow().sevenM().checker()).startsWith("exactly-once");   // - Checker — …
        assertThat(p.hypothesis("H4").orElseThrow().falsifies()).containsExactly("C4", "C5");
        // spans on CRLF text: the value span ends before the \r
        Span v = s1.field("falsifies").orElseThrow().valueSpan();
        assertThat(text.substring(v.startOffset(), v.endOffset())).isEqualTo("C1");
        // the same plan with LF endings reads the same
        Plan lf = PlanParser.parse(text.replace("\r\n", "\n"));
        assertThat(LintReport.jsonText(lf, CoverageBuilder.build(lf), lint(lf)))
                .isEqualTo(LintReport.jsonText(p, CoverageBuilder.build(p), lint(p)));
    }

    @Test
    void fieldsAsTablesAndClaimTablesInAnyColumnOrder() {
        Plan p = plan("cache-tables");
        assertThat(p.header().sut()).startsWith("session-cache");                         // header as a table
        assertThat(p.header().status()).isEqualTo("reviewed");
        // two claims tables; the id column "Ref" is the second; "Documented? yes" is documented
        assertThat(p.claims()).extracting(Claim::id).containsExactly("C1", "C2", "C3", "C4", "C5", "C6");
        assertThat(p.claim("C1").orElseThrow().inferred()).isFalse();
        assertThat(p.claim("C4").orElseThrow().inferred()).isTrue();
        assertThat(p.claim("C4").orElseThrow().text()).startsWith("Replaying a hint twice");
        assertThat(p.claim("C4").orElseThrow().source()).isEqualTo("`HintReplayer.java`");
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.falsifies()).containsExactly("C1");
        assertThat(s1.releaseBudget()).startsWith("not provided");
        assertThat(s1.sevenM().missing()).isEmpty();
        assertThat(s1.sevenM().checker()).isEqualTo("session");
        Span cell = s1.sevenM().field("checker").orElseThrow().valueSpan();
        assertThat(p.text().substring(cell.startOffset(), cell.endOffset())).isEqualTo("session");
        // §7.M table whose header row is itself the first field
        assertThat(p.scenario("S3").orElseThrow().sevenM().model()).isEqualTo("log (hints per key)");
        assertThat(p.scenario("S3").orElseThrow().sevenM().missing()).isEmpty();
        assertThat(p.requirements()).extracting(RequirementRow::requirement).containsExactly("JDK", "jq");
        assertThat(p.coverage()).hasSize(5);
    }

    @Test
    void sectionsAtLevelOne() {
        Plan p = plan("raft-level1");
        assertThat(p.header().slug()).isEqualTo("raft-kv");
        assertThat(p.sections()).extracting(Section::id)
                .containsExactly("0", "1", "1b", "1c", "2", "4", "5", "6", "7", "7b", "7c", "7d", "8", "9");
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1", "H2", "H3", "H4", "H5");
        assertThat(p.hypothesis("H3").orElseThrow().group()).isEqualTo("Membership and liveness");
        assertThat(p.scenarios()).extracting(Scenario::id).containsExactly("S1", "S2", "S3");
        assertThat(p.scenario("S2").orElseThrow().sevenM().missing()).isEmpty();
        // "| **C1** — text |": id and claim in one cell
        assertThat(p.claim("C1").orElseThrow().text()).isEqualTo("`GET`, `PUT` and `CAS` on one key are linearizable");
        // spans still point at the source heading, whatever level it is normalised to
        Span h = p.scenario("S1").orElseThrow().headingSpan();
        assertThat(p.text().substring(h.startOffset(), h.endOffset())).startsWith("## S1:");
    }

    @Test
    void setextHeadingsAndItalicFieldLabels() {
        Plan p = plan("docstore-setext");
        assertThat(p.header().slug()).isEqualTo("docstore");
        assertThat(p.header().sut()).startsWith("docstore");
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.falsifies()).containsExactly("C1", "C3");                             // * *Falsifies if it FAILs*: …
        assertThat(s1.closes()).containsExactly("H1", "H3");
        assertThat(s1.sevenM().nemesis()).contains("Landing evidence").contains("stepping down");
        assertThat(p.scenario("S2").orElseThrow().sevenM().missing()).isEmpty();           // compact form
        assertThat(p.hypothesis("H2").orElseThrow().falsifies()).containsExactly("C2");    // value on the next line
        assertThat(p.hypothesis("H3").orElseThrow().falsifies()).containsExactly("C3", "C1");
        assertThat(p.claim("C3").orElseThrow().categories()).containsExactly(ClaimCategory.SAFETY, ClaimCategory.ISOLATION);
        assertThat(p.missingClaimsExplicitlyEmpty()).isTrue();
    }

    @Test
    void changeScopedPlanWithUnnumberedSectionsAndRunFenceVariants() {
        Plan p = plan("lease-change-scoped");
        assertThat(p.header().slug()).isEqualTo("lease-renewal");                         // "# Test plan for lease-renewal"
        assertThat(p.header().mode()).isEqualTo("change-scoped");
        assertThat(p.sections()).extracting(Section::id)
                .containsExactly("0", "1", "1b", "1c", "4", "7", "7b", "7c", "7d", "8", "9");
        assertThat(p.filesTouched()).extracting(FileTouched::path)
                .containsExactly("lockd/lease.py", "lockd/renewer.py", "tests/test_lease.py");
        // ```yaml run with anchors, folded scalars, a scalar `checkers` and `90sec`: valid
        RunBlock r1 = p.scenario("S1").orElseThrow().run().orElseThrow();
        assertThat(r1.errors()).isEmpty();
        assertThat(r1.spec().timeout()).hasSeconds(90);
        assertThat(r1.spec().checkers()).containsExactly("linearizability");
        // **§7.M:** N/A — … and "Not applicable — …" under a bare §7.M heading
        assertThat(p.scenario("S2").orElseThrow().sevenM().notApplicable()).isTrue();
        assertThat(p.scenario("S3").orElseThrow().sevenM().notApplicable()).isTrue();
        assertThat(p.scenario("S3").orElseThrow().sevenM().reason()).startsWith("performance claim");
        // ~~~run is read; invalid run content is P017 at the offending line and column
        List<Diagnostic> ds = lint(p);
        assertThat(ds).filteredOn(d -> d.rule().equals("P017")).extracting(d -> d.line() + ":" + d.column())
                .containsExactly("137:12", "156:5", "157:5", "164:20", "165:12");
        assertThat(ds).filteredOn(d -> d.severity() == Severity.ERROR).allMatch(d -> d.rule().equals("P017"));
        // residual uncertainty as a bullet list naming ids
        assertThat(p.residual()).singleElement().satisfies(r -> assertThat(r.ids()).containsExactly("C1", "C2"));
    }

    @Test
    void boldParagraphScenarioHeadingsAndCompactSevenMUnderABoldMarker() {
        Plan p = PlanParser.parse("""
                # Test Plan: micro

                ## 1b. Claims under test

                | ID | Claim | Category | Source | Inferred? |
                |---|---|---|---|---|
                | C1 | a | safety | doc | documented |
                | C2 | b | durability | doc | inferred from code |

                ## 7. Scenarios

                **S1: reads_are_fresh**

                - **Falsifies:** C1

                §7.M: N/A (no gated claim)

                **Scenario S2 — writes_survive_crash**

                - Falsifies: C2

                **§7.M**
                - Model under test: kv
                - Operation history: 11 fields
                - Checker: no-lost-ack
                - Nemesis: kill -9; landing evidence: new pid
                - Ambiguous outcomes: unknown
                - Reduction plan: classify SUT / harness / checker / environment
                """);
        assertThat(p.scenarios()).extracting(Scenario::id).containsExactly("S1", "S2");
        assertThat(p.scenario("S1").orElseThrow().name()).isEqualTo("reads_are_fresh");
        assertThat(p.scenario("S1").orElseThrow().sevenM().notApplicable()).isTrue();
        assertThat(p.scenario("S2").orElseThrow().falsifies()).containsExactly("C2");
        assertThat(p.scenario("S2").orElseThrow().sevenM().missing()).isEmpty();
        assertThat(p.claim("C2").orElseThrow().inferred()).isTrue();
        assertThat(p.unrecognized()).noneMatch(u -> u.kind() == Unrecognized.Kind.DIVERGENT_FORM);
    }

    @Test
    void sectionWordsHypothesisHeadingsAndInlineFalsifies() {
        Plan p = PlanParser.parse("""
                # Plan — micro-b

                | | |
                |---|---|
                | **Date** | 2026-11-30 |
                | **Mode** | change-scoped |

                ## Part 0 — Overview
                ## Step 1: Scope
                ## Section 1b: Claims
                | Claim ID | Description | Kind | Where | Confidence |
                |---|---|---|---|---|
                | C1 | a | idempotency | doc | high (documented) |

                ## 1c. Missing claims
                _None._

                ## IV. Failure-mode hypotheses

                ### Storage
                #### H1. Lost ack on crash
                Could falsify C1 because the ack precedes fsync.

                #### H2) Double apply on retry → C1

                - **H3**: retries duplicate (falsifies C1)
                """);
        assertThat(p.header().slug()).isEqualTo("micro-b");
        assertThat(p.header().date()).isEqualTo("2026-11-30");
        assertThat(p.header().mode()).isEqualTo("change-scoped");
        assertThat(p.sections()).extracting(Section::id).containsExactly("0", "1", "1b", "1c", "4");
        assertThat(p.missingClaimsExplicitlyEmpty()).isTrue();
        assertThat(p.claim("C1").orElseThrow().inferred()).isFalse();
        assertThat(p.hypotheses()).extracting(Hypothesis::falsifies).containsOnly(List.of("C1"));
        assertThat(p.hypothesis("H1").orElseThrow().group()).isEqualTo("Storage");
    }

    @Test
    void sectionsAtLevelThreePipelessTablesNestedFalsifiesAndHeadingAttributes() {
        Plan p = PlanParser.parse("""
                ## Test Plan: nested

                ### 0. Architectural summary
                ### 1. Scope
                ### 1b. Claims under test

                ID | Claim | Category | Source | Inferred?
                ---|---|---|---|---
                C1 | a | safety | doc | documented
                C2 | b | ordering | doc | documented

                ### 4. Hypotheses

                H1. **A** — x
                   - Could falsify: C1

                ### 7. Scenarios

                #### Scenario S1: name_one {#s1}

                - **Falsifies if it FAILs:**
                  - C1 (linearizability)
                  - C2
                - **Closes:** H1 (partially)

                ##### §7.M
                - **Model under test:** register
                - **Checker:** linearizability
                """);
        assertThat(p.header().slug()).isEqualTo("nested");
        assertThat(p.sections()).extracting(Section::id).containsExactly("0", "1", "1b", "4", "7");
        assertThat(p.claims()).extracting(Claim::id).containsExactly("C1", "C2");
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.name()).isEqualTo("name_one");
        assertThat(s1.falsifies()).containsExactly("C1", "C2");
        assertThat(s1.sevenM().missing()).containsExactly("history", "nemesis", "ambiguous", "reduction");
    }

    @Test
    void noBreakSpacesActAsSpacesAndSpansStayOnTheOriginalText() {
        String text = "# Test Plan: nbsp\n\n##\u00a00. Summary\nx\n\n## 1b. Claims\n\n| ID | Claim | Category |\n|---|---|---|\n"
                + "| C1 | a | safety |\n\n## 7. Scenarios\n\n### S1:\u00a0name\n\n-\u00a0**Falsifies:**\u00a0C1\n";
        Plan p = PlanParser.parse(text);
        assertThat(p.text()).isEqualTo(text);
        assertThat(p.section("0")).isPresent();
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.name()).isEqualTo("name");
        assertThat(s1.falsifies()).containsExactly("C1");
        Span v = s1.field("falsifies").orElseThrow().valueSpan();
        assertThat(text.substring(v.startOffset(), v.endOffset())).isEqualTo("C1");
    }

    @Test
    void hypothesisTableInSectionFourIsNotADivergentPlan() {
        Plan p = PlanParser.parse("""
                # Test Plan: tabled

                **Plan mode:** Change-scoped (PR #88)
                **Status:** Draft — awaiting review

                ## 0. Summary
                ## 1. Scope
                ## 1b. Claims under test

                | ID | Claim | Category |
                |---|---|---|
                | C1 | a | safety |

                ## 1c. Missing claims
                None.

                ## 4. Failure-mode hypotheses

                | ID | Hypothesis | Threatens | Subsystem |
                |---|---|---|---|
                | H1 | stale read after failover | C1 | reads |

                ## 7. Scenarios

                ### S1: reads_are_fresh

                - **Claims:** C1
                - **Closes:** H1

                #### Checker discipline (§7.M)
                - **Model under test:** register
                """);
        assertThat(p.header().mode()).isEqualTo("change-scoped");
        assertThat(p.header().status()).isEqualTo("draft");
        assertThat(p.hypothesis("H1").orElseThrow().falsifies()).containsExactly("C1");
        assertThat(p.scenario("S1").orElseThrow().falsifies()).containsExactly("C1");
        assertThat(p.scenario("S1").orElseThrow().sevenM().model()).isEqualTo("register");
        assertThat(p.unrecognized()).noneMatch(u -> u.kind() == Unrecognized.Kind.DIVERGENT_FORM);
        // so the missing sections are errors, as in any plan, not P019 notes
        assertThat(lint(p)).filteredOn(d -> d.rule().equals("P001")).extracting(Diagnostic::message)
                .anySatisfy(m -> assertThat(m).contains("§7d"));
    }

    @Test
    void surfaceDecompositionAsATableAndItalicSevenMFields() {
        Plan p = plan("tenants-surfaces");
        Scenario s1 = p.scenario("S01").orElseThrow();
        assertThat(s1.sevenMS().present()).isTrue();
        assertThat(s1.sevenMS().value("surfaces")).isEqualTo("REST list, REST get, CSV export, search");
        assertThat(s1.arms()).containsExactly("S01/rest", "S01/export", "S01/search");
        assertThat(p.needsSurfaceDecomposition(s1)).isTrue();
        assertThat(p.scenario("S02").orElseThrow().sevenMS().value("fairnessFormula")).isEqualTo("worst_tenant_p95 / median_tenant_p95 ≤ 2");
        Scenario s3 = p.scenario("S03").orElseThrow();
        assertThat(s3.sevenM().missing()).isEmpty();
        assertThat(s3.sevenM().nemesis()).contains("idle-in-transaction");
        assertThat(p.isSerious(s3)).isTrue();
    }

    @Test
    void claimIdsInAClosingParenthesisOfAHypothesisOrAScenarioHeading() {
        Plan p = PlanParser.parse("""
                ## 4. Hypotheses

                H1. Reordering across partitions (C2, C4)
                H2 — Lost ack after crash [C1].
                - **H3** Duplicate on retry — the key is regenerated (M1)
                H4. Something else (see C9 for background)

                ## 7. Scenarios

                ### S1 — order_survives_partition (falsifies C2, C4)

                - **Closes:** H1

                ### S2 — acks_survive_crash (C1)

                ### S3 — explicit_field_wins (C1)

                - **Falsifies:** C2
                """);
        assertThat(p.hypotheses()).extracting(Hypothesis::falsifies)
                .containsExactly(List.of("C2", "C4"), List.of("C1"), List.of("M1"), List.of());
        assertThat(p.scenarios()).extracting(Scenario::falsifies)
                .containsExactly(List.of("C2", "C4"), List.of("C1"), List.of("C2"));
    }

    @Test
    void filesTouchedAsATable() {
        Plan p = PlanParser.parse("""
                # Test Plan: ft

                ## 1. Scope

                **Files touched:**

                * `a/b.go` (+12/-3)

                | File | + | − |
                |---|---|---|
                | `g/h.java` | 10 | 2 |
                | the rest of the tree | 0 | 0 |
                """);
        assertThat(p.filesTouched()).extracting(FileTouched::path).containsExactly("a/b.go", "g/h.java");
        assertThat(p.filesTouched().get(1).added()).isEqualTo(10);
        assertThat(p.filesTouched().get(1).removed()).isEqualTo(2);
    }

    @Test
    void coverageWrittenAsAClaimByHypothesisGrid() {
        Plan p = PlanParser.parse("""
                ## 5. Coverage matrix

                | Claim \\ Hypothesis | H1 | H2 | H3 |
                |---|---|---|---|
                | **C1** | ❌ not covered → S1 | — | partial (S2) |
                | C2 | | ✅ covered | - |
                """);
        assertThat(p.coverage()).extracting(r -> r.claims().get(0) + "×" + r.hypotheses().get(0) + ":" + r.verdict() + r.scenarios())
                .containsExactly("C1×H1:not covered[S1]", "C1×H3:partial[S2]", "C2×H2:covered[]");
    }

    @Test
    void sevenMInABlockquoteBoldLineFieldsAndIdsAfterTheTitle() {
        Plan p = PlanParser.parse(text("callouts-bold-lines"));
        // "1. **Stale read (H1)** — …"
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1", "H2");
        assertThat(p.hypothesis("H1").orElseThrow().title()).isEqualTo("Stale read");
        assertThat(p.hypothesis("H2").orElseThrow().falsifies()).containsExactly("C2");
        // bold label lines without list markers, and a bold §7.M line that is not a heading
        assertThat(p.scenario("S1").orElseThrow().sevenM().missing()).isEmpty();
        // "> **§7.M**" callout: read like the plain block, and not swallowed by the Closes value before it
        Scenario s2 = p.scenario("S2").orElseThrow();
        assertThat(s2.closes()).containsExactly("H2");
        assertThat(s2.field("closes").orElseThrow().value()).isEqualTo("H2");
        assertThat(s2.sevenM().missing()).isEmpty();
        Span checker = s2.sevenM().field("checker").orElseThrow().valueSpan();
        assertThat(p.text().substring(checker.startOffset(), checker.endOffset())).isEqualTo("no-lost-ack");
        assertThat(lint(p)).noneMatch(d -> d.severity() == Severity.ERROR);
    }

    @Test
    void quoteMarkersInsideFencesStayCode() {
        assertThat(PlanParser.structural("> a\n```\n> b\n```\n> c\u00a0d")).isEqualTo("  a\n```\n> b\n```\n  c d");
    }

    @Test
    void claimListItemsWithTrailingQualifiersAndSubFields() {
        Plan p = PlanParser.parse("""
                ## 1b. Claims under test

                - C1: reads are linearizable (safety, documented)
                - **C2** — acked writes survive a crash
                  - Category: durability
                  - Source: README
                  - Inferred? no
                * C3. Retries are applied once [idempotency; code-inferred].
                1. **C4:** the leader steps down within 5 s
                   *Kind*: liveness
                   *Source*: runbook
                """);
        assertThat(p.claims()).extracting(c -> c.id() + " " + c.categories() + " " + c.inferred() + " " + c.text())
                .containsExactly("C1 [SAFETY] false reads are linearizable",
                        "C2 [DURABILITY] false acked writes survive a crash",
                        "C3 [IDEMPOTENCY] true Retries are applied once",
                        "C4 [LIVENESS] null the leader steps down within 5 s");
        assertThat(p.claim("C2").orElseThrow().source()).isEqualTo("README");
        assertThat(p.claim("C4").orElseThrow().source()).isEqualTo("runbook");
    }

    @Test
    void releaseBudgetRevisitPhrasings() {
        for (String revisit : List.of("Revisit when: CI exists.", "Revisit once CI exists.", "Revisit after the GA release.")) {
            Plan p = PlanParser.parse("## 7. Scenarios\n\n### S1: x_holds\n\n- **Falsifies:** C1\n- **Release budget:** not provided — no CI. "
                    + revisit + "\n");
            assertThat(lint(p)).as(revisit).noneMatch(d -> d.rule().equals("P018"));
        }
        Plan bare = PlanParser.parse("## 7. Scenarios\n\n### S1: x_holds\n\n- **Falsifies:** C1\n- **Release budget:** not provided — no CI.\n");
        assertThat(lint(bare)).anyMatch(d -> d.rule().equals("P018"));
    }

    @Test
    void missingClaimsAndRequirementsWrittenAsLists() {
        Plan p = PlanParser.parse("""
                ## 1c. Missing claims discovered

                - **M1** — followers never serve reads (`Follower.handle()`)
                - M2: the WAL is fsynced before acks

                ## 4. Hypotheses

                H1. **Stale follower read** — x
                   - Could falsify: M1

                ## 6b. Environment requirements

                - **Docker** ≥ 24 — used by S1, S2; install: apt install docker.io
                - `tc` (iproute2 5.x), needed by S3
                """);
        assertThat(p.missingClaims()).extracting(MissingClaim::id).containsExactly("M1", "M2");
        assertThat(p.missingClaims().get(1).behavior()).isEqualTo("the WAL is fsynced before acks");
        assertThat(lint(p)).noneMatch(d -> d.rule().equals("P002"));
        assertThat(p.requirements()).extracting(r -> r.requirement() + " " + r.versionFloor() + " " + r.usedBy() + " " + r.installHint())
                .containsExactly("Docker 24 [S1, S2] apt install docker.io", "tc 5 [S3] ");
    }

    @Test
    void scenariosListedAsTableRows() {
        Plan p = PlanParser.parse("""
                ## 5. Coverage matrix

                | Claim | Hypothesis | Existing tests | Verdict | Gap kind | Recommended scenario |
                |---|---|---|---|---|---|
                | C1 | H1 | none | not covered | no test | S1 |

                ## 7. Scenarios

                | ID | Name | Falsifies | Closes | Technique | Checker | Model |
                |---|---|---|---|---|---|---|
                | S1 | `reads_are_fresh` | C1 | H1 | partition | linearizability | register |
                | S2 | `leader_elected_quickly` | C2 | H2 | kill | — | — |
                """);
        assertThat(p.scenarios()).extracting(Scenario::id).containsExactly("S1", "S2");
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.name()).isEqualTo("reads_are_fresh");
        assertThat(s1.falsifies()).containsExactly("C1");
        assertThat(s1.closes()).containsExactly("H1");
        assertThat(s1.sevenM().checker()).isEqualTo("linearizability");
        assertThat(p.scenario("S2").orElseThrow().sevenM().present()).isFalse();   // "—" cells say nothing
        assertThat(p.unrecognized()).anyMatch(u -> u.kind() == Unrecognized.Kind.DIVERGENT_FORM);
        assertThat(lint(p)).noneMatch(d -> d.rule().equals("P007"));
    }

    @Test
    void sevenMAsASiblingHeadingOfItsScenario() {
        Plan p = PlanParser.parse("""
                ## 7. Scenarios

                ### S1: acked_writes_survive

                - **Falsifies:** C1

                ### S1 — §7.M (model / history / checker)

                - **Model under test:** kv
                - **Checker:** no-lost-ack

                ### S2: reads_fresh

                - **Falsifies:** C2

                ### §7.M for S2

                §7.M: not applicable (liveness)

                ### S3: next_one
                """);
        assertThat(p.scenarios()).extracting(Scenario::id).containsExactly("S1", "S2", "S3");
        assertThat(p.scenario("S1").orElseThrow().sevenM().model()).isEqualTo("kv");
        assertThat(p.scenario("S2").orElseThrow().sevenM().notApplicable()).isTrue();
        assertThat(p.scenario("S3").orElseThrow().sevenM().present()).isFalse();
    }

    @Test
    void aRevisionLogUnderTheTitleIsNotTheHeader() {
        Plan p = PlanParser.parse("""
                # Test Plan: revs

                | Date | Author | Change |
                |---|---|---|
                | 2026-11-01 | agent | first draft |

                **Date:** 2026-11-30

                ## 0. Summary
                """);
        assertThat(p.header().date()).isEqualTo("2026-11-30");
        assertThat(p.header().author()).isEmpty();
    }

    @Test
    void claimsAfterTheTableAsListItems() {
        Plan p = PlanParser.parse("""
                ## 1b. Claims under test

                | ID | Claim | Category |
                |---|---|---|
                | C1 | reads are linearizable | safety |

                Derived while reading the code:

                - **C2** (durability, code-inferred) — acked writes survive a restart
                - C1 above is the headline claim.

                ## 4. Hypotheses

                H1. **Lost write** — x
                   - Could falsify: C2
                """);
        assertThat(p.claims()).extracting(Claim::id).containsExactly("C1", "C2");
        assertThat(p.claim("C1").orElseThrow().text()).isEqualTo("reads are linearizable");
        assertThat(p.claim("C2").orElseThrow().categories()).containsExactly(ClaimCategory.DURABILITY);
        assertThat(lint(p)).noneMatch(d -> d.rule().equals("P002"));
    }

    @Test
    void numberedSubSectionHeadingsForHypothesesAndScenarios() {
        Plan p = PlanParser.parse("""
                ## 4. Hypotheses

                ### 4.1 H1: Lost write on crash
                - Could falsify: C1

                ## 7. Scenarios

                ### 7.1 S1: acked_writes_survive

                - **Falsifies:** C1

                ### 7.2 Scenario S2 — reads_fresh

                - **Falsifies:** C2
                """);
        assertThat(p.hypothesis("H1").orElseThrow().title()).isEqualTo("Lost write on crash");
        assertThat(p.scenarios()).extracting(s -> s.id() + " " + s.name()).containsExactly("S1 acked_writes_survive", "S2 reads_fresh");
        assertThat(p.sections()).extracting(Section::id).containsExactly("4", "7");
    }
}
