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
}
