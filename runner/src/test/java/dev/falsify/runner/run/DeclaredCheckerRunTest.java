package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.verdict.Verdict;
import dev.falsify.runner.events.EventBus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The §7.M Checker field is read by one reader (CheckerField) for lint, the runner and the testkit. Lint accepted
 * "Checker: Porcupine" while the runner, matching registry names only, recorded no declared checker for it, so a
 * run that never ran linearizability was not held to it.
 */
@Timeout(120)
class DeclaredCheckerRunTest {
    @TempDir
    Path dir;

    @Test
    void porcupineDeclaresLinearizability() throws Exception {
        Files.writeString(dir.resolve("S1-1.jsonl"), CompletedWorkRunTest.op(1, "p1", 1, 2L, "write", 1, null, false)
                + CompletedWorkRunTest.op(2, "p2", 3, 4L, "read", null, 1, false));
        String plan = "# Test Plan: declared\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | safety | doc | documented |\n\n## 7. Scenarios\n\n"
                + "### Scenario S1: porcupine\n\n- **Falsifies if it FAILs:** C1\n- **Smoke budget:** 1 seed × 1 s\n\n"
                + "#### §7.M — Model / history / checker\n\n- **Model under test:** register\n"
                + "- **Operation history:** the 11 fields\n- **Checker:** Porcupine (its register model)\n"
                + "- **Nemesis + landing evidence:** none\n- **Ambiguous outcomes:** timeouts are unknown\n"
                + "- **Reduction plan:** shrink; classify as SUT, harness, checker or environment\n\n"
                + "```run\ncwd: .\ntimeout: 30s\nseeds: [1]\n"
                + "workload:\n  cmd: \"cp {scenario}-{seed}.jsonl {artifacts}/{scenario}-{seed}.jsonl\"\n"
                + "history: { path: \"{artifacts}/{scenario}-{seed}.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n\n";
        Path planFile = Files.writeString(dir.resolve("plan.md"), plan, StandardCharsets.UTF_8);
        RunResult r = PlanRunner.run(planFile, "plan.md", new RunOptions(dir.resolve("sessions"), List.of(), null, Map.of(),
                1, null, "test", new PrintWriter(new StringWriter())), new EventBus());

        assertThat(r.verdicts()).as(r.reasons().toString()).containsEntry("S1", Verdict.PASS_SMOKE);
        assertThat(Files.readString(r.sessionDir().resolve("findings/S1.md")).replaceAll("\\s+", " "))
                .contains("\"declaredCheckers\" : [ \"linearizability\" ]");
    }
}
