package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code falsify check} with the transactional checkers and the other oracles. */
class CheckCheckersTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String ELLE = corpora() + "/elle/";

    static String corpora() {
        String shared = System.getProperty("falsify.shared");
        return (shared != null ? shared : "../../shared") + "/corpora";
    }

    static final String CREDIT = "{\"op_id\":%d,\"process_id\":1,\"invoke_ts\":%d,\"complete_ts\":%d,\"op_type\":\"credit\","
            + "\"key\":\"acct\",\"input\":{\"amount\":5,\"request\":\"%s\"},\"output\":null,\"error\":null,"
            + "\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n";

    @Test
    void elleHistoryDefaultsToListAppendAndExplains() {
        CliRun r = CliRun.run("check", ELLE + "paper-example.edn");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("INVALID — checker list-append", "G-single: T6 < T2 < T4 < T6",
                "T6 -rw-> T2 on 255: T6 read 255=[2 3 4 5] without 8, which T2 appended next in 255's version order",
                // Elle's consistency-model table: G-single(-item) rules out consistent-view and repeatable-read first
                "rules out: consistent-view, repeatable-read, ", "snapshot-isolation", "strict-serializable");
    }

    @Test
    void jsonCarriesAnomalyTypesAndAnomalies() throws Exception {
        CliRun r = CliRun.run("check", "--json", ELLE + "paper-example.edn", ELLE + "si-without-g-single.edn");
        assertThat(r.exit()).isEqualTo(1);
        String[] lines = r.out().trim().split("\n");
        JsonNode paper = JSON.readTree(lines[0]);
        assertThat(paper.get("checker").asText()).isEqualTo("list-append");
        assertThat(paper.get("counterexample").get("anomalyTypes").toString()).isEqualTo("[\"G-single\"]");
        JsonNode a = paper.get("counterexample").get("anomalies").get(0);
        assertThat(a.get("type").asText()).isEqualTo("G-single");
        assertThat(a.get("txns")).hasSize(3);
        assertThat(a.get("edges").get(1).get("explanation").asText()).isEqualTo("T4 read 255=[2 3 4 5 8] which T2 wrote by appending 8");
        assertThat(a.get("modelsRuledOut").toString()).startsWith("[\"consistent-view\",\"repeatable-read\",")
                .contains("\"snapshot-isolation\"", "\"serializable\"", "\"strict-serializable\"");
        JsonNode si = JSON.readTree(lines[1]);
        assertThat(si.get("counterexample").get("anomalyTypes").toString()).isEqualTo("[\"G2-item\"]");
    }

    @Test
    void explicitCheckerAndRealtimeOption() throws Exception {
        CliRun r = CliRun.run("check", "--checker", "list-append", "-O", "realtime=true", "--json",
                ELLE + "si-without-g-single.edn");
        JsonNode n = JSON.readTree(r.out().trim());
        for (JsonNode a : n.get("counterexample").get("anomalies")) {
            if (a.get("type").asText().equals("G-single")) {
                assertThat(a.get("realtime").asBoolean()).isTrue();
                assertThat(a.get("modelsRuledOut").toString()).doesNotContain("\"snapshot-isolation\"");
            }
        }
    }

    @Test
    void listShowsEveryChecker() throws Exception {
        CliRun r = CliRun.run("check", "--list");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("list-append\n  models:", "rw-register", "session", "monotonic-read", "prefix-order",
                "no-lost-ack", "exactly-once", "final-state-invariant", "replica-reconciliation", "fairness", "linearizability");
        // Jepsen's workload checkers (issue 30)
        assertThat(r.out()).contains("bank\n  models: bank", "counter\n  models: counter", "long-fork\n  models: long-fork",
                "set\n  models: set", "set-full\n  models: set", "total-queue\n  models: queue", "unique-ids\n  models: unique-ids");
        JsonNode arr = JSON.readTree(CliRun.run("check", "--list", "--json").out());
        assertThat(arr).hasSize(18);
        assertThat(arr.get(0).has("needs")).isTrue();
    }

    @Test
    void jepsensHistoryTxtAndItsWorkloadsAreAnsweredAsJepsenAnswersThem(@TempDir Path dir) throws Exception {
        // Jepsen's counter workload, as history.txt: the read of 100 lies outside [0, 15] (checker_test.clj)
        Path txt = dir.resolve("history.txt");
        Files.writeString(txt, String.join("\n", "0\t:invoke\t:read\tnil", "1\t:invoke\t:add\t1", "2\t:invoke\t:read\tnil",
                "1\t:ok\t:add\t1", "0\t:ok\t:read\t1", "2\t:ok\t:read\t100", ":nemesis\t:info\t:start\tnil", "") );
        CliRun r = CliRun.run("check", txt.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("history.txt: INVALID — checker counter (jepsen-txt), 3 ops",
                "1 reads outside their bounds: read 100 (op 2@line3, process 2) is outside [0, 1]");
        JsonNode j = JSON.readTree(CliRun.run("check", "--json", txt.toString()).out().trim());
        assertThat(j.get("format").asText()).isEqualTo("jepsen-txt");
        assertThat(j.get("counterexample").get("items").get(0).get("upper").asLong()).isEqualTo(1);
    }

    @Test
    void unknownCheckerAndMissingHistoryAreBadInput() {
        CliRun r = CliRun.run("check", "--checker", "nope", ELLE + "paper-example.edn");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unknown checker 'nope'; known: bank, counter, exactly-once");
        assertThat(CliRun.run("check").exit()).isEqualTo(2);
    }

    @Test
    void finalStateInvariantFromFiles(@TempDir Path dir) throws Exception {
        Path history = dir.resolve("h.jsonl");
        Files.writeString(history, String.format(CREDIT, 1, 0, 5, "r1"));
        Path state = dir.resolve("state.json");
        Files.writeString(state, "{\"accounts\":[{\"balance\":5},{\"balance\":-4}]}");
        CliRun bad = CliRun.run("check", "--checker", "final-state-invariant", "--final-state", state.toString(),
                "--invariant", "sum($.accounts[*].balance) == 0", history.toString());
        assertThat(bad.exit()).isEqualTo(1);
        assertThat(bad.out()).contains("sum($.accounts[*].balance) == 0 is false: sum($.accounts[*].balance) = 1");
        CliRun syntax = CliRun.run("check", "--checker", "final-state-invariant", "--final-state", state.toString(),
                "--invariant", "sum($.accounts[*].balance == 0", history.toString());
        assertThat(syntax.exit()).isEqualTo(2);
        assertThat(syntax.err()).contains("--invariant: column 27");
        Files.writeString(state, "{\"accounts\": [1,\n 2,, 3]}");
        CliRun broken = CliRun.run("check", "--checker", "final-state-invariant", "--final-state", state.toString(),
                "--invariant", "count(accounts) == 3", history.toString());
        assertThat(broken.exit()).isEqualTo(2);
        assertThat(broken.err()).contains(state + ":2:");
    }

    @Test
    void exactlyOnceByBusinessKeyAndRefusalOfOpId(@TempDir Path dir) throws Exception {
        Path history = dir.resolve("h.jsonl");
        Files.writeString(history, String.format(CREDIT, 1, 0, 5, "r1") + String.format(CREDIT, 2, 10, 15, "r1"));
        CliRun dup = CliRun.run("check", "--checker", "exactly-once", "-O", "idempotency-key=request", history.toString());
        assertThat(dup.exit()).isEqualTo(1);
        assertThat(dup.out()).contains("key r1 has 2 committed effects");
        CliRun refused = CliRun.run("check", "--checker", "exactly-once", "-O", "idempotency-key=op_id", history.toString());
        assertThat(refused.exit()).isEqualTo(3);
        assertThat(refused.out()).contains("refuses to run with op_id");
    }

    @Test
    void modelPicksTheOracle(@TempDir Path dir) throws Exception {
        Path history = dir.resolve("h.jsonl");
        Files.writeString(history, String.format(CREDIT, 1, 0, 5, "r1"));
        CliRun r = CliRun.run("check", "--model", "ledger", "-O", "idempotency-key=request", history.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("VALID — checker exactly-once");
    }
}
