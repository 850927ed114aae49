package dev.falsify.runner.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How to run a plan.
 *
 * @param sessionsRoot where session folders go ({@code <root>/<plan-slug>/<UTC>/})
 * @param scenarios    scenario ids to run; empty = every scenario with a run block
 * @param seed         run only this seed instead of the run block's seeds, or null
 * @param env          extra environment for every command (e.g. {@code KV_BUG} for the demo)
 * @param reruns       same-seed re-runs after a violation, to tell reproducible from nondeterministic
 * @param storeDb      SQLite index to update as the session runs, or null for none
 * @param operator     the {@code **Operator:**} line
 * @param progress     where one-line progress goes (never null; use a no-op writer to silence)
 * @param cancel       set it to stop the run: the current seed tears down, the arms not reached are NOT-RUN
 * @param parallel     at most this many seeds of a scenario run at once (1 = one after another)
 * @param commitFrom   the folder whose repository's HEAD is the commit under test, or null for the first
 *                     scenario's cwd ({@code falsify demo} runs a private copy of files a checkout holds)
 */
public record RunOptions(Path sessionsRoot, List<String> scenarios, Long seed, Map<String, String> env, int reruns,
                         Path storeDb, String operator, PrintWriter progress, AtomicBoolean cancel, int parallel,
                         Path commitFrom) {
    public RunOptions {
        scenarios = List.copyOf(scenarios);
        env = Map.copyOf(env);
        if (reruns < 0) throw new IllegalArgumentException("reruns must be >= 0");
        if (parallel < 1) throw new IllegalArgumentException("parallel must be >= 1");
        if (cancel == null) cancel = new AtomicBoolean();
    }

    public RunOptions(Path sessionsRoot, List<String> scenarios, Long seed, Map<String, String> env, int reruns,
                      Path storeDb, String operator, PrintWriter progress, AtomicBoolean cancel, int parallel) {
        this(sessionsRoot, scenarios, seed, env, reruns, storeDb, operator, progress, cancel, parallel, null);
    }

    public RunOptions(Path sessionsRoot, List<String> scenarios, Long seed, Map<String, String> env, int reruns,
                      Path storeDb, String operator, PrintWriter progress, AtomicBoolean cancel) {
        this(sessionsRoot, scenarios, seed, env, reruns, storeDb, operator, progress, cancel, 1);
    }

    /** The same options with seeds run {@code n} at a time. */
    public RunOptions withParallel(int n) {
        return new RunOptions(sessionsRoot, scenarios, seed, env, reruns, storeDb, operator, progress, cancel, n, commitFrom);
    }

    /** The same options with the commit under test read from {@code dir}'s repository. */
    public RunOptions withCommitFrom(Path dir) {
        return new RunOptions(sessionsRoot, scenarios, seed, env, reruns, storeDb, operator, progress, cancel, parallel, dir);
    }

    public RunOptions(Path sessionsRoot, List<String> scenarios, Long seed, Map<String, String> env, int reruns,
                      Path storeDb, String operator, PrintWriter progress) {
        this(sessionsRoot, scenarios, seed, env, reruns, storeDb, operator, progress, new AtomicBoolean());
    }

    public boolean cancelled() {
        return cancel.get();
    }
}
