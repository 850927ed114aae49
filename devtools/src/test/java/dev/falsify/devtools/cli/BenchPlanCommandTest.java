package dev.falsify.devtools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class BenchPlanCommandTest {

    @Test
    void jsonReportNamesThePlanSizeAndTheMedian() throws Exception {
        CliRun r = CliRun.run("bench", "plan", "--json", "--warmup", "1", "--iterations", "2");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode n = new ObjectMapper().readTree(r.out());
        assertThat(n.get("lines").asInt()).isEqualTo(5000);
        assertThat(n.get("claims").asInt()).isEqualTo(200);
        assertThat(n.get("hypotheses").asInt()).isEqualTo(300);
        assertThat(n.get("scenarios").asInt()).isEqualTo(150);
        assertThat(n.get("medianMs").asDouble()).isPositive();
        assertThat(n.get("targetMs").asDouble()).isEqualTo(100.0);
        assertThat(n.has("withinTarget")).isTrue();
    }

    @Test
    void badIterationsIsAUserError() {
        assertThat(CliRun.run("bench", "plan", "--iterations", "0").exit()).isEqualTo(2);
    }
}
