package dev.falsify.devtools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class LauncherRuntimeTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void readsTheRuntimeAndTheArchiveFromWhatTheJvmPrinted() {
        LauncherRuntime r = LauncherRuntime.parse(List.of(
                "[0.007s][info][cds] trying to map /repo/app/target/falsify-cli.jsa",
                "[0.008s][info][cds] Opened archive /repo/app/target/falsify-cli.jsa.",
                "Property settings:",
                "    java.home = /usr/lib/jvm/java-17-openjdk-amd64",
                "    java.runtime.version = 17.0.15+6-Debian-1deb12u1",
                "    java.vm.info = mixed mode, emulated-client, sharing"));
        assertEquals(new LauncherRuntime("/usr/lib/jvm/java-17-openjdk-amd64", "17.0.15+6-Debian-1deb12u1",
                "/repo/app/target/falsify-cli.jsa"), r);
        assertEquals("java 17.0.15+6-Debian-1deb12u1 at /usr/lib/jvm/java-17-openjdk-amd64, class-data-sharing archive "
                + "/repo/app/target/falsify-cli.jsa", r.describe());
    }

    @Test
    void tellsTheJdksOwnArchiveAndNoSharingApart() {
        List<String> props = List.of("    java.home = /opt/jdk", "    java.runtime.version = 25.0.3+9-LTS");
        LauncherRuntime own = LauncherRuntime.parse(List.of("[info][cds] Opened archive /opt/jdk/lib/server/classes.jsa.",
                props.get(0), props.get(1), "    java.vm.info = mixed mode, sharing"));
        assertEquals("the JDK's default", own.archive());
        LauncherRuntime none = LauncherRuntime.parse(List.of(props.get(0), props.get(1), "    java.vm.info = mixed mode"));
        assertEquals("none", none.archive());
        assertEquals(new LauncherRuntime("unknown", "unknown", "none"), LauncherRuntime.parse(List.of("falsify 0.1.0")));
    }

    /** A launcher that, like ./falsify, passes FALSIFY_JAVA_OPTS to a real JVM: the probe names that JVM and its archive. */
    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void probesTheJvmTheLauncherStarts(@TempDir Path dir) throws Exception {
        Path jsa = dir.resolve("probe.jsa");
        Process dump = new ProcessBuilder(JAVA, "-Xshare:dump", "-XX:SharedArchiveFile=" + jsa)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(dump.waitFor(2, TimeUnit.MINUTES) && dump.exitValue() == 0 && Files.isRegularFile(jsa), "archive dumped");

        Path withArchive = launcher(dir, "with-archive", "-XX:SharedArchiveFile=" + jsa + " -Xshare:auto -Xlog:cds=off");
        LauncherRuntime r = LauncherRuntime.probe(withArchive);
        assertEquals(Path.of(System.getProperty("java.home")).toRealPath().toString(), Path.of(r.home()).toRealPath().toString());
        assertEquals(System.getProperty("java.runtime.version"), r.version());
        assertEquals(jsa.toString(), r.archive());

        assertEquals("none", LauncherRuntime.probe(launcher(dir, "no-sharing", "-Xshare:off")).archive());
    }

    private static Path launcher(Path dir, String name, String jvmOptions) throws IOException {
        Path script = dir.resolve(name);
        Files.writeString(script, "#!/usr/bin/env bash\nexec '" + JAVA + "' " + jvmOptions + " ${FALSIFY_JAVA_OPTS:-} -version\n",
                StandardCharsets.UTF_8);
        assertTrue(script.toFile().setExecutable(true));
        return script;
    }
}
