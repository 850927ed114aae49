package dev.falsify.app.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --json} option every command that can print JSON shares (a picocli mixin): one name, one
 * meaning — JSON on stdout instead of the text, messages still on stderr, the exit code unchanged.
 * Each command's help says what its JSON holds.
 */
public final class JsonOutput {
    @Option(names = "--json", description = "Print JSON instead of text (what it holds: see the command's description).")
    boolean json;

    /** Whether {@code --json} was given. */
    public boolean json() {
        return json;
    }

    // a value: QuickCommandLineTest compares the options the quick path sets with picocli's, field by field
    @Override
    public boolean equals(Object o) {
        return o instanceof JsonOutput j && j.json == json;
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(json);
    }
}
