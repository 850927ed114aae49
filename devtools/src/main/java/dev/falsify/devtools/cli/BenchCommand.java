package dev.falsify.devtools.cli;

import picocli.CommandLine.Command;

/** {@code falsify bench …}: rerunnable benchmarks; each area adds its own subcommand here. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Run a benchmark.",
        subcommands = {
                BenchCheckCommand.class,
                BenchCliCommand.class,
                BenchPlanCommand.class,
                BenchRunnerCommand.class,
                BenchProxyCommand.class,
                BenchClusterCommand.class,
                BenchMessagesCommand.class,
                BenchUiCommand.class,
                BenchHistoryCommand.class,
                BenchTimelineCommand.class,
                BenchScaleCommand.class,
        })
public final class BenchCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
