package dev.falsify.app.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.api.MemoryBudget;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.render.CounterexamplePictures;
import dev.falsify.checkers.oracles.InvariantSyntaxException;
import dev.falsify.checkers.pipeline.CheckedHistory;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.text.TerminalText;
import dev.falsify.model.vocabulary.HistoryModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code falsify check HISTORY… [--model M] [--format F] [--json] [--timeout D]}: checks each history
 * file (folders are searched) and exits with the worst outcome: 2 bad input, then 1 violation,
 * then 3 unknown or weak history, then 0 valid.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks operation histories (files or folders) with a checker: linearizability by default,",
                "list-append for Elle-style txn histories, or any checker named with --checker (--list shows them).",
                "Exit codes: 0 valid, 1 violation, 3 unknown (time or memory budget exhausted, the check failed)",
                "or history too weak, 2 bad input,",
                "4 could not write (the --svg pictures);",
                "with several inputs, the worst of them (4 > 2 > 1 > 3 > 0).",
                "--json prints one JSON object per input file, one per line."})
public final class CheckCommand implements Callable<Integer>, QuickCommandLine.Plain {
    @Parameters(arity = "0..*", paramLabel = "HISTORY", description = "History files or folders of history files.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--model", paramLabel = "M", completionCandidates = ModelNames.class,
            description = "History model: ${COMPLETION-CANDIDATES}, or an alias plans use (map, lock, …) "
                    + "(default: the format's model, else inferred from the op types).")
    String model;

    @Option(names = "--format", paramLabel = "F", description = "jsonl, jepsen-edn, jepsen-txt (history.txt), porcupine-etcd, porcupine-kv or auto (default: detected).")
    String format;

    @Mixin
    JsonOutput output = new JsonOutput();

    /** {@code --timeout}'s default. */
    static final String DEFAULT_TIMEOUT = "60s";

    @Option(names = "--timeout", paramLabel = "D", converter = DurationConverter.class, defaultValue = DEFAULT_TIMEOUT,
            description = "Time budget per file (e.g. 500ms, 10s, 2m); when exhausted the answer is unknown. Default: ${DEFAULT-VALUE}.")
    Duration timeout;

    @Option(names = "--memory", paramLabel = "SIZE",
            description = "Memory the checker's search may hold (e.g. 512m, 2g, 40% of the heap); past it the answer is unknown."
                    + " Default: half the heap, or -Dfalsify.memory=SIZE.")
    String memory;

    @Option(names = "--initial", paramLabel = "JSON",
            description = "Initial value (register, cas-register, kv: a JSON value or 'unknown'; multi-register: {\"x\":0,…}).")
    String initial;

    @Option(names = "--checker", paramLabel = "NAME",
            description = "Checker to run (default: picked from --model, else list-append for appending txns, else linearizability).")
    String checker;

    @Option(names = "--list", description = "List the checkers with the models and fields each needs, and exit.")
    boolean list;

    @Option(names = "--svg", paramLabel = "DIR",
            description = "Also draw each violation as SVG into DIR: the history around a linearizability failure, "
                    + "each transactional anomaly cycle (NAME.CHECKER-counterexample.svg, NAME.CHECKER-anomaly-N.svg).")
    Path svg;

    @Mixin
    OracleInputs oracle = new OracleInputs();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** The command with its options set, by picocli or by {@link QuickCommandLine}. */
    @Override
    public int run(PrintWriter out, PrintWriter err) {
        if (list) {
            CheckerList.print(out, output.json());
            return ExitCode.OK.code();
        }
        if (inputs.isEmpty()) throw new UserError("missing HISTORY: give history files or folders (or --list)");
        if (checker != null && CheckerRegistry.standard().find(checker.trim()).isEmpty()) {
            throw new UserError("unknown checker '" + checker + "'; known: "
                    + String.join(", ", CheckerRegistry.standard().all().stream().map(Checker::name).toList()));
        }
        HistoryFormat fmt = parseFormat();
        List<Path> files;
        try {
            files = Histories.expand(inputs);
        } catch (NoSuchFileException e) {
            throw new UserError(e.getFile() + ": no such file or folder");
        } catch (IOException e) {
            throw new UserError(e.getMessage());
        }
        if (files.isEmpty()) throw new UserError("no history files in " + inputs);
        HistoryCheck pipeline = HistoryCheck.standard();
        HistoryCheck.Request request = request(fmt);
        ExitCode worst = ExitCode.OK;
        // picture names are decided in the inputs' order, before the files are checked in parallel
        java.util.Map<Path, String> stems = new java.util.HashMap<>();
        if (svg != null) {
            java.util.Set<String> used = new java.util.HashSet<>();
            for (Path file : files) stems.put(file, pictureStem(file, used));
        }
        // files are checked on every core, since one file's check runs mostly on one thread (checking
        // the etcd folder's 103 files was most of a `falsify check`'s time), and printed in order
        for (FileOutcome o : InOrder.map(files, new CheckFile(pipeline, request, stems))) {
            // loops, not forEach(out::println): a bound method reference is spun at run time, on every check's path
            for (String line : o.out()) out.println(line);
            if (!o.err().isEmpty()) {
                for (String line : o.err()) err.println(line);
                err.flush();
            }
            out.flush();
            worst = worst.worse(o.code());
        }
        return worst.code();
    }

    /** {@code etcd_001} for {@code etcd_001.log}, {@code S1-1} for {@code S1-1.history.jsonl}; made unique among the inputs. */
    private static String pictureStem(Path file, java.util.Set<String> used) {
        String name = file.getFileName().toString();
        String stem = name.indexOf('.') > 0 ? name.substring(0, name.indexOf('.')) : name;
        String unique = stem;
        for (int i = 2; !used.add(unique); i++) unique = stem + "-" + i;
        return unique;
    }

    /**
     * The task of one file. A class rather than a lambda: the first call of a lambda bootstraps the
     * JDK's method-handle machinery, which nothing else on a check's path needs (falsify bench cli).
     */
    private final class CheckFile implements java.util.function.Function<Path, FileOutcome> {
        private final HistoryCheck pipeline;
        private final HistoryCheck.Request request;
        private final java.util.Map<Path, String> stems;

        CheckFile(HistoryCheck pipeline, HistoryCheck.Request request, java.util.Map<Path, String> stems) {
            this.pipeline = pipeline;
            this.request = request;
            this.stems = stems;
        }

        @Override
        public FileOutcome apply(Path file) {
            return checkOne(pipeline, request, file, stems.get(file));
        }
    }

    /** One file checked: its exit code and the lines it prints to stdout and to stderr. */
    private record FileOutcome(ExitCode code, List<String> out, List<String> err) {
    }

    private FileOutcome checkOne(HistoryCheck pipeline, HistoryCheck.Request request, Path file, String pictureStem) {
        List<String> out = new ArrayList<>();
        List<String> err = new ArrayList<>();
        ExitCode code;
        try {
            CheckedHistory o;
            List<Path> pictures = List.of();
            String pictureError = null;
            if (svg == null) {
                o = pipeline.run(file, request);
            } else {
                // the picture needs the ops, so the file is read whole once and checked from memory
                History h = Histories.readAll(file, request.format());
                o = pipeline.run(h, request);
                try {
                    pictures = CounterexamplePictures.write(svg, pictureStem, o.result(), h.ops());
                } catch (IOException e) {
                    pictureError = svg + ": cannot write pictures: " + e.getMessage();
                }
            }
            code = exitCode(o.result());
            if (output.json()) {
                ObjectNode n = o.toJson();
                // loops, not forEach with a lambda: see CheckResult.hasWeakness (two threads link these at once)
                for (Path pic : pictures) n.withArray("pictures").add(pic.toString());
                out.add(n.toString());
            } else {
                // history values, keys and errors are the system's text: escaped, so none acts on the terminal
                for (String line : o.lines()) out.add(TerminalText.escape(line));
                for (Path pic : pictures) out.add("  picture: " + TerminalText.escape(pic.toString()));
            }
            if (pictureError != null) {
                err.add("falsify check: " + TerminalText.escape(pictureError));
                code = ExitCode.WRITE_FAILED;
            }
        } catch (HistoryFormatException e) {
            code = ExitCode.BAD_INPUT;
            reportError(out, err, file, e.getMessage());
        } catch (InvariantSyntaxException e) {
            code = ExitCode.BAD_INPUT;
            reportError(out, err, file, "--invariant: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            code = ExitCode.BAD_INPUT;
            reportError(out, err, file, file + ": " + e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            code = ExitCode.BAD_INPUT;
            reportError(out, err, file, file + ": cannot read: " + e.getMessage());
        } catch (RuntimeException | Error e) {
            // the checker failed (out of memory or stack, a bug): no answer, which is exit 3 — never 1,
            // which CI reads as a violation found
            code = ExitCode.INCONCLUSIVE;
            reportError(out, err, file, checkFailed(file, e));
            if (debug()) {
                java.io.StringWriter trace = new java.io.StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                err.add(trace.toString().stripTrailing());
            }
        }
        return new FileOutcome(code, out, err);
    }

    /** The one line a check that failed prints: the answer is unknown. */
    static String checkFailed(Path file, Throwable e) {
        String what = e instanceof OutOfMemoryError ? "ran out of memory (give the JVM more heap, or lower --memory)"
                : e instanceof StackOverflowError ? "ran out of stack"
                : "failed with an internal error: " + e;
        return file + ": the check " + what.replace('\n', ' ') + "; the answer is unknown"
                + " (run with --debug for the stack trace)";
    }

    /** Whether {@code --debug} was given (only picocli reads such a command line). */
    private boolean debug() {
        try {
            return spec != null && spec.root().commandLine().getParseResult() != null
                    && spec.root().commandLine().getParseResult().originalArgs().contains("--debug");
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** What the pipeline is asked for every file: the options and side inputs of the command line. */
    private HistoryCheck.Request request(HistoryFormat fmt) {
        Map<String, String> options = oracle.options();
        if (initial != null) options.put("initial", initial);
        return new HistoryCheck.Request(checker == null ? null : checker.trim(), model, fmt, options,
                oracle.finalState(), oracle.replicaStates(), oracle.groupMetrics(), budget());
    }

    /** The time budget of each file, and the memory budget the files checked at once share. */
    private CheckBudget budget() {
        try {
            CheckBudget b = CheckBudget.of(timeout);
            return memory == null ? b
                    : b.withMemory(new MemoryBudget(MemoryBudget.parse(memory, Runtime.getRuntime().maxMemory())));
        } catch (IllegalArgumentException e) {
            throw new UserError((memory == null ? "" : "--memory: ") + e.getMessage());
        }
    }

    private HistoryFormat parseFormat() {
        if (format == null || format.trim().equalsIgnoreCase("auto")) return null;
        try {
            return HistoryFormat.fromId(format);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    private void reportError(List<String> out, List<String> err, Path file, String message) {
        if (output.json()) {
            ObjectNode n = JsonNodeFactory.instance.objectNode();
            n.put("file", file.toString());
            n.put("error", message);
            out.add(n.toString());
        }
        err.add("falsify: " + TerminalText.escape(message));
    }

    static ExitCode exitCode(CheckResult r) {
        return switch (r.validity()) {
            case INVALID -> ExitCode.FAILED;
            case UNKNOWN -> ExitCode.INCONCLUSIVE;
            case VALID -> r.weaknesses().isEmpty() ? ExitCode.OK : ExitCode.INCONCLUSIVE;
        };
    }

    /** The model names {@code --model} lists in its help: the vocabulary's, never a copy of them. */
    static final class ModelNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return HistoryModel.ids().iterator();
        }
    }
}
