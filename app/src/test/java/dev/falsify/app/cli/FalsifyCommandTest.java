package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The subcommand table and the lazily built command trees. */
class FalsifyCommandTest {
    @Test
    void everyNameIsItsCommandsOwnName() {
        for (Map.Entry<String, Class<?>> e : FalsifyCommand.SUBCOMMANDS.entrySet()) {
            CommandLine.Command c = e.getValue().getAnnotation(CommandLine.Command.class);
            assertThat(c).as(e.getKey()).isNotNull();
            assertThat(c.name()).as(e.getValue().getName()).isEqualTo(e.getKey());
        }
    }

    @Test
    void aCommandLineBuildsOnlyTheSubcommandItRuns() {
        assertThat(FalsifyCommand.commandLine("check", "h.jsonl").getSubcommands()).containsOnlyKeys("check");
        assertThat(FalsifyCommand.commandLine("--debug", "lint", "p.md").getSubcommands()).containsOnlyKeys("lint");
        assertThat(FalsifyCommand.commandLine("--version").getSubcommands()).isEmpty();
        assertThat(FalsifyCommand.commandLine().getSubcommands()).containsOnlyKeys(FalsifyCommand.SUBCOMMANDS.keySet().toArray(String[]::new));
        assertThat(FalsifyCommand.commandLine("help", "check").getSubcommands()).hasSameSizeAs(FalsifyCommand.SUBCOMMANDS);
        assertThat(FalsifyCommand.commandLine("chekc").getSubcommands()).hasSameSizeAs(FalsifyCommand.SUBCOMMANDS);
    }

    @Test
    void versionWithAndWithoutPicocliSaysTheSame() {
        CliRun r = CliRun.run("--version");
        assertThat(r.out().trim()).isEqualTo(FalsifyCommand.VERSION);
    }

    @Test
    void aMistypedCommandGetsTheNearestNamesNotTheWholeUsage() {
        CliRun r = CliRun.run("chek", "foo");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("falsify: unknown command 'chek'. Did you mean 'check'?")
                .contains("falsify --help").doesNotContain("Usage:");
        assertThat(CliRun.run("rpeort").err()).contains("Did you mean 'report'?");
        assertThat(CliRun.run("zzzzzz").err()).startsWith("falsify: unknown command 'zzzzzz'\n")
                .doesNotContain("Did you mean");
        // an unknown option of a real command still shows that command's usage
        assertThat(CliRun.run("lint", "--nope", "x.md").err()).contains("Unknown option").contains("Usage:");
        assertThat(FalsifyCommand.editDistance("chek", "check")).isEqualTo(1);
        assertThat(FalsifyCommand.editDistance("chcek", "check")).isEqualTo(1);
    }
}
