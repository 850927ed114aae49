package dev.falsify.app.cli;

import picocli.CommandLine.Command;

/** {@code falsify proxy …}: Falsify's fault proxy as a server of its own. */
@Command(name = "proxy", mixinStandardHelpOptions = true, description = "Run Falsify's fault proxy as a server.",
        subcommands = {ProxyServeCommand.class})
public final class ProxyCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
