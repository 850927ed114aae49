package dev.falsify.runner.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Kills a JVM that owns service trees mid-run and checks that no child survives it. */
@Timeout(40)
class NoOrphansTest {

    @ParameterizedTest(name = "runner JVM killed with SIG{0}")
    @ValueSource(strings = {"KILL", "TERM", "INT"})
    void noChildSurvivesTheRunnerJvm(String signal, @TempDir Path logs) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // the probe dies by the signal and cannot clean up after itself: its logs go to this test's folder
        Process jvm = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                OrphanProbeMain.class.getName(), logs.toString()).redirectErrorStream(true).start();
        List<Long> pids;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            do {
                line = r.readLine();
            } while (line != null && !line.startsWith("PIDS "));
            assertThat(line).as("probe JVM reported its children").isNotNull();
            pids = Arrays.stream(line.substring(5).trim().split(" ")).map(Long::parseLong).toList();
        }
        assertThat(pids.size()).isGreaterThanOrEqualTo(4);
        assertThat(pids).allMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false));

        new ProcessBuilder("kill", "-s", signal, Long.toString(jvm.pid())).start().waitFor();
        jvm.waitFor();

        assertThat(ProcessGone.allGone(pids, 10_000)).as("children still alive after the runner died " + pids).isTrue();
    }
}
