package dev.falsify.app.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code falsify bench …}: rerunnable benchmarks, one subcommand per area. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Rerunnable benchmarks.",
        subcommands = {
                BenchPlanCommand.class,
                BenchCheckCommand.class,
                BenchRunnerCommand.class,
                BenchProxyCommand.class,
                BenchUiCommand.class,
        })
public final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
