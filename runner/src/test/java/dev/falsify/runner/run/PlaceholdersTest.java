package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.runner.faults.ShellCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Placeholder values reach /bin/sh as data in every quoting context, never as code. */
class PlaceholdersTest {
    @TempDir
    Path dir;

    /** Every character that means something to a shell, and a command substitution that must not run. */
    static final String NASTY = "a b'c\"d$(touch PWNED)e`touch PWNED2`f\\g;h|i&j*k\nl ${HOME} #m";

    private Placeholders ph() {
        return Placeholders.of(dir.resolve("s"), dir.resolve("s/artifacts"), dir.resolve("s/logs"), 7, "S1", dir)
                .with("x", NASTY);
    }

    private String sh(String command) {
        Placeholders ph = ph();
        ShellCommand.Outcome o = new ShellCommand(ph.shell(command), dir, ph.environment(), Duration.ofSeconds(10)).run();
        assertThat(o.exitCode()).as(ph.shell(command) + " → " + o.output()).isZero();
        return o.output();
    }

    @Test
    void aValueArrivesVerbatimOutsideInsideDoubleAndInsideSingleQuotes() {
        assertThat(sh("printf '%s' {x}")).isEqualTo(NASTY);
        assertThat(sh("printf '%s' \"{x}\"")).isEqualTo(NASTY);
        assertThat(sh("printf '%s' '{x}'")).isEqualTo(NASTY);
        assertThat(sh("printf '%s' \"pre {x} post\"")).isEqualTo("pre " + NASTY + " post");
        assertThat(sh("printf '%s' 'pre {x} post'")).isEqualTo("pre " + NASTY + " post");
        assertThat(sh("printf '%s' pre{x}post")).isEqualTo("pre" + NASTY + "post");
        assertThat(sh("printf '%s|' {x} {seed}")).isEqualTo(NASTY + "|7|");
        assertThat(sh("printf '%s' \"it's {x}\" # and a comment's quote: {x}")).isEqualTo("it's " + NASTY);
        assertThat(dir.resolve("PWNED")).doesNotExist();
        assertThat(dir.resolve("PWNED2")).doesNotExist();
    }

    @Test
    void shellExpansionsEscapesAndUnknownNamesAreLeftAlone() {
        Placeholders ph = ph();
        assertThat(ph.shell("echo ${KV_BUG:-none} {unknown} \\{x}")).isEqualTo("echo ${KV_BUG:-none} {unknown} \\{x}");
        assertThat(ph.shell("kv --seed {seed}")).isEqualTo("kv --seed \"${FALSIFY_PH_SEED}\"");
        assertThat(ph.shell("echo \"{plan_dir}\" '{plan_dir}'"))
                .isEqualTo("echo \"${FALSIFY_PH_PLAN_DIR}\" ''\"${FALSIFY_PH_PLAN_DIR}\"''");
        assertThat(ph.environment()).containsEntry("FALSIFY_PH_PLAN_DIR", dir.toAbsolutePath().toString())
                .containsEntry("FALSIFY_PH_X", NASTY);
        // the value never appears in the command text
        assertThat(ph.shell("cp a {x}")).doesNotContain("PWNED");
    }

    @Test
    void namedValuesCanBeAddedAndGetDistinctVariables() throws Exception {
        Placeholders ph = ph().with("port:kv-1", "40001").with("port:kv_1", "40002");
        assertThat(ph.envName("port:kv-1")).isEqualTo("FALSIFY_PH_PORT_KV_1");
        assertThat(ph.envName("port:kv_1")).isEqualTo("FALSIFY_PH_PORT_KV_1_2");
        assertThat(ph.apply("127.0.0.1:{port:kv-1} {port:kv_1}")).isEqualTo("127.0.0.1:40001 40002");
        ShellCommand.Outcome o = new ShellCommand(ph.shell("echo {port:kv-1}-{port:kv_1}"), dir, ph.environment(),
                Duration.ofSeconds(10)).run();
        assertThat(o.output().strip()).isEqualTo("40001-40002");
        assertThat(ph.with("seed", "8").apply("{seed}")).isEqualTo("8");
        assertThat(Files.list(dir).count()).isZero();
    }
}
