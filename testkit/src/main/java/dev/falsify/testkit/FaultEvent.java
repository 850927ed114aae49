package dev.falsify.testkit;

import java.time.Instant;

/**
 * One fault a {@link FaultPlan} injected: the landing evidence of an in-process fault.
 *
 * @param method the method (or stream operation) the fault hit
 * @param call   the call's number among the calls the plan applies to, 1-based
 * @param fault  what was injected: the error's class name, or {@code latency PT0.2S}
 * @param time   when, by the plan's clock
 */
public record FaultEvent(String method, long call, String fault, Instant time) {
}
