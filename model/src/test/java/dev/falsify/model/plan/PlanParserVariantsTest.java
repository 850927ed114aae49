package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Every variant listed in plan-format.md, on the fixture plans. */
class PlanParserVariantsTest {

    @Test
    void agentStylePlan() {
        Plan p = PlanParser.parse(Fixtures.text("agent-style"));
        // header variants: "Test plan:", label with colon outside the bold, System under test, Author, Mode
        assertThat(p.header().slug()).isEqualTo("orders-queue");
        assertThat(p.header().date()).isEqualTo("2026-11-02");
        assertThat(p.header().mode()).isEqualTo("change-scoped");
        assertThat(p.header().sut()).startsWith("orders-queue");
        // "§0", "Section 1 —", "1b" without a dot, keyword "Gaps"; "10. Appendix" kept as unknown
        assertThat(p.section("0")).isPresent();
        assertThat(p.section("1")).isPresent();
        assertThat(p.section("1c").orElseThrow().title()).isEqualTo("1c. Gaps");
        assertThat(p.sections()).anySatisfy(s -> assertThat(s.id()).isNull());
        // claims: Kind column, Confidence + Conf + Falsified by extra columns, strikethrough row, escaped pipes
        assertThat(p.claim("C1").orElseThrow().categories()).containsExactly(ClaimCategory.SAFETY, ClaimCategory.LIVENESS);
        assertThat(p.claim("C2").orElseThrow().categories()).containsExactly(ClaimCategory.ORDERING);
        assertThat(p.claim("C3").orElseThrow().categories()).isEmpty();
        assertThat(p.claim("C3").orElseThrow().inferred()).isTrue();
        assertThat(p.claim("C1").orElseThrow().falsifiedBy()).containsExactly("S01");
        assertThat(p.claim("C6").orElseThrow().struck()).isTrue();
        assertThat(p.claim("C7").orElseThrow().text()).isEqualTo("Filter `a || b` in `select || filter` keeps both");
        // hypotheses: ### H1: heading, "H2 —", "- **H3**", "- **H4.** **Title**", ranges, "Could regress", broken lines
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8");
        // "- **H7. Title.** … Could falsify **C4, C5**." inline, across lines; "surfaces M9" is not a target
        assertThat(p.hypothesis("H7").orElseThrow().title()).isEqualTo("Ack lost after the relay restarts");
        assertThat(p.hypothesis("H7").orElseThrow().falsifies()).containsExactly("C4", "C5");
        assertThat(p.hypothesis("H7").orElseThrow().group()).isEqualTo("Retries");
        assertThat(p.hypothesis("H8").orElseThrow().falsifies()).containsExactly("C1");
        assertThat(p.hypothesis("H1").orElseThrow().falsifies()).containsExactly("C3", "C1");
        assertThat(p.hypothesis("H1").orElseThrow().group()).isEqualTo("Relay");
        assertThat(p.hypothesis("H2").orElseThrow().falsifies()).containsExactly("C5");
        assertThat(p.hypothesis("H3").orElseThrow().group()).isEqualTo("Consumer");
        assertThat(p.hypothesis("H4").orElseThrow().title()).isEqualTo("Duplicate delivery without the same key");
        assertThat(p.hypothesis("H4").orElseThrow().falsifies()).containsExactly("C4", "M1");
        assertThat(p.hypothesis("H5").orElseThrow().falsifies()).containsExactly("C1", "C2", "C3", "C4", "C5");
        // scenarios: "### S01:", --- separators, bare "#### §7.M", compact §7.M with continuation lines
        assertThat(p.scenarios()).extracting(Scenario::id).containsExactly("S01", "S02", "S03", "S04");
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.falsifies()).containsExactly("C1", "C3");
        assertThat(s1.closes()).containsExactly("H1", "H5");
        assertThat(s1.sevenM().history()).isEqualTo("enqueue/dequeue with\ncustomer id in `key`, recorded by the consumer\n(external recorder)");
        assertThat(s1.sevenM().nemesis()).contains("Landing evidence").contains("relay_restarts_total");
        Scenario s2 = p.scenario("S02").orElseThrow();
        assertThat(s2.falsifies()).containsExactly("C2", "C4");
        assertThat(s2.closes()).containsExactly("H3", "H4");
        assertThat(s2.sevenM().unknownFields()).extracting(Field::label).containsExactly("Blast radius");
        assertThat(p.scenario("S03").orElseThrow().sevenM().notApplicable()).isTrue();
        assertThat(p.scenario("S04").orElseThrow().falsifies()).isEmpty();
        // fenced code that looks like structure is not structure; "### 5a." and "### T1." are not scenarios
        assertThat(p.scenario("S99")).isEmpty();
        assertThat(p.coverage()).hasSize(2);
        // §1 "Files touched" of a change-scoped plan
        assertThat(p.filesTouched()).extracting(FileTouched::path).containsExactly("relay/batch.go", "relay/ack.go");
        assertThat(p.filesTouched().get(0).added()).isEqualTo(120);
        assertThat(p.filesTouched().get(0).removed()).isEqualTo(14);
    }

    @Test
    void notApplicableReasonAcrossLinesAndShortCoverageHeaders() {
        Plan p = PlanParser.parse("""
                ## 4. Failure-mode hypotheses

                H1. **One** — x
                   - Could falsify: C1

                ## 5. Coverage matrix

                | H | Claims | Existing test | Verdict | Gap kind | Scenario |
                |---|---|---|---|---|---|
                | H1 | C1,C4 | none | partial | no test | S15 |

                ## 7. Scenarios

                ### S15: apply_blocking

                - **Falsifies if it FAILs:** C12, C40 (negative claim demonstrated).

                #### §7.M
                §7.M: not applicable (no gated claim category falsified; demonstrates a
                documented operational constraint).
                """);
        assertThat(p.scenario("S15").orElseThrow().sevenM().reason())
                .isEqualTo("no gated claim category falsified; demonstrates a documented operational constraint");
        assertThat(p.coverage()).singleElement().satisfies(r -> {
            assertThat(r.hypotheses()).containsExactly("H1");
            assertThat(r.claims()).containsExactly("C1", "C4");
            assertThat(r.verdict()).isEqualTo("partial");
        });
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1");
    }

    @Test
    void levelTwoScenarioHeadingsStayInsideSectionSeven() {
        Plan p = PlanParser.parse("""
                # Test Plan: x

                ## 7. Scenarios

                ## Scenario S1: writes_survive

                - **Falsifies if it FAILs:** C1

                ## S02 — reads_are_fresh

                - **Falsifies:** C2

                ## 7b. Coverage adequacy argument
                """);
        assertThat(p.scenarios()).extracting(Scenario::id).containsExactly("S1", "S02");
        assertThat(p.scenario("S2").orElseThrow().falsifies()).containsExactly("C2");
        assertThat(p.sections()).extracting(Section::id).containsExactly("7", "7b");
    }

    @Test
    void seedCompactForm() {
        Plan p = PlanParser.parse(Fixtures.text("seed-compact"));
        SevenM m = p.scenario("S1").orElseThrow().sevenM();
        assertThat(m.model()).isEqualTo("log");
        assertThat(m.checker()).isEqualTo("no-lost-ack");
        assertThat(m.history()).isEqualTo("append/read with offsets,\nrecorded in-process by the client;\n`fault_epoch` marks the crash window");
        assertThat(m.reduction()).endsWith("checker / environment");
        assertThat(p.scenario("S2").orElseThrow().sevenM().missing()).containsExactly("ambiguous");
        SevenM na = p.scenario("S3").orElseThrow().sevenM();
        assertThat(na.notApplicable()).isTrue();
        assertThat(na.reason()).isEqualTo("performance claim; the oracle is a latency histogram");
        assertThat(p.scenario("S1").orElseThrow().run().orElseThrow().isValid()).isTrue();
        assertThat(p.missingClaimsExplicitlyEmpty()).isTrue();
        assertThat(p.residualExplicitlyEmpty()).isFalse();
        assertThat(p.hypothesis("H1").orElseThrow().fieldValue("pitfall")).isEqualTo("\"ack before durable\"");
    }

    @Test
    void surfaceDecompositionAndArms() {
        Plan p = PlanParser.parse(Fixtures.text("boundary"));
        Scenario s5 = p.scenario("S5").orElseThrow();
        assertThat(s5.sevenMS().present()).isTrue();
        assertThat(s5.sevenMS().value("boundaryKeys")).isEqualTo("tenant_id");
        assertThat(s5.arms()).containsExactly("S5/api", "S5/export");
        Scenario arm = p.scenario("S5/export").orElseThrow();
        assertThat(arm.baseId()).isEqualTo("S5");
        assertThat(arm.arm()).isEqualTo("export");
        assertThat(p.scenario("S6").orElseThrow().sevenMS().value("fairnessFormula")).isEqualTo("worst_group_p99 / aggregate_p99 ≤ 3");
        assertThat(p.needsSurfaceDecomposition(s5)).isTrue();
        assertThat(p.isSerious(s5)).isFalse();
    }

    @Test
    void divergentPlanStillOpens() {
        Plan p = PlanParser.parse(Fixtures.text("divergent"));
        assertThat(p.claims()).extracting(Claim::id).containsExactly("C1", "C2", "C3");
        assertThat(p.hypotheses()).extracting(Hypothesis::id).containsExactly("H1", "H2");
        assertThat(p.hypothesis("H1").orElseThrow().falsifies()).containsExactly("C1", "C2");
        assertThat(p.hypothesis("H1").orElseThrow().title()).isEqualTo("Retry after timeout books twice");
        Scenario s1 = p.scenario("S1").orElseThrow();
        assertThat(s1.bulletForm()).isTrue();
        assertThat(s1.name()).isEqualTo("no_double_booking_on_retry");
        assertThat(s1.falsifies()).containsExactly("C1", "C2");
        assertThat(s1.closes()).containsExactly("H1");
        assertThat(p.unrecognized()).anySatisfy(u -> assertThat(u.kind()).isEqualTo(Unrecognized.Kind.DIVERGENT_FORM));
    }

    @Test
    void crlfAndBomFreeTextParseTheSame() {
        String text = Fixtures.text("seed-compact");
        Plan lf = PlanParser.parse(text);
        Plan crlf = PlanParser.parse(text.replace("\n", "\r\n"));
        assertThat(crlf.scenarios()).extracting(Scenario::id).isEqualTo(lf.scenarios().stream().map(Scenario::id).toList());
        assertThat(crlf.scenario("S1").orElseThrow().sevenM().history()).isEqualTo(lf.scenario("S1").orElseThrow().sevenM().history());
        assertThat(crlf.claims()).hasSameSizeAs(lf.claims());
    }

    @Test
    void emptyAndProseOnlyInputs() {
        assertThat(PlanParser.parse("").sections()).isEmpty();
        assertThat(PlanParser.parse(null).claims()).isEmpty();
        Plan prose = PlanParser.parse("Just a paragraph.\nAnother line.");
        assertThat(PlanFile.looksLikePlan(prose)).isFalse();
    }
}
