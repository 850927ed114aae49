package dev.falsify.app;

import dev.falsify.app.cli.FalsifyCommand;
import picocli.CommandLine;

/**
 * Entry point of the jar. Deliberately not a JavaFX {@code Application}: a fat jar whose main
 * class extends Application fails with "JavaFX runtime components are missing", and most
 * commands never need JavaFX at all.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String... args) {
        return FalsifyCommand.commandLine().execute(args);
    }
}
