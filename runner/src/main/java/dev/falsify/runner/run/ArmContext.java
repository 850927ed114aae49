package dev.falsify.runner.run;

import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.runner.events.EventBus;
import java.nio.file.Path;

/**
 * What every seed of one arm shares.
 *
 * @param scenarioId the scenario (arm) id
 * @param planLabel  the plan path as the user gave it, for reproducer lines
 * @param planDir    the plan file's folder (run-block {@code cwd} is relative to it)
 * @param sessionDir the session folder
 * @param bus        the run's event stream
 * @param options    run options
 * @param checkers   the checker registry
 */
record ArmContext(String scenarioId, String planLabel, Path planDir, Path sessionDir, EventBus bus, RunOptions options,
                  CheckerRegistry checkers) {
}
