package dev.falsify.app.agent;

import dev.falsify.model.text.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code falsify agent install|remove [--for AGENT,…] [--project DIR]}: the skill for coding agents, installed
 * idempotently ({@link SkillInstaller}).
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {"Install or remove the Falsify skill for coding agents (Claude Code: a linked skill folder; Codex, Gemini, "
                + "a project's AGENTS.md: a marked block pointing to the skill). Installing again replaces, never duplicates.",
                "Exit codes: 0 done, 2 bad input or something not Falsify's is in the way (nothing is changed then), 4 could not write."})
public final class AgentCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ACTION", description = "install or remove")
    String action;

    @Option(names = "--for", split = ",", paramLabel = "AGENT",
            description = "claude, codex, gemini, agents-md (default for install: the agents whose folder exists in your home; "
                    + "for remove: all)")
    List<String> agents = new ArrayList<>();

    @Option(names = "--project", paramLabel = "DIR", description = "The project whose AGENTS.md agents-md edits (default: the working directory).")
    Path project = Path.of("");

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String home = System.getenv("HOME");
        Path homeDir = Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"));
        String xdg = System.getenv("XDG_DATA_HOME");
        Path data = (xdg != null && !xdg.isBlank() ? Path.of(xdg) : homeDir.resolve(".local").resolve("share")).resolve("falsify");
        SkillInstaller installer = new SkillInstaller(homeDir, data, project.toAbsolutePath().normalize());
        List<SkillInstaller.Target> targets = new ArrayList<>();
        try {
            for (String a : agents) targets.add(SkillInstaller.Target.parse(a));
        } catch (IllegalArgumentException e) {
            return fail(err, e.getMessage(), 2);
        }
        try {
            List<String> done;
            switch (action) {
                case "install" -> {
                    if (targets.isEmpty()) targets = installer.detected();
                    if (targets.isEmpty()) {
                        return fail(err, "no coding agent found in " + homeDir + " (no ~/.claude, ~/.codex or ~/.gemini); name one with "
                                + "--for claude|codex|gemini|agents-md", 2);
                    }
                    done = installer.install(targets);
                }
                case "remove" -> {
                    boolean all = targets.isEmpty();
                    done = installer.remove(all ? List.of(SkillInstaller.Target.values()) : targets, all);
                    if (done.isEmpty()) done = List.of("nothing of Falsify's was installed");
                }
                default -> {
                    return fail(err, "ACTION must be install or remove, not '" + action + "'", 2);
                }
            }
            done.forEach(l -> out.println(TerminalText.escape(l)));
            if (action.equals("install")) {
                out.println("MCP: register the server with your agent, e.g. `claude mcp add falsify -- falsify mcp` "
                        + "or `codex mcp add falsify -- falsify mcp`");
            }
            out.flush();
            return 0;
        } catch (SkillInstaller.Refused e) {
            return fail(err, e.getMessage() + "; nothing was changed", 2);
        } catch (IOException e) {
            return fail(err, "cannot write: " + e.getMessage(), 4);
        }
    }

    private static int fail(PrintWriter err, String message, int code) {
        err.println("falsify agent: " + TerminalText.escape(message));
        err.flush();
        return code;
    }
}
