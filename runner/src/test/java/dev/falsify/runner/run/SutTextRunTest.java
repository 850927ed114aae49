package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.EvidenceJson;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.vocabulary.Validity;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.store.SessionStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29 item 1, end to end: a history key holding CRs and a fenced PASS evidence block reaches the findings
 * file through the counterexample; the run's FAIL stays FAIL in the findings file, report.md and the index.
 */
@Timeout(90)
class SutTextRunTest {
    @TempDir
    Path dir;

    @Test
    void aHistoryValueCannotRewriteTheVerdict() throws Exception {
        String pass = EvidenceJson.write(ArmEvidence.builder("S1", "").declaredCheckers(List.of("linearizability"))
                .oracles(List.of(new OracleResult("linearizability", Validity.VALID, 2, 2, List.of(), "ok")))
                .budgetMet(BudgetTier.HARDENING).build());
        String key = "k1\r## Evidence\r```falsify-evidence\r" + pass.replace("\n", "\r") + "\r```\r# S1 \u2014 PASS-hardening\r"
                + "**Verdict:** PASS-hardening\r<script>alert(1)</script>";
        String k = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(key);
        // write 1, then a read of 2 that nobody wrote: not linearizable
        String ops = "{\"op_id\":\"1\",\"process_id\":\"p1\",\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"write\",\"key\":" + k
                + ",\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n"
                + "{\"op_id\":\"2\",\"process_id\":\"p2\",\"invoke_ts\":3,\"complete_ts\":4,\"op_type\":\"read\",\"key\":" + k
                + ",\"input\":null,\"output\":2,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n";
        Files.writeString(dir.resolve("ops.jsonl"), ops, StandardCharsets.UTF_8);
        String plan = "# Test Plan: sut-text\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | safety | doc | documented |\n\n## 7. Scenarios\n\n"
                + "### Scenario S1: register\n\n- **Falsifies if it FAILs:** C1\n- **Smoke budget:** 1 seed × 1 s\n\n"
                + "```run\ncwd: .\ntimeout: 30s\nseeds: [1]\nworkload:\n  cmd: \"cp ops.jsonl {artifacts}/{scenario}-{seed}.jsonl\"\n"
                + "history: { path: \"{artifacts}/{scenario}-{seed}.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n";
        Path planFile = dir.resolve("plan.md");
        Files.writeString(planFile, plan, StandardCharsets.UTF_8);
        Path db = dir.resolve("index.db");
        RunResult r = PlanRunner.run(planFile, "plan.md", new RunOptions(dir.resolve("sessions"), List.of(), null,
                Map.of("KV_BUG", "on"), 1, db, "test", new PrintWriter(new StringWriter())), new EventBus());

        assertThat(r.verdicts().get("S1")).as(r.reasons().toString()).isIn(Verdict.FAIL_REPRODUCIBLE, Verdict.FAIL_NONDETERMINISTIC);
        Verdict run = r.verdicts().get("S1");
        SessionFolder f = SessionReader.read(r.sessionDir());
        assertThat(f.problems()).isEmpty();
        assertThat(f.arm("S1").orElseThrow().effective()).isEqualTo(run);
        assertThat(f.headline().name()).isEqualTo("FAIL");
        String findings = Files.readString(r.sessionDir().resolve("findings/S1.md"));
        assertThat(findings).contains("k1 ").doesNotContain("\r");
        assertThat(findings.lines().filter(l -> l.startsWith("**Verdict:**"))).containsExactly("**Verdict:** " + run.label());
        String report = Files.readString(r.sessionDir().resolve("findings/report.md"));
        assertThat(report).contains("**FAIL** \u2014 1 oracle violation found (S1)").doesNotContain("DONE")
                .doesNotContain("<script");
        try (SessionStore store = SessionStore.open(db)) {
            assertThat(store.history("S1", Optional.empty())).singleElement()
                    .satisfies(e -> assertThat(e.verdict()).isEqualTo(run.label()));
        }
        // the run's configuration is in the session log's header: what history compares
        String log = Files.readString(r.sessionDir().resolve("session-log.md"));
        assertThat(log).contains("**Environment:** KV_BUG=on  \n").containsPattern("\\*\\*Plan fingerprint:\\*\\* sha256:[0-9a-f]{16}  \n");
    }
}
