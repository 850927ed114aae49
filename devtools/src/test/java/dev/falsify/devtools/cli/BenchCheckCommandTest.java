package dev.falsify.devtools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** {@code falsify bench check}, moved from the app's CheckCommandTest with the command. */
class BenchCheckCommandTest {

    @Test
    void benchCheckWarmsUpForTheTimeAsked() throws IOException {
        // a pass over 58 ops takes milliseconds, even cold: 2 s of warm-up are more than one pass
        CliRun r = CliRun.run("bench", "check", "--model", "kv", "--json", "--passes", "1", "--warmup", "2s",
                CliRun.corpus("porcupine/kv/c01-ok.txt").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.json().get("warmupPasses").asInt()).isGreaterThan(1);
        CliRun negative = CliRun.run("bench", "check", "--model", "kv", "--warmup", "-1s", CliRun.corpus("porcupine/kv/c01-ok.txt").toString());
        assertThat(negative.exit()).isEqualTo(2);
        assertThat(negative.err()).contains("--warmup must not be negative");
    }

    @Test
    void benchCheckPrintsMediansAsJson() throws IOException {
        CliRun r = CliRun.run("bench", "check", "--model", "kv", "--json", "--passes", "5", "--warmup", "0s",
                CliRun.corpus("porcupine/kv/c01-ok.txt").toString(), CliRun.corpus("porcupine/kv/c01-bad.txt").toString());
        assertThat(r.exit()).isZero();
        JsonNode n = r.json();
        assertThat(n.get("passes").asInt()).isEqualTo(5);
        assertThat(n.get("warmupPasses").asInt()).as("no warm-up time is still one pass").isEqualTo(1);
        assertThat(n.get("totalCheckMs").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(n.get("files")).hasSize(2);
        assertThat(n.get("files").get(0).get("ops").asLong()).isEqualTo(58);
        assertThat(n.get("files").get(0).get("valid").asBoolean()).isTrue();
        assertThat(n.get("files").get(1).get("valid").asBoolean()).isFalse();
    }
}
