package dev.falsify.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second, independent client: scripts/mcp-inspector.sh drives {@code falsify mcp} with the MCP Inspector's
 * CLI mode from npm (tools/list, tools/call of every tool, an untrusted run_plan that must run nothing). Skips,
 * saying why, where node/npm are missing or the npm registry does not answer.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class McpInspectorTest {
    @Test
    void theInspectorListsAndCallsEveryTool(@TempDir Path tmp) throws Exception {
        Path script = Path.of("../scripts/mcp-inspector.sh").toAbsolutePath().normalize();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("out").toFile());
        pb.environment().put("FALSIFY_CMD", java + " -XX:TieredStopAtLevel=1 -cp " + System.getProperty("java.class.path")
                + " dev.falsify.app.Main");
        pb.environment().put("TMPDIR", tmp.toString());
        Process p = pb.start();
        boolean done = p.waitFor(14, TimeUnit.MINUTES);
        if (!done) p.destroyForcibly();
        String out = Files.readString(tmp.resolve("out"), StandardCharsets.UTF_8);
        System.out.println(out);
        assertThat(done).as(out).isTrue();
        Assumptions.assumeFalse(p.exitValue() == 77, () -> out.lines().filter(l -> l.contains("SKIPPED")).findFirst().orElse(out));
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("mcp-inspector: ok run_plan/untrusted", "mcp-inspector: all passed");
    }
}
