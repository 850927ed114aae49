package dev.falsify.runner.toxiproxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code scripts/toxiproxy-node-client.sh} — Toxiproxy's Node client from npm against this server — when
 * node and npm are installed and the registry answers; skips saying which was missing otherwise (.ci/run
 * installs Debian's nodejs and npm where they are absent, so in CI it runs).
 */
class ToxiproxyNodeClientTest {
    private static final Path SCRIPT = Path.of("..", "scripts", "toxiproxy-node-client.sh");

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) return true;
        }
        return false;
    }

    @Test
    void toxiproxysNodeClientPassesTheScenario() throws Exception {
        Assumptions.assumeTrue(onPath("node") && onPath("npm"), "node or npm is not installed: toxiproxy-node-client not run");
        try (ToxiproxyRig rig = new ToxiproxyRig(null, ServeSettings.DisableAs.DOWN)) {
            Path log = Files.createTempFile("toxiproxy-node", ".log");
            try {
                ProcessBuilder pb = new ProcessBuilder("bash", SCRIPT.toString())
                        .redirectErrorStream(true).redirectOutput(log.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
                pb.environment().put("FALSIFY_TOXIPROXY_API", "http://127.0.0.1:" + rig.apiPort());
                Process p = pb.start();
                boolean done;
                try {
                    done = p.waitFor(8, TimeUnit.MINUTES);
                } finally {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
                String out = Files.readString(log, StandardCharsets.UTF_8);
                assertThat(done).as("the script ended within 8 minutes:\n" + out).isTrue();
                Assumptions.assumeTrue(p.exitValue() != 77, () -> out.strip());
                assertThat(p.exitValue()).as(out).isZero();
                assertThat(out).contains("toxiproxy-node-client: 11 passed, 0 failed");
            } finally {
                Files.deleteIfExists(log);
            }
        }
    }
}
