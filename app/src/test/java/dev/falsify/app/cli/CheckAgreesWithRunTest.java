package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.run.PlanRunner;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.run.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code falsify check} and the runner check a history through one pipeline: for the same file they
 * give the same answer, the same weaknesses and the same reader's notes (the runner used to drop
 * the notes, so a truncated history was VALID under {@code run} and weak under {@code check}).
 */
@Timeout(120)
class CheckAgreesWithRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Histories with different things to say: truncated (weak), invocations only (weak), a stale read, valid. */
    static final Map<String, String> HISTORIES = new LinkedHashMap<>();

    static {
        HISTORIES.put("S1", "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":10,\"op_type\":\"write\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":20,\"complete_ts\":30,\"op_type\":\"read\",\"output\":1}\n"
                + "{\"op_id\":3,\"process_id\":1,\"invoke_ts\":40,\"complete_ts\":50,\"op_type\":\"re");
        HISTORIES.put("S2", "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 1, :type :invoke, :f :read, :value nil}\n");
        HISTORIES.put("S3", "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
                + "{:process 1, :type :invoke, :f :read, :value nil}\n{:process 1, :type :ok, :f :read, :value nil}\n");
        HISTORIES.put("S4", "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
                + "{:process 1, :type :invoke, :f :read, :value nil}\n{:process 1, :type :ok, :f :read, :value 1}\n");
    }

    static String scenario(String id) {
        return "### Scenario " + id + ": same_answer_" + id.toLowerCase() + "\n\n- **Falsifies if it FAILs:** C1\n"
                + "- **Smoke budget:** 1 seed × 1 s\n- **Hardening budget:** 1 seed × 1 s\n\n```run\ncwd: .\ntimeout: 30s\nseeds: [1]\n"
                + "workload:\n  cmd: \"cp " + id + ".hist {artifacts}/" + id + ".hist\"\n"
                + "history: { path: \"{artifacts}/" + id + ".hist\", format: auto }\n"
                + "checkers: [linearizability]\n```\n\n";
    }

    @Test
    void checkAndRunGiveTheSameResultAndWeaknesses() throws Exception {
        StringBuilder plan = new StringBuilder("# Test Plan: agree\n\n## 1b. Claims under test\n\n"
                + "| ID | Claim | Category | Source | Inferred? |\n|---|---|---|---|---|\n| C1 | a register | safety | doc | documented |\n\n"
                + "## 7. Scenarios\n\n");
        for (Map.Entry<String, String> e : HISTORIES.entrySet()) {
            Files.writeString(dir.resolve(e.getKey() + ".hist"), e.getValue(), StandardCharsets.UTF_8);
            plan.append(scenario(e.getKey()));
        }
        Path planFile = dir.resolve("plan.md");
        Files.writeString(planFile, plan, StandardCharsets.UTF_8);
        RunResult r = PlanRunner.run(planFile, "plan.md", new RunOptions(dir.resolve("sessions"), List.of(), null, Map.of(),
                0, null, "test", new PrintWriter(new StringWriter())), new EventBus());

        for (String id : HISTORIES.keySet()) {
            JsonNode run = JSON.readTree(r.sessionDir().resolve("artifacts/" + id + "-1.linearizability.check.json").toFile());
            CliRun check = CliRun.run("check", "--json", dir.resolve(id + ".hist").toString());
            JsonNode cli = JSON.readTree(check.out().trim());
            assertThat(comparable(run)).as(id).isEqualTo(comparable(cli));
        }
        // and they say what each history is
        JsonNode truncated = JSON.readTree(CliRun.run("check", "--json", dir.resolve("S1.hist").toString()).out());
        assertThat(truncated.get("weaknesses").toString()).contains("truncated-record");
        JsonNode invocations = JSON.readTree(CliRun.run("check", "--json", dir.resolve("S2.hist").toString()).out());
        assertThat(invocations.get("weaknesses").toString()).contains("no-completed-op");
        assertThat(JSON.readTree(CliRun.run("check", "--json", dir.resolve("S3.hist").toString()).out()).get("valid").asBoolean()).isFalse();
        assertThat(JSON.readTree(CliRun.run("check", "--json", dir.resolve("S4.hist").toString()).out()).get("valid").asBoolean()).isTrue();
    }

    /** Everything but where the file was and how long the check took. */
    private static JsonNode comparable(JsonNode n) {
        ObjectNode c = n.deepCopy();
        c.remove("file");
        ((ObjectNode) c.get("evidence")).remove("elapsedMs");
        return c;
    }
}
