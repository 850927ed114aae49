package dev.falsify.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.runner.trust.PlanCommands;
import dev.falsify.runner.trust.PlanSnapshot;
import dev.falsify.runner.trust.TrustStore;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP Java SDK's own client launches {@code falsify mcp} as a subprocess (the way an agent's host
 * does) and calls every tool: on the example plan, a corpus history, a session the server ran from a
 * trusted plan; and with bad input, paths out of the workspace and an untrusted or changed plan, none of
 * which may run anything or answer anything but a one-line tool error.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(180)
class McpServerProcessTest {
    static final Path SHARED = Path.of(System.getProperty("falsify.shared", "../../shared"));
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    Path tmp;
    Path ws;
    Path trustFile;
    McpSyncClient client;
    final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    final List<McpSchema.ProgressNotification> progress = Collections.synchronizedList(new ArrayList<>());
    final Set<String> called = Collections.synchronizedSet(new TreeSet<>());

    static final String OP1 = "{\"op_id\":\"1\",\"process_id\":\"p1\",\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"write\","
            + "\"key\":null,\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}";
    static final String OP2 = "{\"op_id\":\"2\",\"process_id\":\"p2\",\"invoke_ts\":3,\"complete_ts\":4,\"op_type\":\"read\","
            + "\"key\":null,\"input\":null,\"output\":1,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}";

    /** A shell-only plan: its workload copies a recorded history into the session's artifacts. */
    static String runnablePlan(String slug, String marker) {
        return "# Test Plan: " + slug + "\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n## 7. Scenarios\n\n"
                + "### Scenario S1: register_reads_its_write\n\n- **Falsifies if it FAILs:** C1\n\n```run\ncwd: .\nseeds: [1]\n"
                + "workload:\n  cmd: \"touch " + marker + " && cp ops.jsonl {artifacts}/h.jsonl\"\n"
                + "history: { path: \"{artifacts}/h.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n";
    }

    @BeforeAll
    void startServer(@TempDir Path dir) throws Exception {
        tmp = dir;
        ws = Files.createDirectories(tmp.resolve("ws"));
        trustFile = tmp.resolve("trust.json");
        Files.copy(Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md"), ws.resolve("replicated-kv.md"));
        Files.createDirectories(ws.resolve("histories"));
        Files.copy(SHARED.resolve("corpora/knossos/cas-register/bad/cas-failure.edn"), ws.resolve("histories/bug.edn"));
        Files.copy(SHARED.resolve("corpora/porcupine/etcd/etcd_002.log"), ws.resolve("histories/etcd_002.log"));
        Files.writeString(ws.resolve("ops.jsonl"), OP1 + "\n" + OP2 + "\n", StandardCharsets.UTF_8);
        Files.writeString(ws.resolve("trusted.md"), runnablePlan("mcp-trusted", "ran-trusted"), StandardCharsets.UTF_8);
        Files.writeString(ws.resolve("untrusted.md"), runnablePlan("mcp-untrusted", "ran-untrusted"), StandardCharsets.UTF_8);
        Files.writeString(ws.resolve("changed.md"), runnablePlan("mcp-changed", "ran-changed"), StandardCharsets.UTF_8);
        Files.writeString(ws.resolve("broken.jsonl"), OP1 + "\n{\"op_id\": nope}\n" + OP2 + "\n", StandardCharsets.UTF_8);
        Files.writeString(tmp.resolve("secret.md"), runnablePlan("outside", "ran-outside"), StandardCharsets.UTF_8);
        Files.createSymbolicLink(ws.resolve("link-out.md"), tmp.resolve("secret.md"));
        Files.createSymbolicLink(ws.resolve("dir-out"), tmp);

        // a person trusts two plans through the CLI's store; then one of them changes its command
        TrustStore store = new TrustStore(trustFile);
        for (String name : List.of("trusted.md", "changed.md")) {
            PlanSnapshot s = PlanSnapshot.read(ws.resolve(name));
            store.trust(s, PlanCommands.of(s));
        }
        Files.writeString(ws.resolve("changed.md"), runnablePlan("mcp-changed", "ran-changed-now"), StandardCharsets.UTF_8);

        ServerParameters params = ServerParameters.builder(JAVA)
                .args("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                        "dev.falsify.app.Main", "mcp", "--workspace", ws.toString(), "--db", tmp.resolve("falsify.db").toString())
                .env(Map.of("FALSIFY_TRUST_FILE", trustFile.toString(), "FALSIFY_HOME", tmp.resolve("home").toString()))
                .build();
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new com.fasterxml.jackson.databind.ObjectMapper());
        StdioClientTransport transport = new StdioClientTransport(params, mapper);
        transport.setStdErrorHandler(stderr::add);
        client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120)).initializationTimeout(Duration.ofSeconds(60))
                .enableCallToolSchemaCaching(true).progressConsumer(progress::add).build();
        try {
            client.initialize();
        } catch (RuntimeException e) {
            throw new AssertionError("falsify mcp did not initialize; its stderr:\n" + String.join("\n", stderr), e);
        }
    }

    @AfterAll
    void stopServer() {
        if (client != null) client.closeGracefully();
    }

    McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
        called.add(tool);
        return client.callTool(new McpSchema.CallToolRequest(tool, args));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(McpSchema.CallToolResult r) {
        assertThat(r.isError()).as(text(r)).isFalse();
        return (Map<String, Object>) r.structuredContent();
    }

    static String text(McpSchema.CallToolResult r) {
        return r.content().stream().map(c -> c instanceof McpSchema.TextContent t ? t.text() : String.valueOf(c))
                .reduce("", (a, b) -> a + b);
    }

    static void assertToolError(McpSchema.CallToolResult r, String... fragments) {
        assertThat(r.isError()).as(text(r)).isTrue();
        assertThat(text(r)).contains(fragments).doesNotContain("\tat ").doesNotContain("Exception");
    }

    @Test
    @Order(1)
    void listsEveryToolResourceAndPrompt() {
        List<String> tools = client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
        assertThat(tools).containsExactly("lint_plan", "suggest", "check_history", "run_plan", "report_session",
                "explain_verdict", "list_sessions", "scenario_history");
        assertThat(client.listTools().tools()).allSatisfy(t -> {
            assertThat(t.inputSchema()).isNotNull();
            assertThat(t.outputSchema()).containsEntry("type", "object");
        });
        assertThat(client.listResources().resources().stream().map(McpSchema.Resource::uri))
                .contains("falsify://catalog", "falsify://plan-template", "falsify://verdicts", "falsify://skill");
        String verdicts = ((McpSchema.TextResourceContents) client.readResource(new McpSchema.ReadResourceRequest("falsify://verdicts"))
                .contents().get(0)).text();
        assertThat(verdicts).contains("PASS-hardening", "INCONCLUSIVE-fault-not-proven", "NOT-RUN");
        String skill = ((McpSchema.TextResourceContents) client.readResource(new McpSchema.ReadResourceRequest("falsify://skill"))
                .contents().get(0)).text();
        assertThat(skill).contains("run_plan");
        assertThat(client.listPrompts().prompts().stream().map(McpSchema.Prompt::name)).contains("design_plan", "execute_plan");
        var prompt = client.getPrompt(new McpSchema.GetPromptRequest("execute_plan", Map.of("plan", "trusted.md")));
        assertThat(((McpSchema.TextContent) prompt.messages().get(0).content()).text()).contains("trusted.md", "report_session");
    }

    @Test
    @Order(2)
    void lintsTheExamplePlanByPathAndByText() throws Exception {
        Map<String, Object> byPath = data(call("lint_plan", Map.of("path", "replicated-kv.md")));
        assertThat(byPath).containsEntry("file", "replicated-kv.md").containsKeys("plan", "diagnostics", "errors");
        assertThat(byPath.get("plan").toString()).contains("S1");
        Map<String, Object> byText = data(call("lint_plan", Map.of("text", "# Test Plan: x\n\n## 7. Scenarios\n\n### Scenario S1: a\n")));
        assertThat((List<?>) byText.get("diagnostics")).isNotEmpty();
        assertThat(byText.get("diagnostics").toString()).contains("line=");
        assertToolError(call("lint_plan", Map.of()), "path or as text");
        assertToolError(call("lint_plan", Map.of("text", "just prose")), "text:1:1: not a test plan");
    }

    @Test
    @Order(3)
    void suggestsForAScenarioOfTheExamplePlan() {
        Map<String, Object> s = data(call("suggest", Map.of("path", "replicated-kv.md", "scenario", "S1")));
        assertThat(s).containsEntry("scenario", "S1").containsKeys("picker", "sevenM", "nemeses", "pitfalls");
        assertThat(s.get("picker").toString()).contains("checkers");
        assertToolError(call("suggest", Map.of("path", "replicated-kv.md", "scenario", "S99")), "no scenario S99");
    }

    @Test
    @Order(4)
    void checksCorpusHistoriesWithTheirKnownAnswers() {
        Map<String, Object> bad = data(call("check_history", Map.of("path", "histories/bug.edn", "model", "cas-register")));
        assertThat(bad).containsEntry("valid", false);
        assertThat(bad.toString()).contains("counterexample");
        @SuppressWarnings("unchecked")
        List<String> pictures = (List<String>) bad.get("pictures");
        assertThat(pictures).isNotEmpty().allSatisfy(p -> assertThat(ws.resolve(p)).exists().isRegularFile());
        Map<String, Object> good = data(call("check_history", Map.of("path", "histories/etcd_002.log", "timeoutSeconds", 120)));
        assertThat(good).containsEntry("valid", true);
        assertToolError(call("check_history", Map.of("path", "broken.jsonl")), "broken.jsonl:2:");
        assertToolError(call("check_history", Map.of("path", "histories/bug.edn", "checker", "no-such")), "unknown checker");
        assertToolError(call("check_history", Map.of("path", "histories/bug.edn", "timeoutSeconds", 100000)), "600");
        assertToolError(call("check_history", Map.of("path", "histories/bug.edn", "colour", "red")), "unknown argument 'colour'");
    }

    @Test
    @Order(5)
    void pathsOutOfTheWorkspaceAreRefusedByEveryPathTakingTool() throws Exception {
        String outside = tmp.resolve("secret.md").toString();
        for (String p : List.of("../secret.md", outside, "link-out.md", "dir-out/secret.md", "/etc/passwd")) {
            assertToolError(call("lint_plan", Map.of("path", p)), "workspace");
            assertToolError(call("check_history", Map.of("path", p)), "workspace");
            assertToolError(call("run_plan", Map.of("plan", p)), "workspace");
            assertToolError(call("suggest", Map.of("path", p, "scenario", "S1")), "workspace");
        }
        assertToolError(call("report_session", Map.of("session", "dir-out")), "workspace");
        assertToolError(call("explain_verdict", Map.of("session", "..", "scenario", "S1")), "workspace");
        assertToolError(call("check_history", Map.of("path", "histories/bug.edn", "svgDir", "dir-out/pics")), "workspace");
        assertToolError(call("run_plan", Map.of("plan", "trusted.md", "sessions", "../elsewhere")), "workspace");
        assertThat(tmp.resolve("elsewhere")).doesNotExist();
        assertThat(tmp.resolve("pics")).doesNotExist();
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).doesNotContain("ran-outside");
        }
    }

    @Test
    @Order(6)
    void anUntrustedOrChangedPlanRunsNothingAndNamesThePersonsCommand() {
        McpSchema.CallToolResult r = call("run_plan", Map.of("plan", "untrusted.md"));
        assertToolError(r, "not been trusted by a person", "nothing was run", "falsify run untrusted.md --trust",
                "touch ran-untrusted");
        McpSchema.CallToolResult c = call("run_plan", Map.of("plan", "changed.md", "scenarios", List.of("S1")));
        assertToolError(c, "changed since a person trusted it", "falsify run changed.md --scenario S1 --trust", "ran-changed-now");
        assertThat(ws.resolve("ran-untrusted")).doesNotExist();
        assertThat(ws.resolve("ran-changed-now")).doesNotExist();
        assertThat(ws.resolve("test-sessions")).doesNotExist();
    }

    @Test
    @Order(7)
    void runsATrustedPlanThenReportsExplainsAndIndexesItsSession() {
        Map<String, Object> run = data(client.callTool(McpSchema.CallToolRequest.builder("run_plan")
                .arguments(Map.of("plan", "trusted.md")).progressToken("run-1").build()));
        called.add("run_plan");
        assertThat(ws.resolve("ran-trusted")).exists();
        assertThat(run).containsEntry("headline", "DONE");
        assertThat(run.get("verdicts").toString()).contains("S1=PASS-smoke");
        assertThat(progress).anySatisfy(p -> assertThat(p.progressToken()).isEqualTo("run-1"));
        String session = (String) run.get("session");
        assertThat(session).startsWith("test-sessions/");

        Map<String, Object> report = data(call("report_session", Map.of("session", session)));
        assertThat(report).containsEntry("headline", "DONE");
        assertThat(ws.resolve((String) report.get("report"))).exists();
        assertThat(report.get("arms").toString()).contains("PASS-smoke", "reason=");

        Map<String, Object> why = data(call("explain_verdict", Map.of("session", session, "scenario", "S1")));
        assertThat(why).containsEntry("verdict", "PASS-smoke");
        assertThat(why.get("steps").toString()).contains("outcome=decided", "outcome=passed_on");
        assertThat(why.get("wouldChange").toString()).contains("PASS-hardening");
        assertToolError(call("explain_verdict", Map.of("session", session, "scenario", "S7")), "no arm S7");
        assertToolError(call("report_session", Map.of("session", "histories")), "not a session folder");

        Map<String, Object> sessions = data(call("list_sessions", Map.of()));
        assertThat(sessions.get("sessions").toString()).contains("mcp-trusted");
        Map<String, Object> history = data(call("scenario_history", Map.of("scenario", "S1", "plan", "mcp-trusted")));
        assertThat(history.get("entries").toString()).contains("PASS-smoke");
        assertToolError(call("scenario_history", Map.of()), "scenario");
        assertToolError(call("scenario_history", Map.of("scenario", " ")), "scenario is required");
    }

    @Test
    @Order(8)
    void everyToolWasCalledAndStdoutCarriedOnlyProtocol() {
        assertThat(called).containsExactlyInAnyOrder("lint_plan", "suggest", "check_history", "run_plan", "report_session",
                "explain_verdict", "list_sessions", "scenario_history");
        // the client parsed every line of stdout as JSON-RPC; the server's own lines went to stderr
        assertThat(String.join("\n", stderr)).contains("falsify mcp: serving workspace");
        assertThat(client.ping()).isNotNull();
    }
}
