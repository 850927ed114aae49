package dev.falsify.app.cli.fastpath;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The second command-line reader, beside picocli, and the only one: the lines people type most,
 * {@code falsify check FILE… [--model M] …} and {@code falsify lint PLAN [--json]}, read by hand,
 * because building picocli's model of a command (reflection over its annotations) took about 0.18 s
 * of CPU at every start, more than checking a small history. Only plain shapes are taken: every
 * argument a path or one of a few options with its value, each option at most once. Anything else
 * (help, version, an unknown or repeated option, a value that starts with '-' or an {@code @file},
 * {@code --debug}, a missing or extra parameter) is left to picocli, which then prints exactly what
 * it always did; {@code QuickCommandLineTest} runs a table of command lines both ways.
 *
 * <p>This package is start-up critical (docs/performance.md): it depends on {@code java.*} only, so
 * reading a command line loads nothing else; {@code ArchitectureTest} holds it to that.
 */
public final class FastPath {
    /** The options of {@code check} read here, each with one value except {@code --json}. */
    public static final Set<String> CHECK_OPTIONS = Set.of("--json", "--model", "--format", "--checker", "--initial", "--timeout");

    private FastPath() {
    }

    /** Whether {@code args} are a bare {@code --version}, which needs no command model at all. */
    public static boolean isVersion(String[] args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    /** The plain command line {@code args} are, or null when picocli must read them. */
    public static PlainLine parse(String[] args) {
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

    private static PlainLine check(String[] args) {
        List<Path> paths = new ArrayList<>();
        Map<String, String> options = new HashMap<>();
        boolean json = false;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                Path p = path(a);
                if (p == null) return null;
                paths.add(p);
                continue;
            }
            if (!CHECK_OPTIONS.contains(a)) return null;
            if (a.equals("--json")) {
                if (json) return null;
                json = true;
                continue;
            }
            if (options.containsKey(a) || i + 1 >= args.length || args[i + 1].startsWith("-")) return null;
            options.put(a, args[++i]);
        }
        return new PlainLine("check", paths, options, json);
    }

    private static PlainLine lint(String[] args) {
        Path plan = null;
        boolean json = false;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--json") && !json) {
                json = true;
            } else if (!a.startsWith("-") && plan == null) {
                plan = path(a);
                if (plan == null) return null;
            } else {
                return null;
            }
        }
        return plan == null ? null : new PlainLine("lint", List.of(plan), Map.of(), json);
    }

    private static Path path(String a) {
        try {
            return Path.of(a);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * The writer picocli 4.7's {@code CommandLine.getOut()} / {@code getErr()} make for a stream, in
     * the charset the property names (cp65001 is UTF-8; none or an unknown one: the default), so
     * the quick path prints the same bytes; made here because even an empty {@code CommandLine}
     * costs a few hundredths of a second to construct.
     */
    public static PrintWriter writer(PrintStream stream, String encodingProperty) {
        String name = System.getProperty(encodingProperty);
        Charset charset = Charset.defaultCharset();
        if (name != null) {
            try {
                charset = Charset.forName(name.equalsIgnoreCase("cp65001") ? "UTF-8" : name);
            } catch (RuntimeException e) {
                // picocli falls back to the default too
            }
        }
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, charset)), true);
    }
}
