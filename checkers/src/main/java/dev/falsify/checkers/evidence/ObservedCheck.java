package dev.falsify.checkers.evidence;

import dev.falsify.checkers.api.CheckResult;

/**
 * One check a run made, with what the verdict needs to know beside its result.
 *
 * @param result       the checker's result
 * @param opsCompleted the client ops that completed in the history it judged, or null when the harness recorded
 *                     no history for it (then no completed work can be shown for it)
 * @param unit         what the result's counts count when not recorded ops ({@code message events}), else null
 */
public record ObservedCheck(CheckResult result, Long opsCompleted, String unit) {
}
