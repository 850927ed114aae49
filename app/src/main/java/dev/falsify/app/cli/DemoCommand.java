package dev.falsify.app.cli;

import dev.falsify.model.session.WorkspaceLayout;
import dev.falsify.runner.demo.ExampleBundle;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.run.RunResult;
import dev.falsify.runner.trust.PlanSnapshot;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify demo [--out DIR]}: builds the bundled replicated-kv example with javac and runs its
 * plan twice — as shipped (bug off: every scenario) and with the seeded bugs on (the linearizability
 * scenario S1 and the message-level scenario S6 only) — leaving both session folders and their report.md.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run the bundled example end to end: build the replicated-kv store, run its plan's scenarios "
                + "with real faults (bug off), then the linearizability scenario S1 and the message-level scenario S6 again with the seeded bugs on, "
                + "and write both sessions' findings/report.md.",
                "Exit codes: as `run` for the bug-off session (0 DONE / DONE_WITH_CONCERNS, 1 FAIL, 3 INCONCLUSIVE); 2 bad input; "
                        + "4 could not write."})
public final class DemoCommand implements Callable<Integer> {
    static final String BUG_ENV = "KV_BUG";
    /** The followers' stale-read bug (S1) and the leader's early acknowledgement (S6, a message-level scenario). */
    static final String BUG = "stale-follower-reads,ack-before-replication";

    @Option(names = "--out", paramLabel = "DIR", description = "Where the sessions and a new private copy of the example go (default: falsify-demo).")
    Path out = Path.of("falsify-demo");

    @Option(names = "--only", paramLabel = "bug-off|bug-on", description = "Run just one of the two sessions.")
    String only;

    @Option(names = "--no-index", description = "Do not index the sessions into the SQLite store.")
    boolean noIndex;

    @Mixin
    StoreOptions store;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter w = spec.commandLine().getOut();
        if (only != null && !only.equals("bug-off") && !only.equals("bug-on")) {
            throw new UserError("--only must be bug-off or bug-on, not '" + only + "'");
        }
        ExampleBundle.DemoExample demo;
        try {
            demo = ExampleBundle.forDemo(Path.of(""), out);
        } catch (IOException e) {
            throw new UserError(out + ": cannot prepare the example: " + e.getMessage());
        }
        Path example = demo.example();
        Path plan = example.resolve(ExampleBundle.PLAN);
        PlanSnapshot snapshot;
        try {
            snapshot = PlanSnapshot.read(plan);
        } catch (IOException e) {
            throw new UserError(plan + ": cannot read: " + e.getMessage());
        }
        w.println("falsify demo: example " + example + " (Falsify's own bundled example, copied into a new private folder "
                + "and built there with annotation processing off: trusted without asking)");
        demo.checkout().ifPresent(c -> w.println("commit under test: the checkout holding " + c + " (its copy is identical)"));
        w.println("sessions go to " + WorkspaceLayout.sessionsDir(out));
        long t0 = System.currentTimeMillis();
        RunResult off = null;
        if (only == null || only.equals("bug-off")) {
            w.println();
            w.println("== 1/2 the store as shipped (no bug): every scenario");
            off = RunCommand.execute(snapshot, plan.toString(), options(List.of(), Map.of(), w, demo), w);
        }
        if (only == null || only.equals("bug-on")) {
            w.println();
            w.println("== 2/2 the seeded bugs on (" + BUG_ENV + "=" + BUG + "): followers answer reads from their own copy "
                    + "when the leader is unreachable (S1 partitions that link); the leader acknowledges a write before any "
                    + "follower holds it (S6 holds replication back and its monitor watches the client's answer)");
            RunResult on = RunCommand.execute(snapshot, plan.toString(), options(List.of("S1", "S6"), Map.of(BUG_ENV, BUG), w, demo), w);
            if (off == null) off = on;
        }
        w.println();
        w.println("demo finished in " + (System.currentTimeMillis() - t0) / 1000 + " s");
        w.flush();
        return RunCommand.exitCode(off.headline()).code();
    }

    private RunOptions options(List<String> scenarios, Map<String, String> env, PrintWriter w, ExampleBundle.DemoExample demo) {
        RunOptions o = new RunOptions(WorkspaceLayout.sessionsDir(out), scenarios, null, env, 1, noIndex ? null : store.dbPath(),
                "falsify demo", TerminalLines.over(w));
        return demo.checkout().map(o::withCommitFrom).orElse(o);
    }
}
