package dev.falsify.model.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Session folders written by agents for a plan with a surface-decomposition scenario and a
 * per-backend scenario (src/test/resources/agent-sessions, issue 14): verdict tables keyed by scenario
 * plus a Backend or Surface column, a surface scenario with no fault and a NOT-RUN arm, and a findings
 * file that uses every field of the findings template.
 */
class AgentSessionsTest {
    static final Path ROOT = Path.of("src/test/resources/agent-sessions/test-sessions/tenant-store");

    static SessionFolder read(String name) throws IOException {
        return SessionReader.read(ROOT.resolve(name));
    }

    static PlanFacts plan(SessionFolder f) {
        return PlanLocator.locate(f, Path.of("/nonexistent")).map(PlanFactsAdapter::read).orElseThrow();
    }

    static Verdict effective(SessionFolder f, SessionFolder.PlanDeclarations c, String arm) {
        return f.arms(c).stream().filter(a -> a.armId().equals(arm)).findFirst().orElseThrow().effective();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-12-09T080000Z", "2026-12-10T070000Z", "2026-12-11-rerun"})
    void goldenReport(String name) throws IOException {
        SessionFolder f = read(name);
        ReportWriterTest.assertGolden(ReportWriter.render(f, plan(f)), "agent-sessions/" + name + ".md");
    }

    @Test
    void aBackendColumnMakesArmsAndThePassRowStays() throws IOException {
        SessionFolder f = read("2026-12-09T080000Z");
        SessionFolder.PlanDeclarations c = plan(f).sessionContext();
        assertThat(f.arms(c)).extracting(ArmVerdict::armId).containsExactly("S2/in-memory", "S2/postgres");
        assertThat(f.log().verdicts()).extracting(v -> v.armId()).containsExactly("S2/in-memory", "S2/postgres");
        // the in-memory arm keeps its own timeline rows (landing, oracle) and none of the postgres violation
        assertThat(effective(f, c, "S2/in-memory")).isEqualTo(Verdict.PASS_SMOKE);
        assertThat(effective(f, c, "S2/postgres")).isEqualTo(Verdict.FAIL_REPRODUCIBLE);
        assertThat(f.scenarioVerdicts(c)).isEqualTo(Map.of("S2", Verdict.FAIL_REPRODUCIBLE));
    }

    @Test
    void everyFindingsTemplateFieldIsRead() throws IOException {
        SessionFolder f = read("2026-12-09T080000Z");
        ArmVerdict pg = f.arms().stream().filter(a -> a.armId().equals("S2/postgres")).findFirst().orElseThrow();
        var file = pg.finding().orElseThrow();
        assertThat(file.fileName()).isEqualTo("S2-postgres.md");
        assertThat(file.blame()).contains(Blame.HARNESS);
        assertThat(file.landingEvidence()).get().asString().startsWith("exit status 137 and pid 5120");
        assertThat(file.oracleEvidence()).get().asString().contains("4 388 of 4 388");
        assertThat(file.evidenceText()).get().asString().contains("ops 2210-2214");
        assertThat(file.detail().reduction()).isEqualTo("harness");
        assertThat(file.detail().hypothesis()).isEqualTo("H2");
        assertThat(file.detail().rootCause()).contains("fsync=off");
        assertThat(file.detail().nextAction()).startsWith("re-run with");
        String report = ReportWriter.render(f, plan(f));
        String row = report.lines().filter(l -> l.startsWith("| S2/postgres |")).findFirst().orElseThrow();
        assertThat(row).contains("exit status 137 and pid 5120").doesNotContain("not recorded");
        assertThat(report).contains("- **Blame:** harness").contains("- **Reduction classification:** harness")
                .contains("ops 2210-2214");
    }

    @Test
    void aSurfaceScenarioWithNoFaultIsNotFaultNotProvenAndANotRunArmCapsIt() throws IOException {
        SessionFolder f = read("2026-12-10T070000Z");
        SessionFolder.PlanDeclarations c = plan(f).sessionContext();
        assertThat(f.arms(c)).extracting(ArmVerdict::armId).containsExactly("S1/api", "S1/export", "S1/admin");
        assertThat(f.arms(c)).extracting(ArmVerdict::effective)
                .containsExactly(Verdict.PASS_SMOKE, Verdict.PASS_SMOKE, Verdict.NOT_RUN)
                .doesNotContain(Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN);
        assertThat(f.scenarioVerdicts(c)).isEqualTo(Map.of("S1", Verdict.PARTIAL_SURFACE));
        String report = ReportWriter.render(f, plan(f));
        assertThat(report).contains("- PARTIAL-surface: S1").doesNotContain("no landing evidence for its fault");
        assertThat(report.lines().filter(l -> l.startsWith("| S1/api |")).findFirst().orElseThrow()).contains("no fault planned");
    }

    @Test
    void anArmThePlanDeclaresButTheFolderNeverMentionsIsNotRun() throws IOException {
        SessionFolder f = read("2026-12-11-rerun");
        SessionFolder.PlanDeclarations c = plan(f).sessionContext();
        assertThat(f.arms(c)).extracting(ArmVerdict::armId).containsExactly("S1/api", "S1/export");
        assertThat(f.arms(c)).extracting(ArmVerdict::effective).containsOnly(Verdict.PASS_SMOKE);
        assertThat(f.scenarioVerdicts(c)).isEqualTo(Map.of("S1", Verdict.PARTIAL_SURFACE));
        // without the plan nothing says S1 has a third arm
        assertThat(f.scenarioVerdicts().get("S1")).isNotEqualTo(Verdict.PARTIAL_SURFACE);
        // a finding's own oracle and landing lines fill the report's columns
        String row = ReportWriter.render(f, plan(f)).lines().filter(l -> l.startsWith("| S1/export |")).findFirst().orElseThrow();
        assertThat(row).contains("tenant-isolation checked 700 of 700 exports").contains("none — surface scenario, no fault");
    }
}
