package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A session folder written by hand in the agents' layout (src/test/resources/agent-repo). */
class HandWrittenSessionTest {
    static final Path REPO = Path.of("src/test/resources/agent-repo");
    static final Path DONE = REPO.resolve("test-sessions/replicated-kv/2026-11-28T101500Z");
    static final Path CUT = REPO.resolve("test-sessions/replicated-kv/2026-11-29T090000Z");

    @Test
    void readsEveryPartAnAgentWrote() throws IOException {
        SessionFolder f = SessionReader.read(DONE);
        assertThat(f.interrupted()).isFalse();
        assertThat(f.problems()).isEmpty();
        assertThat(f.planSlug()).isEqualTo("replicated-kv");
        SessionHeader h = f.log().header();
        assertThat(h.plan()).isEqualTo("docs/testing-plans/replicated-kv.md");
        assertThat(h.commit()).isEqualTo("9a41c07e2d-dirty");
        assertThat(h.operator()).startsWith("claude-code agent");
        assertThat(f.log().toolbox()).hasSize(3);
        // columns found by name although the agent put Version before Present?
        assertThat(f.log().capabilities()).extracting(CapabilityRow::requirement, CapabilityRow::isPresent)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("java >= 17", true),
                        org.assertj.core.groups.Tuple.tuple("faketime >= 0.9.10", false),
                        org.assertj.core.groups.Tuple.tuple("loopback fault proxy", true));
        assertThat(f.log().preconditions()).extracting(Precondition::checked).containsExactly(true, true, false);
        assertThat(f.log().timeline()).hasSize(13);
        assertThat(f.log().timeline().get(4).notes()).contains("**INVALID** at op 311");
        assertThat(f.missing()).containsExactly("findings/report.md")
                .doesNotContain("session-log.md");
        assertThat(f.logFiles()).containsExactly("logs/S01-7/n1.out.log");
    }

    @Test
    void verdictsFromTableAndFindingsAgree() throws IOException {
        SessionFolder f = SessionReader.read(DONE);
        assertThat(f.arms()).extracting(SessionFolder.ArmVerdict::armId)
                .containsExactly("S01", "S02", "S03/api", "S03/export", "S04");
        // S02 is written PASS-hardening with landing and oracle evidence but no weak-oracle audit: the
        // audit's rule (any unchecked → not eligible for PASS-hardening) makes it PASS-smoke
        assertThat(f.arms()).extracting(SessionFolder.ArmVerdict::effective).containsExactly(
                Verdict.FAIL_REPRODUCIBLE, Verdict.PASS_SMOKE, Verdict.PASS_SMOKE, Verdict.PARTIAL_MODEL,
                Verdict.INCONCLUSIVE_ENV);
        assertThat(f.arms().get(1).written()).contains(Verdict.PASS_HARDENING);
        assertThat(f.scenarioVerdicts()).isEqualTo(Map.of("S01", Verdict.FAIL_REPRODUCIBLE, "S02", Verdict.PASS_SMOKE,
                "S03", Verdict.PARTIAL_SURFACE, "S04", Verdict.INCONCLUSIVE_ENV));
        assertThat(f.headline()).isEqualTo(SessionHeadline.FAIL);
        assertThat(f.arms().get(0).budget()).isEqualTo("hardening");
    }

    @Test
    void findingLabelsOnThreeAxes() throws IOException {
        FindingFile s01 = SessionReader.read(DONE).findings().get(0);
        assertThat(s01.armId()).isEqualTo("S01");
        assertThat(s01.blame()).contains(Blame.SUT);
        assertThat(s01.bugType().map(BugType::display)).contains("partition; tags: leadership/election, safety");
        assertThat(s01.severity()).contains(FindingSeverity.P0);
        assertThat(s01.detail().title()).isEqualTo("stale read served by deposed leader after heal");
        assertThat(s01.detail().hypothesis()).isEqualTo("H1");
        assertThat(s01.detail().reproducer()).contains("--seed 7");
        assertThat(s01.evidence()).isEmpty();
    }

    @Test
    void anInterruptedSessionReadsAsInterruptedWithWhatItWrote() throws IOException {
        SessionFolder f = SessionReader.read(CUT);
        assertThat(f.interrupted()).isTrue();
        assertThat(f.log().header().commit()).isEqualTo("1b2c3d4");
        assertThat(f.missing()).contains("findings/report.md", "metrics/", "artifacts/",
                "session-log.md: section Environment capability matrix", "session-log.md: section Toolbox discovered");
        assertThat(f.arms()).extracting(SessionFolder.ArmVerdict::armId, SessionFolder.ArmVerdict::effective)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("S01", Verdict.PASS_SMOKE),
                        org.assertj.core.groups.Tuple.tuple("S02", Verdict.NOT_RUN));
        assertThat(f.headline()).isEqualTo(SessionHeadline.DONE_WITH_CONCERNS);
    }
}
