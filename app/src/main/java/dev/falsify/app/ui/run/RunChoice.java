package dev.falsify.app.ui.run;

import java.util.List;

/**
 * What the user picked to run.
 *
 * @param scenarios scenario ids, in plan order
 * @param seed      the one seed to run instead of the run blocks' seeds, or null for theirs
 * @param reruns    same-seed re-runs after a violation
 * @param parallel  seeds of a scenario run at once
 */
public record RunChoice(List<String> scenarios, Long seed, int reruns, int parallel) {
    public RunChoice {
        scenarios = List.copyOf(scenarios);
    }
}
