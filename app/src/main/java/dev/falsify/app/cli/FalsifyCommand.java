package dev.falsify.app.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The top-level {@code falsify} command. Subcommands are registered in {@code subcommands}; each
 * lives in its own class in this package.
 */
@Command(name = "falsify", mixinStandardHelpOptions = true, version = "falsify 0.1.0",
        description = "Claim-driven testing of distributed and stateful systems.",
        subcommands = {
                CommandLine.HelpCommand.class,
                CheckCommand.class,
                CatalogCommand.class,
                GuiCommand.class,
                ScreenshotsCommand.class,
                LintCommand.class,
                ReportCommand.class,
                ImportCommand.class,
                SessionsCommand.class,
                HistoryCommand.class,
                OverrideCommand.class,
                NewPlanCommand.class,
                BenchCommand.class,
                RunCommand.class,
                DemoCommand.class,
        })
public final class FalsifyCommand implements Runnable {

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces for unexpected errors.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        // no subcommand: open the workbench when there is a display, else print usage
        if (dev.falsify.app.ui.WorkbenchLauncher.hasDisplay()) {
            dev.falsify.app.ui.WorkbenchLauncher.launch(null);
            return;
        }
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new FalsifyCommand());
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            boolean debug = parseResult.originalArgs().contains("--debug");
            PrintWriter err = commandLine.getErr();
            if (ex instanceof UserError ue) {
                err.println("falsify: " + ue.getMessage());
                err.flush();
                return ue.exitCode();
            }
            if (debug) {
                ex.printStackTrace(err);
            } else {
                err.println("falsify: internal error: " + ex + " (run with --debug for details)");
            }
            err.flush();
            return 2;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("falsify: " + ex.getMessage());
            ex.getCommandLine().usage(err);
            err.flush();
            return 2;
        });
        return cl;
    }
}
