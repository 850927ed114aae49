package dev.falsify.devtools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench cli} times what it says it times: it finds its inputs from the checkout whatever
 * launcher it starts, and a command that exits otherwise than its inputs must (a plan not found, a
 * crash) meets no target, however fast it was. The launcher here is a stand-in that exits as the
 * real one would, so nothing depends on how fast the machine is.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class BenchCliCommandTest {
    @TempDir
    Path dir;
    Path corpora;
    Path plan;

    @BeforeEach
    void inputs() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/time")), "bench cli measures with /usr/bin/time");
        corpora = dir.resolve("corpora");
        Files.createDirectories(corpora.resolve("porcupine/etcd"));
        Files.createDirectories(corpora.resolve("porcupine/kv"));
        Files.writeString(corpora.resolve("porcupine/etcd/etcd_002.log"), "");
        plan = dir.resolve("plan.md");
        Files.writeString(plan, "# Test Plan: x\n");
    }

    /** Exits as falsify would on these inputs (a folder with a bad history 1, else 0), lint with {@code lintExit}. */
    private Path launcher(int lintExit) throws IOException {
        Path script = dir.resolve("falsify-" + lintExit);
        Files.writeString(script, "#!/usr/bin/env bash\n"
                + "case \"$1\" in\n"
                + "  check) [ -d \"$2\" ] && exit 1; exit 0 ;;\n"
                + "  lint) exit " + lintExit + " ;;\n"
                + "  *) echo 'falsify 0.1.0' ;;\n"
                + "esac\n", StandardCharsets.UTF_8);
        assertThat(script.toFile().setExecutable(true)).isTrue();
        return script;
    }

    @Test
    void everyCommandExitsAsItsInputsMust() throws IOException {
        CliRun r = CliRun.run("bench", "cli", "--runs", "1", "--launcher", launcher(0).toString(),
                "--corpora", corpora.toString(), "--plan", plan.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("check porcupine/kv --model kv").contains("lint the example plan")
                .doesNotContain("expected");
    }

    @Test
    void aCommandThatExitsOtherwiseMeetsNoTarget() throws IOException {
        // what a packaged launcher did when bench cli looked for the example plan beside it: lint exited 2 at once
        CliRun r = CliRun.run("bench", "cli", "--runs", "1", "--launcher", launcher(2).toString(),
                "--corpora", corpora.toString(), "--plan", plan.toString());
        assertThat(r.out()).containsPattern("lint the example plan .*NOT MET \\(exit 2, expected 0\\)")
                .contains("some targets not met").doesNotContain("all targets met");
    }

    @Test
    void aPlanThatIsNotThereIsAnErrorBeforeAnythingRuns() throws IOException {
        CliRun r = CliRun.run("bench", "cli", "--runs", "1", "--launcher", launcher(0).toString(),
                "--corpora", corpora.toString(), "--plan", dir.resolve("missing.md").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("missing.md: no plan there (give --plan)");
        assertThat(r.out()).doesNotContain("check porcupine");
    }
}
