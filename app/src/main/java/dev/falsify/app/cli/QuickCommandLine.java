package dev.falsify.app.cli;

import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The command lines people type most, {@code falsify check FILE… [--model M] …} and
 * {@code falsify lint PLAN [--json]}, read by hand and run without picocli: building picocli's model
 * of a command (reflection over its annotations) took about 0.18 s of CPU at every start, more than
 * checking a small history. Only plain shapes are taken: every argument a path or one of a few
 * options with its value, each option at most once. Anything else (help, version, an unknown or
 * repeated option, a value that starts with '-' or an {@code @file}, {@code --debug}, an
 * unconvertible value, a missing or extra parameter) is left to picocli, which then prints exactly
 * what it always did; {@code QuickCommandLineTest} runs a table of command lines both ways and
 * compares output, errors and exit codes.
 */
public final class QuickCommandLine {
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

    /**
     * The writer picocli 4.7's {@code CommandLine.getOut()} / {@code getErr()} make for a stream, in
     * the charset the property names (cp65001 is UTF-8; none or an unknown one: the default), so
     * the quick path prints the same bytes; made here because even an empty {@code CommandLine}
     * costs a few hundredths of a second to construct.
     */
    public static PrintWriter writer(java.io.PrintStream stream, String encodingProperty) {
        String name = System.getProperty(encodingProperty);
        java.nio.charset.Charset charset = java.nio.charset.Charset.defaultCharset();
        if (name != null) {
            try {
                charset = java.nio.charset.Charset.forName(name.equalsIgnoreCase("cp65001") ? "UTF-8" : name);
            } catch (RuntimeException e) {
                // picocli falls back to the default too
            }
        }
        return new PrintWriter(new java.io.BufferedWriter(new java.io.OutputStreamWriter(stream, charset)), true);
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
        if (args.length == 0) return null;
        for (String a : args) {
            if (a.isEmpty() || a.startsWith("@")) return null; // picocli expands @files; "" is left to it too
        }
        return switch (args[0]) {
            case "check" -> check(args);
            case "lint" -> lint(args);
            default -> null;
        };
    }

    private static CheckCommand check(String[] args) {
        CheckCommand c = new CheckCommand();
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                Path p = path(a);
                if (p == null) return null;
                c.inputs.add(p);
                continue;
            }
            if (!seen.add(a)) return null;
            if (a.equals("--json")) {
                c.json = true;
                continue;
            }
            if (i + 1 >= args.length || args[i + 1].startsWith("-")) return null;
            String v = args[++i];
            switch (a) {
                case "--model" -> c.model = v;
                case "--format" -> c.format = v;
                case "--checker" -> c.checker = v;
                case "--initial" -> c.initial = v;
                case "--timeout" -> {
                    try {
                        c.timeout = new DurationConverter().convert(v);
                    } catch (RuntimeException e) {
                        return null;
                    }
                }
                default -> {
                    return null;
                }
            }
        }
        if (c.timeout == null) c.timeout = new DurationConverter().convert(CheckCommand.DEFAULT_TIMEOUT);
        return c;
    }

    private static LintCommand lint(String[] args) {
        LintCommand c = new LintCommand();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--json") && !c.json) {
                c.json = true;
            } else if (!a.startsWith("-") && c.plan == null) {
                c.plan = path(a);
                if (c.plan == null) return null;
            } else {
                return null;
            }
        }
        return c.plan == null ? null : c;
    }

    private static Path path(String a) {
        try {
            return Path.of(a);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** The options this class reads for {@code check}, for the test that ties them to picocli's. */
    static final Set<String> CHECK_OPTIONS = Set.of("--json", "--model", "--format", "--checker", "--initial", "--timeout");
}
