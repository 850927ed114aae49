package dev.falsify.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckResultJson;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.OpStream;
import dev.falsify.checkers.history.ReadNote;
import dev.falsify.checkers.history.WeaknessDetector;
import dev.falsify.checkers.oracles.DefaultChecker;
import dev.falsify.checkers.oracles.InvariantSyntaxException;
import dev.falsify.checkers.txn.TransactionalChecker;
import dev.falsify.model.history.Op;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.Validity;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.lin.HistoryFileCheck;
import dev.falsify.checkers.lin.Models;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
                "Exit codes: 0 valid, 1 violation, 3 unknown (budget exhausted) or history too weak, 2 bad input;",
                "with several inputs, the worst of them (2 > 1 > 3 > 0)."})
public final class CheckCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(arity = "0..*", paramLabel = "HISTORY", description = "History files or folders of history files.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--model", paramLabel = "M",
            description = "register, cas-register, multi-register, kv, mutex, queue, set, counter, log "
                    + "(default: the format's model, else inferred from the op types).")
    String model;

    @Option(names = "--format", paramLabel = "F", description = "jsonl, jepsen-edn, porcupine-etcd, porcupine-kv or auto (default: detected).")
    String format;

    @Option(names = "--json", description = "Print one JSON object per input file, one per line.")
    boolean json;

    @Option(names = "--timeout", paramLabel = "D", converter = DurationConverter.class, defaultValue = "60s",
            description = "Time budget per file (e.g. 500ms, 10s, 2m); when exhausted the answer is unknown. Default: ${DEFAULT-VALUE}.")
    Duration timeout;

    @Option(names = "--initial", paramLabel = "JSON",
            description = "Initial value (register, cas-register, kv: a JSON value or 'unknown'; multi-register: {\"x\":0,…}).")
    String initial;

    @Option(names = "--checker", paramLabel = "NAME",
            description = "Checker to run (default: picked from --model, else list-append for appending txns, else linearizability).")
    String checker;

    @Option(names = "--list", description = "List the checkers with the models and fields each needs, and exit.")
    boolean list;

    @Mixin
    OracleInputs oracle = new OracleInputs();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (list) {
            CheckerList.print(out, json);
            return 0;
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
        Map<String, String> options = new LinkedHashMap<>();
        if (initial != null) options.put("initial", initial);
        int worst = 0;
        for (Path file : files) {
            int code;
            try {
                HistoryFileCheck.Outcome o = runOne(file, fmt, options);
                code = exitCode(o.result());
                if (json) out.println(JSON.writeValueAsString(jsonLine(o)));
                else printHuman(out, o);
            } catch (HistoryFormatException e) {
                code = 2;
                reportError(out, err, file, e.getMessage());
            } catch (InvariantSyntaxException e) {
                code = 2;
                reportError(out, err, file, "--invariant: " + e.getMessage());
            } catch (IllegalArgumentException e) {
                code = 2;
                reportError(out, err, file, file + ": " + e.getMessage());
            } catch (IOException | UncheckedIOException e) {
                code = 2;
                reportError(out, err, file, file + ": cannot read: " + e.getMessage());
            }
            out.flush();
            worst = worse(worst, code);
        }
        return worst;
    }

    /** Runs the chosen checker on one file: linearizability streams it, the others read it whole. */
    private HistoryFileCheck.Outcome runOne(Path file, HistoryFormat fmt, Map<String, String> options) throws IOException {
        String name = checker != null ? checker.trim() : null;
        if (name == null) {
            List<Op> sample = new ArrayList<>();
            HistoryFormat detected;
            try (OpStream ops = Histories.open(file, fmt)) {
                detected = ops.format();
                while (sample.size() < 1000 && ops.hasNext()) sample.add(ops.next());
            }
            name = DefaultChecker.choose(model != null ? model : detected.defaultModel(), sample);
            if (name == null) {
                throw new IllegalArgumentException("unknown model '" + model + "': no checker for it; name one with "
                        + "--checker (see --list) or use a model such as " + String.join(", ", Models.NAMES)
                        + ", list-append, rw-register, session, ledger, membership-table");
            }
        }
        if (name.equals(DefaultChecker.LINEARIZABILITY)) {
            return HistoryFileCheck.run(file, fmt, model, options, CheckBudget.of(timeout));
        }
        History h = Histories.readAll(file, fmt);
        Checker c = CheckerRegistry.standard().get(name);
        CheckResult r = c.check(oracle.input(h.ops(), model), CheckBudget.of(timeout));
        return HistoryFileCheck.Outcome.of(file, h, model, r, c.judgesHistory());
    }

    private HistoryFormat parseFormat() {
        if (format == null || format.trim().equalsIgnoreCase("auto")) return null;
        try {
            return HistoryFormat.fromId(format);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    private void reportError(PrintWriter out, PrintWriter err, Path file, String message) {
        if (json) {
            ObjectNode n = JSON.createObjectNode();
            n.put("file", file.toString());
            n.put("error", message);
            try {
                out.println(JSON.writeValueAsString(n));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        err.println("falsify: " + message);
        err.flush();
    }

    static int exitCode(CheckResult r) {
        return switch (r.validity()) {
            case INVALID -> 1;
            case UNKNOWN -> 3;
            case VALID -> r.weaknesses().isEmpty() ? 0 : 3;
        };
    }

    /** Severity order for several inputs: bad input, violation, unknown, valid. */
    static int worse(int a, int b) {
        return rank(a) >= rank(b) ? a : b;
    }

    private static int rank(int code) {
        return switch (code) {
            case 2 -> 3;
            case 1 -> 2;
            case 3 -> 1;
            default -> 0;
        };
    }

    private static ObjectNode jsonLine(HistoryFileCheck.Outcome o) {
        ObjectNode n = JSON.createObjectNode();
        n.put("file", o.file().toString());
        n.put("format", o.format().id());
        n.setAll(CheckResultJson.toJson(o.result()));
        TransactionalChecker.addJsonFields(o.result(), n);
        var notes = n.putArray("notes");
        for (ReadNote rn : o.notes()) {
            ObjectNode x = notes.addObject();
            x.put("line", rn.line());
            x.put("kind", rn.kind());
            x.put("detail", rn.detail());
            x.put("weakens", rn.weakens());
        }
        return n;
    }

    private static void printHuman(PrintWriter out, HistoryFileCheck.Outcome o) {
        CheckResult r = o.result();
        boolean lin = DefaultChecker.LINEARIZABILITY.equals(r.checker());
        boolean empty = r.weaknesses().stream().anyMatch(w -> w.kind().equals(WeaknessDetector.EMPTY_HISTORY));
        String verdict = switch (r.validity()) {
            case VALID -> empty ? "EMPTY HISTORY (nothing to check)"
                    : (lin ? "LINEARIZABLE" : "VALID") + (r.weaknesses().isEmpty() ? "" : " (history too weak to trust)");
            case INVALID -> lin ? "NOT LINEARIZABLE" : "INVALID";
            case UNKNOWN -> "UNKNOWN";
        };
        var e = r.evidence();
        if (!lin) {
            out.printf(Locale.ROOT, "%s: %s — checker %s (%s), %d ops, %.1f ms: %s%n", o.file(), verdict, r.checker(),
                    o.format().id(), e.opsTotal(), e.elapsedMs(), r.summary());
        } else
        out.printf(Locale.ROOT, "%s: %s — model %s (%s), %d ops, %d partition%s, %d states explored, %.1f ms%n",
                o.file(), verdict, r.model(), o.format().id(), e.opsTotal(), e.partitions(), e.partitions() == 1 ? "" : "s",
                e.statesExplored(), e.elapsedMs());
        if (lin && r.validity() == Validity.UNKNOWN) out.println("  " + r.summary());
        if (r.counterexample() != null) {
            for (String line : r.counterexample().describe()) out.println("  " + line);
        }
        for (ReadNote n : o.notes()) {
            if (!n.weakens()) out.println("  note: " + n.describe());
        }
        for (HistoryWeakness w : r.weaknesses()) {
            out.println("  weak history: " + w.kind() + ": " + w.detail() + (w.opIds().isEmpty() ? "" : " e.g. ops " + String.join(", ", w.opIds())));
        }
    }
}
