package dev.falsify.app.cli;

import dev.falsify.model.text.TerminalText;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
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
        m.put("mcp", dev.falsify.app.mcp.McpCommand.class);
        m.put("agent", dev.falsify.app.agent.AgentCommand.class);
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
            try {
                dev.falsify.app.ui.WorkbenchLauncher.launch(null);
            } catch (IllegalStateException e) {
                if (dev.falsify.app.ui.WorkbenchLauncher.missingLibraryHint(e) == null) throw e;
                throw new UserError(e.getMessage());
            }
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

    /** The first argument, when it is not an option and names no command of the top level. */
    private static String unknownCommand(CommandLine.ParameterException ex, String[] args) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException) || ex.getCommandLine().getParent() != null) {
            return null;
        }
        for (String a : args) {
            if (!a.startsWith("-")) {
                return SUBCOMMANDS.containsKey(a) ? null : a;
            }
        }
        return null;
    }

    /** Command names within two edits (a swap counts as one) of {@code typed}, nearest first; names it begins are near too. */
    static List<String> nearest(String typed, java.util.Collection<String> names) {
        String t = typed.toLowerCase(java.util.Locale.ROOT);
        record Near(String name, int distance) { }
        return names.stream()
                .map(n -> new Near(n, t.length() >= 3 && n.startsWith(t) ? 1 : editDistance(t, n)))
                .filter(n -> n.distance() <= Math.min(2, Math.max(1, t.length() / 3)))
                .sorted(java.util.Comparator.comparingInt(Near::distance).thenComparing(Near::name))
                .limit(3).map(Near::name).toList();
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static CommandLine build(Map<String, Class<?>> subcommands) {
        CommandLine cl = new CommandLine(new FalsifyCommand());
        subcommands.forEach(cl::addSubcommand);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) ->
                failed(ex, parseResult.originalArgs().contains("--debug"), commandLine.getErr()));
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            String unknown = unknownCommand(ex, args);
            if (unknown != null) {
                // a mistyped command: the nearest names, not a page of usage to read through
                List<String> near = nearest(unknown, SUBCOMMANDS.keySet());
                err.println("falsify: unknown command '" + TerminalText.escape(unknown) + "'"
                        + (near.isEmpty() ? "" : ". Did you mean " + String.join(" or ", near.stream().map(n -> "'" + n + "'").toList()) + "?"));
                err.println("Run 'falsify --help' for the list of commands.");
                err.flush();
                return ExitCode.BAD_INPUT.code();
            }
            err.println("falsify: " + TerminalText.escape(ex.getMessage()));
            ex.getCommandLine().usage(err);
            err.flush();
            return ExitCode.BAD_INPUT.code();
        });
        return cl;
    }
}
