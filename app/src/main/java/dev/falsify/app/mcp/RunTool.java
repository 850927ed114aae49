package dev.falsify.app.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.model.session.WorkspaceLayout;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.run.PlanRunner;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.run.RunResult;
import dev.falsify.runner.trust.PlanCommands;
import dev.falsify.runner.trust.PlanSnapshot;
import dev.falsify.runner.trust.TrustPrompt;
import dev.falsify.runner.trust.TrustStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code run_plan}: runs a plan's scenarios as {@code falsify run} does, but only a plan a person
 * already trusted: the same trust store and fingerprint ({@link PlanCommands}), read here and never
 * written. An untrusted or changed plan runs nothing; the answer lists the commands and the one
 * {@code falsify run … --trust} line a person must run after reading them.
 */
final class RunTool {
    /** Thrown (as a tool error with data) when the plan is not trusted as it is. */
    static final class NotTrusted extends RuntimeException {
        final ObjectNode data;

        NotTrusted(String message, ObjectNode data) {
            super(message);
            this.data = data;
        }
    }

    private RunTool() {
    }

    static McpTool tool() {
        return McpTool.of("run_plan", "Run a trusted plan",
                "Run scenarios of a plan (their run blocks) into a session folder with computed verdicts, as `falsify run`. "
                        + "Runs ONLY a plan whose exact commands a person already trusted with `falsify run PLAN --trust` (or the "
                        + "workbench); otherwise nothing runs and the answer lists the commands and the line the person must run. "
                        + "An agent cannot trust a plan. Progress is reported as MCP progress notifications.",
                """
                {"type": "object", "required": ["plan"], "properties": {
                  "plan": {"type": "string", "description": "The plan file, relative to the workspace."},
                  "scenarios": {"type": "array", "items": {"type": "string"}, "description": "Scenario ids (default: every scenario with a run block)."},
                  "seed": {"type": "integer", "description": "Run only this seed instead of the run blocks' seeds."},
                  "sessions": {"type": "string", "description": "Where session folders go, relative to the workspace (default test-sessions)."},
                  "timeoutSeconds": {"type": "integer", "minimum": 1, "description": "Cancel the run after this long (default and maximum: the server's limit)."}}}""",
                """
                {"type": "object", "required": ["session", "headline", "verdicts"], "properties": {
                  "session": {"type": "string"}, "headline": {"type": "string"}, "verdicts": {"type": "object"},
                  "reasons": {"type": "object"}, "report": {"type": "string"}, "cancelled": {"type": "boolean"}}}""",
                false, RunTool::run);
    }

    private static ObjectNode run(Args args, ToolContext ctx) throws IOException {
        Path planFile = ctx.workspace().existingFile(args.requiredString("plan"), "plan");
        PlanTools.requireSize(planFile, PlanTools.MAX_PLAN_BYTES, "plan");
        List<String> scenarios = args.strings("scenarios");
        Long seed = args.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        Path sessions = ctx.workspace().resolve(args.has("sessions") ? args.string("sessions") : WorkspaceLayout.SESSIONS, "sessions");
        long maxSeconds = ctx.settings().maxRunTime().toSeconds();
        long seconds = args.has("timeoutSeconds") ? args.integer("timeoutSeconds", 1, maxSeconds) : maxSeconds;
        String shown = ctx.workspace().relative(planFile);
        // read once: the trust decision is about this snapshot, and this snapshot is what runs
        PlanSnapshot snapshot = PlanSnapshot.read(planFile);
        try {
            PlanRunner.select(planFile, snapshot.plan(), scenarios);
        } catch (PlanRunner.PlanError e) {
            throw new ToolError(CheckTool.relativeMessage(e.getMessage(), planFile, shown));
        }
        List<String> commands = PlanCommands.of(snapshot);
        requireTrusted(ctx.settings().trust(), snapshot, commands, shown, scenarios, seed);

        AtomicBoolean cancel = new AtomicBoolean();
        AtomicInteger lines = new AtomicInteger();
        PrintWriter progress = new PrintWriter(new LineWriter(line -> {
            System.err.println("falsify mcp: run: " + line);
            ctx.progress(lines.incrementAndGet(), null, line);
        }), true);
        RunOptions options = new RunOptions(sessions, scenarios, seed, Map.of(), 1, ctx.settings().storeDb(),
                "agent via MCP (" + ctx.clientName() + "), trusted by " + System.getProperty("user.name", "?"), progress, cancel);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "falsify-mcp-run-timeout");
            t.setDaemon(true);
            return t;
        });
        timer.schedule(() -> cancel.set(true), seconds, TimeUnit.SECONDS);
        RunResult r;
        try {
            r = PlanRunner.run(snapshot, shown, options, new EventBus(e -> System.err.println("falsify mcp: event listener failed: " + e)));
        } catch (PlanRunner.PlanError e) {
            throw new ToolError(CheckTool.relativeMessage(e.getMessage(), planFile, shown));
        } finally {
            timer.shutdownNow();
            progress.flush();
        }
        ObjectNode out = McpTool.JSON.createObjectNode();
        out.put("session", ctx.workspace().relative(r.sessionDir()));
        out.put("headline", r.headline().name());
        ObjectNode verdicts = out.putObject("verdicts");
        r.verdicts().forEach((arm, v) -> verdicts.put(arm, v.label()));
        ObjectNode reasons = out.putObject("reasons");
        r.reasons().forEach(reasons::put);
        if (r.report() != null) out.put("report", ctx.workspace().relative(r.report()));
        out.put("cancelled", cancel.get());
        return out;
    }

    /** Refuses, with the commands and the person's command line, unless the store trusts this snapshot as it is. */
    static void requireTrusted(TrustStore store, PlanSnapshot snapshot, List<String> commands, String shown,
                               List<String> scenarios, Long seed) {
        TrustStore.Decision d;
        try {
            d = store.check(snapshot, commands);
        } catch (IOException e) {
            throw new ToolError("the trust store " + store.file() + " cannot be read: " + e.getMessage() + "; nothing was run");
        }
        Optional<TrustPrompt> prompt = TrustPrompt.of(Path.of(shown), d, commands);
        if (prompt.isEmpty()) return;
        String line = personLine(shown, scenarios, seed);
        ObjectNode data = McpTool.JSON.createObjectNode();
        data.put("trusted", false);
        data.put("ran", false);
        data.put("changed", prompt.get().changed());
        data.put("heading", prompt.get().heading());
        ArrayNode cmds = data.putArray("commands");
        prompt.get().lines().forEach(cmds::add);
        data.put("trustCommand", line);
        throw new NotTrusted((prompt.get().changed() ? "the plan's commands changed since a person trusted it"
                : "the plan has not been trusted by a person") + "; nothing was run. An agent cannot trust a plan: show a person "
                + "these commands and ask them to run, in the workspace:\n  " + line + "\n" + prompt.get().heading() + "\n  "
                + String.join("\n  ", prompt.get().lines()), data);
    }

    /** The {@code falsify run … --trust} line for a person, every value shell-quoted. */
    static String personLine(String plan, List<String> scenarios, Long seed) {
        StringBuilder b = new StringBuilder("falsify run ").append(quote(plan));
        if (!scenarios.isEmpty()) b.append(" --scenario ").append(quote(String.join(",", scenarios)));
        if (seed != null) b.append(" --seed ").append(seed);
        return b.append(" --trust").toString();
    }

    static String quote(String s) {
        if (s.matches("[A-Za-z0-9_./,:=@+-]+")) return s;
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Hands each complete line written to it to a consumer (the runner's progress lines). */
    private static final class LineWriter extends Writer {
        private final java.util.function.Consumer<String> sink;
        private final StringBuilder line = new StringBuilder();

        LineWriter(java.util.function.Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public synchronized void write(char[] buf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                char c = buf[i];
                if (c == '\n') {
                    emit();
                } else if (c != '\r' && line.length() < 2000) {
                    line.append(c);
                }
            }
        }

        private void emit() {
            if (line.length() > 0) sink.accept(line.toString());
            line.setLength(0);
        }

        @Override
        public synchronized void flush() {
        }

        @Override
        public synchronized void close() {
            emit();
        }
    }
}
