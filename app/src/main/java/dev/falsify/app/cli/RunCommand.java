package dev.falsify.app.cli;

import dev.falsify.model.session.WorkspaceLayout;
import dev.falsify.model.text.TerminalText;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.run.PlanRunner;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.run.RunResult;
import dev.falsify.runner.trust.PlanCommands;
import dev.falsify.runner.trust.PlanSnapshot;
import dev.falsify.runner.trust.TrustStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code falsify run PLAN.md [--scenario S1,S2] [--sessions DIR] [--seed N] [--trust]}. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a plan's scenarios (their run blocks), write a session folder and index it.",
                "A plan's commands run only once you trust it: the first time (and whenever a command changes) "
                        + "Falsify prints what would run and asks; --trust accepts without asking.",
                "Exit codes: 0 session DONE / DONE_WITH_CONCERNS, 1 FAIL, 3 INCONCLUSIVE / BLOCKED, 2 bad input or not trusted, "
                        + "4 could not write (the session or the trust store: disk full, no permission)."})
public final class RunCommand implements Callable<Integer> {
    /** Exit code when Falsify could not write (a session file, the trust store): not bad input. */

    @Parameters(index = "0", paramLabel = "PLAN.md", description = "The plan.")
    Path plan;

    @Option(names = "--scenario", split = ",", paramLabel = "S1,S2", description = "Scenarios to run (default: every scenario with a run block).")
    List<String> scenarios = List.of();

    @Option(names = "--sessions", paramLabel = "DIR", description = "Where session folders go (default: " + WorkspaceLayout.SESSIONS + "/ in the plan's workspace: the folder "
            + "above " + WorkspaceLayout.PLANS + "/, else the nearest with .git or " + WorkspaceLayout.SESSIONS + "/, as the window does).")
    Path sessions;

    @Option(names = "--seed", paramLabel = "N", description = "Run only this seed instead of the run blocks' seeds.")
    Long seed;

    @Option(names = "--reruns", paramLabel = "N", description = "Same-seed re-runs after a violation (default 1).")
    int reruns = 1;

    @Option(names = "--parallel", paramLabel = "N", description = "Run up to N seeds of a scenario at once (default 1). "
            + "The verdicts are those of a one-by-one run; needs run blocks whose addresses use {port:NAME}.")
    int parallel = 1;

    @Option(names = "--trust", description = "Trust the plan's commands without asking (recorded in the trust store).")
    boolean trust;

    @Option(names = "--trust-file", paramLabel = "FILE", hidden = true, description = "Trust store file (default: $FALSIFY_TRUST_FILE or ~/.config/falsify/trust.json).")
    Path trustFile;

    @Option(names = "--no-index", description = "Do not index the session into the SQLite store.")
    boolean noIndex;

    @Mixin
    StoreOptions store;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isRegularFile(plan)) throw new UserError(plan + ": plan not found");
        // read and parsed once: the prompt shows this snapshot and the runner executes it
        PlanSnapshot snapshot;
        try {
            snapshot = PlanSnapshot.read(plan);
        } catch (IOException e) {
            throw new UserError(plan + ": cannot read: " + e.getMessage());
        }
        if (parallel < 1) throw new UserError("--parallel must be 1 or more, not " + parallel);
        try {
            PlanRunner.select(plan, snapshot.plan(), scenarios);
        } catch (PlanRunner.PlanError e) {
            throw new UserError(e.getMessage());
        }
        TrustStore ts = trustFile != null ? new TrustStore(trustFile) : TrustStore.defaultStore();
        ensureTrusted(ts, snapshot, PlanCommands.of(snapshot), out);
        RunOptions options = new RunOptions(sessions != null ? sessions : WorkspaceLayout.defaultSessionRoot(plan), scenarios, seed, Map.of(), reruns, noIndex ? null : store.dbPath(),
                System.getProperty("user.name", ""), TerminalLines.over(out)).withParallel(parallel);
        RunResult r = execute(snapshot, plan.toString(), options, out);
        return exitCode(r.headline()).code();
    }

    /** Asks (or, with --trust, records) trust; throws when the user declines. */
    private void ensureTrusted(TrustStore ts, PlanSnapshot snapshot, List<String> commands, PrintWriter out) {
        TrustStore.Decision d;
        try {
            d = ts.check(snapshot, commands);
        } catch (IOException e) {
            throw new UserError(e.getMessage());
        }
        var prompt = dev.falsify.runner.trust.TrustPrompt.of(plan, d, commands);
        if (prompt.isEmpty()) return;
        out.println(prompt.get().heading());
        for (String s : prompt.get().lines()) out.println("  " + s);
        boolean yes = trust;
        if (!yes) {
            out.print("Trust this plan and run them? [y/N] ");
            out.flush();
            String answer = readAnswer();
            yes = answer != null && (answer.trim().toLowerCase(Locale.ROOT).equals("y")
                    || answer.trim().toLowerCase(Locale.ROOT).equals("yes"));
        }
        if (!yes) {
            throw new UserError(plan + ": not trusted; nothing was run (answer y, or pass --trust to accept)");
        }
        try {
            ts.trust(snapshot, commands);
            out.println("trusted (recorded in " + TerminalText.escape(ts.file().toString()) + ")");
        } catch (IOException e) {
            throw new UserError(ts.file() + ": cannot record trust: " + e.getMessage(), ExitCode.WRITE_FAILED);
        }
    }

    private static String readAnswer() {
        try {
            return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Runs the snapshot and prints the verdict table; shared with {@code falsify demo}. The options'
     * progress writer should be {@link TerminalLines#over}: progress lines carry the system's text.
     */
    static RunResult execute(PlanSnapshot plan, String label, RunOptions options, PrintWriter out) {
        RunResult r;
        try {
            r = PlanRunner.run(plan, label, options, new EventBus(e -> System.err.println("falsify: event listener failed: "
                    + TerminalText.escape(String.valueOf(e)))));
        } catch (PlanRunner.PlanError e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            // the plan was read before: what failed is writing the session (the message names the file)
            throw new UserError(e.getMessage(), ExitCode.WRITE_FAILED);
        }
        out.println();
        // escaped value by value (the reasons quote checkers' summaries of the system's history), then padded
        out.println("Session " + TerminalText.escape(r.sessionDir().toString()) + " — " + r.headline());
        int w = r.verdicts().keySet().stream().mapToInt(a -> TerminalText.escape(a).length()).max().orElse(2);
        r.verdicts().forEach((arm, v) -> out.println("  " + pad(TerminalText.escape(arm), w) + "  " + pad(v.label(), 30) + "  "
                + TerminalText.escape(r.reasons().get(arm))));
        if (r.report() != null) out.println("Report: " + TerminalText.escape(r.report().toString()));
        out.flush();
        return r;
    }

    private static String pad(String s, int w) {
        char[] sp = new char[Math.max(0, w - s.length())];
        Arrays.fill(sp, ' ');
        return s + new String(sp);
    }

    static ExitCode exitCode(SessionHeadline h) {
        return switch (h) {
            case DONE, DONE_WITH_CONCERNS -> ExitCode.OK;
            case FAIL -> ExitCode.FAILED;
            default -> ExitCode.INCONCLUSIVE;
        };
    }
}
