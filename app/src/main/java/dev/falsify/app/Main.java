package dev.falsify.app;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.FalsifyCommand;
import dev.falsify.app.cli.QuickCommandLine;
import dev.falsify.app.cli.fastpath.FastPath;

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
        if (FastPath.isVersion(args)) {
            // picocli's first command model costs more than the rest of the JVM's start: not for this
            System.out.println(FalsifyCommand.VERSION);
            return ExitCode.OK.code();
        }
        // check and lint with plain arguments skip picocli's model (see FastPath, docs/performance.md)
        Integer quick = QuickCommandLine.run(args);
        if (quick != null) return quick;
        return FalsifyCommand.commandLine(args).execute(args);
    }
}
