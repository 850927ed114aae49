package dev.falsify.runner.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
 */
public record RunOptions(Path sessionsRoot, List<String> scenarios, Long seed, Map<String, String> env, int reruns,
                         Path storeDb, String operator, PrintWriter progress) {
    public RunOptions {
        scenarios = List.copyOf(scenarios);
        env = Map.copyOf(env);
        if (reruns < 0) throw new IllegalArgumentException("reruns must be >= 0");
    }
}
