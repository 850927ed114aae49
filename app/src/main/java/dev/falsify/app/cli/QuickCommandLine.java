package dev.falsify.app.cli;

import dev.falsify.app.cli.fastpath.FastPath;
import dev.falsify.app.cli.fastpath.PlainLine;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Set;

/**
 * Runs the plain command lines {@link FastPath} reads ({@code check} and {@code lint}) without
 * picocli: sets the command's options from the {@link PlainLine}, as picocli would, and runs it with
 * the writers picocli would have made. {@code QuickCommandLineTest} runs a table of command lines
 * both ways and compares output, errors, exit codes and every option.
 */
public final class QuickCommandLine {
    /** The options {@link FastPath} reads for {@code check}, for the test that ties them to picocli's. */
    static final Set<String> CHECK_OPTIONS = FastPath.CHECK_OPTIONS;

    private QuickCommandLine() {
    }

    /**
     * Runs {@code args} when they have a plain shape, printing to picocli's default writers.
     *
     * @return the exit code, or null when picocli must run them
     */
    public static Integer run(String... args) {
        Plain command = parse(args);
        if (command == null) return null;
        return execute(command, writer(System.out, "sun.stdout.encoding"), writer(System.err, "sun.stderr.encoding"));
    }

    /** See {@link FastPath#writer}. */
    public static PrintWriter writer(java.io.PrintStream stream, String encodingProperty) {
        return FastPath.writer(stream, encodingProperty);
    }

    /** {@link #run(String...)} with given writers; null when picocli must run {@code args}. */
    public static Integer run(PrintWriter out, PrintWriter err, String... args) {
        Plain command = parse(args);
        return command == null ? null : execute(command, out, err);
    }

    /** A command whose options are set, run with the writers it prints to ({@code check}, {@code lint}). */
    interface Plain {
        int run(PrintWriter out, PrintWriter err);
    }

    private static int execute(Plain command, PrintWriter out, PrintWriter err) {
        try {
            return command.run(out, err);
        } catch (Exception e) {
            return FalsifyCommand.failed(e, false, err); // as picocli's handler does, without --debug
        }
    }

    /** The command {@code args} name with its options set, or null when picocli must read them. */
    static Plain parse(String[] args) {
        PlainLine line = FastPath.parse(args);
        if (line == null) return null;
        return line.command().equals("check") ? check(line) : lint(line);
    }

    private static CheckCommand check(PlainLine line) {
        CheckCommand c = new CheckCommand();
        c.inputs.addAll(line.paths());
        c.output.json = line.json();
        Map<String, String> o = line.options();
        c.model = o.get("--model");
        c.format = o.get("--format");
        c.checker = o.get("--checker");
        c.initial = o.get("--initial");
        try {
            c.timeout = new DurationConverter().convert(o.getOrDefault("--timeout", CheckCommand.DEFAULT_TIMEOUT));
        } catch (RuntimeException e) {
            return null; // picocli reports the value
        }
        return c;
    }

    private static LintCommand lint(PlainLine line) {
        LintCommand c = new LintCommand();
        c.plan = line.paths().get(0);
        c.output.json = line.json();
        return c;
    }
}
