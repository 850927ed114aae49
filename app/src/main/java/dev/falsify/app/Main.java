package dev.falsify.app;

import dev.falsify.app.cli.FalsifyCommand;
import dev.falsify.app.cli.QuickCommandLine;

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
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // picocli's first command model costs more than the rest of the JVM's start: not for this
            System.out.println(FalsifyCommand.VERSION);
            return 0;
        }
        // check and lint with plain arguments skip picocli's model (see QuickCommandLine)
        Integer quick = QuickCommandLine.run(args);
        if (quick != null) return quick;
        return FalsifyCommand.commandLine(args).execute(args);
    }
}
