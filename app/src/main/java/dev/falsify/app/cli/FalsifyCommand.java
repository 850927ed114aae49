package dev.falsify.app.cli;

import dev.falsify.model.text.TerminalText;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The top-level {@code falsify} command. Subcommands are listed in {@link #SUBCOMMANDS}, in help
 * order; each lives in its own class in this package.
 */
@Command(name = "falsify", mixinStandardHelpOptions = true, version = FalsifyCommand.VERSION,
        description = "Claim-driven testing of distributed and stateful systems.")
public final class FalsifyCommand implements Runnable {
    /** What {@code falsify --version} prints. */
    public static final String VERSION = "falsify 0.1.0";

    /**
     * Subcommands by name, in help order. Registered programmatically rather than through
     * {@code @Command(subcommands)} so that a command line builds the picocli model (reflection
     * over every option of every command, and the classes each command touches) only for the one
     * subcommand it runs: {@code falsify check …} and {@code --version} start that much sooner.
     * {@code FalsifyCommandTest} ties each name to its class's {@code @Command(name)}. Developers'
     * commands ({@code bench}, {@code screenshots}) are not here: they come from {@link ExtraCommands}
     * when the devtools jar is on the class path.
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("help", CommandLine.HelpCommand.class);
        m.put("check", CheckCommand.class);
        m.put("catalog", CatalogCommand.class);
        m.put("gui", GuiCommand.class);
        m.put("lint", LintCommand.class);
        m.put("report", ReportCommand.class);
        m.put("import", ImportCommand.class);
        m.put("sessions", SessionsCommand.class);
        m.put("history", HistoryCommand.class);
        m.put("override", OverrideCommand.class);
        m.put("new-plan", NewPlanCommand.class);
        m.put("run", RunCommand.class);
        m.put("demo", DemoCommand.class);
        m.put("proxy", ProxyCommand.class);
        return java.util.Collections.unmodifiableMap(m);
    }

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

    /** The whole command tree (help, tests): the product's commands, then any {@link ExtraCommands}. */
    public static CommandLine commandLine() {
        Map<String, Class<?>> all = new LinkedHashMap<>(SUBCOMMANDS);
        all.putAll(ExtraCommands.discovered());
        return build(all);
    }

    /**
     * The command tree {@code args} need: only the subcommand they name, none for a bare
     * {@code --version}, the whole tree otherwise (no command, {@code help}, {@code --help}, a typo).
     */
    public static CommandLine commandLine(String... args) {
        String name = null;
        boolean version = false;
        for (String a : args) {
            if (!a.startsWith("-")) {
                name = a;
                break;
            }
            version |= a.equals("--version") || a.equals("-V");
        }
        if (name == null) return version ? build(Map.of()) : commandLine();
        Class<?> only = SUBCOMMANDS.get(name);
        if (only == null) only = ExtraCommands.discovered().get(name);
        if (only == null || only == CommandLine.HelpCommand.class) return commandLine();
        return build(Map.of(name, only));
    }

    /**
     * What a command that threw {@code ex} prints and exits with: a {@link UserError}'s message and
     * code, else an internal error (its stack trace with {@code --debug}) and 2. Messages quote input
     * (paths, history lines, values), so they are {@link TerminalText#escape escaped} for the terminal.
     */
    static int failed(Exception ex, boolean debug, PrintWriter err) {
        if (ex instanceof UserError ue) {
            err.println("falsify: " + TerminalText.escape(ue.getMessage()));
            err.flush();
            return ue.exitCode().code();
        }
        if (debug) {
            ex.printStackTrace(err);
        } else {
            err.println("falsify: internal error: " + TerminalText.escape(ex.toString()) + " (run with --debug for details)");
        }
        err.flush();
        return ExitCode.BAD_INPUT.code();
    }

    private static CommandLine build(Map<String, Class<?>> subcommands) {
        CommandLine cl = new CommandLine(new FalsifyCommand());
        subcommands.forEach(cl::addSubcommand);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) ->
                failed(ex, parseResult.originalArgs().contains("--debug"), commandLine.getErr()));
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("falsify: " + TerminalText.escape(ex.getMessage()));
            ex.getCommandLine().usage(err);
            err.flush();
            return ExitCode.BAD_INPUT.code();
        });
        return cl;
    }
}
