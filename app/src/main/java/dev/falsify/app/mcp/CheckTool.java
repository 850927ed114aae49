package dev.falsify.app.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.oracles.InvariantSyntaxException;
import dev.falsify.checkers.pipeline.CheckedHistory;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.checkers.render.CounterexamplePictures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code check_history}: one history file through {@link HistoryCheck}, the pipeline {@code falsify check}
 * and the runner use, answered as {@code falsify check --json} prints it, with the counterexample's pictures.
 */
final class CheckTool {
    /** Longest check budget a call may ask for. */
    static final long MAX_TIMEOUT_SECONDS = 600;
    /** Largest history whose violation is drawn (drawing reads the file whole). */
    static final long MAX_DRAWN_BYTES = 64L << 20;

    private CheckTool() {
    }

    static McpTool tool() {
        return McpTool.of("check_history", "Check a history",
                "Check one operation history (the 11-field JSONL schema, Jepsen EDN or history.txt, Porcupine logs) with a "
                        + "checker, as `falsify check --json`: valid, invalid (with the counterexample as data) or unknown (budget "
                        + "exhausted: never a pass). A violation's SVG pictures are written under svgDir and their paths returned.",
                """
                {"type": "object", "required": ["path"], "properties": {
                  "path": {"type": "string", "description": "History file, relative to the workspace."},
                  "model": {"type": "string", "description": "History model (register, cas-register, kv, multi-register, set, queue, list-append, …); default: the format's, else inferred."},
                  "checker": {"type": "string", "description": "Checker name (default: picked from the model)."},
                  "format": {"type": "string", "description": "jsonl, jepsen-edn, jepsen-txt, porcupine-etcd, porcupine-kv or auto."},
                  "initial": {"type": "string", "description": "Initial value as JSON (register, kv), or {\\"x\\":0,…} for multi-register."},
                  "timeoutSeconds": {"type": "integer", "minimum": 1, "maximum": 600, "description": "Time budget (default 60); when exhausted the answer is unknown."},
                  "svgDir": {"type": "string", "description": "Folder for a violation's pictures, relative to the workspace (default .falsify/pictures)."}}}""",
                """
                {"type": "object", "required": ["valid", "checker"], "properties": {"file": {"type": "string"},
                  "valid": {"type": ["boolean", "string"], "description": "true, false, or the string unknown (never a pass)"},
                  "checker": {"type": "string"}, "pictures": {"type": "array", "items": {"type": "string"}}}}""",
                false, CheckTool::check);
    }

    private static ObjectNode check(Args args, ToolContext ctx) {
        Path file = ctx.workspace().existingFile(args.requiredString("path"), "history");
        String checker = args.string("checker");
        if (checker != null && CheckerRegistry.standard().find(checker.trim()).isEmpty()) {
            throw new ToolError("unknown checker '" + Args.clip(checker) + "'; known: "
                    + String.join(", ", CheckerRegistry.standard().all().stream().map(Checker::name).toList()));
        }
        HistoryFormat format = null;
        String f = args.string("format");
        if (f != null && !f.isBlank() && !f.trim().equalsIgnoreCase("auto")) {
            try {
                format = HistoryFormat.fromId(f.trim());
            } catch (IllegalArgumentException e) {
                throw new ToolError("format: " + e.getMessage());
            }
        }
        long seconds = args.has("timeoutSeconds") ? args.integer("timeoutSeconds", 1, MAX_TIMEOUT_SECONDS) : 60;
        Map<String, String> options = new HashMap<>();
        if (args.has("initial")) options.put("initial", args.string("initial"));
        String svgDir = args.has("svgDir") ? args.string("svgDir") : ".falsify/pictures";
        Path pictures = ctx.workspace().resolve(svgDir, "svgDir");
        HistoryCheck.Request request = new HistoryCheck.Request(checker == null ? null : checker.trim(), args.string("model"),
                format, options, null, Map.of(), null, CheckBudget.of(Duration.ofSeconds(seconds)));
        String shown = ctx.workspace().relative(file);
        CheckedHistory checked;
        try {
            checked = HistoryCheck.standard().run(file, request);
        } catch (HistoryFormatException e) {
            throw new ToolError(relativeMessage(e.getMessage(), file, shown));
        } catch (InvariantSyntaxException e) {
            throw new ToolError("invariant: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ToolError(shown + ": " + relativeMessage(e.getMessage(), file, shown));
        } catch (IOException | UncheckedIOException e) {
            throw new ToolError(shown + ": cannot read: " + e.getMessage());
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // as `falsify check`: a checker that failed gives no answer, which is unknown, never a violation
            throw new ToolError(shown + ": the check failed (" + e.getClass().getSimpleName() + "); the answer is unknown");
        }
        ObjectNode out = new CheckedHistory(shown, checked.format(), checked.result()).toJson();
        ArrayNode drawn = out.putArray("pictures");
        if (CounterexamplePictures.drawn(checked.result())) {
            PlanTools.requireSize(file, Long.MAX_VALUE, "history");
            if (file.toFile().length() > MAX_DRAWN_BYTES) {
                out.put("picturesSkipped", "history larger than " + MAX_DRAWN_BYTES + " bytes: not drawn");
            } else {
                try {
                    History h = Histories.readAll(file, checked.format());
                    String stem = stem(file);
                    List<Path> written = CounterexamplePictures.write(pictures, stem, checked.result(), h.ops());
                    for (Path p : written) drawn.add(ctx.workspace().relative(p));
                } catch (IOException | RuntimeException e) {
                    out.put("picturesSkipped", "pictures not written: " + e.getMessage());
                }
            }
        }
        return out;
    }

    /** {@code etcd_001} for {@code etcd_001.log}. */
    private static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.indexOf('.') > 0 ? name.substring(0, name.indexOf('.')) : name;
    }

    /** A message naming the file by its real path, with the workspace-relative name instead. */
    static String relativeMessage(String message, Path file, String shown) {
        return message == null ? "" : message.replace(file.toString(), shown);
    }
}
