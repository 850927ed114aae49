package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JVM options each command gets from installers/launcher/falsify-jvm.sh, the one file both
 * launchers source: read by running bash on it, so what is asserted is what a start really gets.
 */
class LauncherJvmOptionsTest {
    private static final Path SCRIPT = Path.of("../installers/launcher/falsify-jvm.sh");

    private static List<String> optionsOf(String... args) throws IOException, InterruptedException {
        return sourced("falsify_jvm_options \"$@\"; printf '%s\\n' \"W=$FALSIFY_WORKBENCH\" ${FALSIFY_JVM_OPTS[@]+\"${FALSIFY_JVM_OPTS[@]}\"}",
                args).lines().toList();
    }

    /** The output of {@code commands} run by bash after sourcing the script, with {@code args} as "$@". */
    private static String sourced(String commands, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", "-c", ". \"$0\"; " + commands, SCRIPT.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void shortCommandsGetSerialGcAndLintParallelGcForBigPlans() throws Exception {
        List<String> check = optionsOf("check", "h.jsonl");
        assertThat(check).contains("W=0", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn64m");
        List<String> lint = optionsOf("lint", "plan.md");
        assertThat(lint).contains("W=0", "-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", "-Xmn128m")
                .doesNotContain("-XX:+UseSerialGC");
        assertThat(optionsOf("--version")).isEqualTo(check);
    }

    @Test
    void shortCommandsAskForHugePagesOnlyWhereTheKernelGivesThemOnRequest() throws Exception {
        Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        boolean onRequest = java.nio.file.Files.isReadable(thp) && java.nio.file.Files.readString(thp).contains("[madvise]");
        List<String> check = optionsOf("check", "h.jsonl");
        if (onRequest) assertThat(check).contains("-XX:+UseTransparentHugePages");
        else assertThat(check).doesNotContain("-XX:+UseTransparentHugePages");
        assertThat(optionsOf("lint", "plan.md")).doesNotContain("-XX:+UseTransparentHugePages");
        assertThat(optionsOf()).doesNotContain("-XX:+UseTransparentHugePages");
    }

    @Test
    void theWindowAndItsBenchmarksGetTheWorkbenchOptionsOtherBenchmarksTheJvmDefaults() throws Exception {
        List<String> window = optionsOf();
        assertThat(window).contains("W=1", "-XX:+UseParallelGC", "-Xmn48m");
        assertThat(optionsOf("gui", "plan.md")).isEqualTo(window);
        assertThat(optionsOf("bench", "history")).isEqualTo(window);
        assertThat(optionsOf("bench", "check")).containsExactly("W=0");
    }

    @Test
    void theLaunchersStartTheMainClassTheScriptNames() throws Exception {
        String main = sourced("printf '%s' \"$FALSIFY_MAIN\"");
        assertThat(main).isEqualTo(dev.falsify.app.Main.class.getName());
        assertThat(java.lang.reflect.Modifier.isStatic(dev.falsify.app.Main.class.getMethod("main", String[].class).getModifiers())).isTrue();
        for (String launcher : List.of("../falsify", "../installers/launcher/falsify")) {
            assertThat(java.nio.file.Files.readString(Path.of(launcher))).as(launcher)
                    .contains("-cp \"$JAR\" \"$FALSIFY_MAIN\" \"$@\"").doesNotContain("-jar \"$JAR\"");
        }
    }
}
