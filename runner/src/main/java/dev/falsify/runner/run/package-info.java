/**
 * Running a plan. The pipeline, in the order a run goes through it:
 * <ol>
 *   <li>{@link dev.falsify.runner.run.PlanRunner} takes the trusted {@code PlanSnapshot} (trust is the caller's:
 *       nothing here asks, and nothing of the plan file is read again), probes the capabilities, and runs each
 *       scenario's arms;</li>
 *   <li>{@link dev.falsify.runner.run.ArmExecutor} runs one arm over its seeds and re-runs a violating seed
 *       (reproducible or nondeterministic);</li>
 *   <li>{@link dev.falsify.runner.run.SeedExecution} is one seed end to end: setup, proxies, services, workload,
 *       the fault schedule ({@link dev.falsify.runner.run.FaultDriver}, landing proven by
 *       {@link dev.falsify.runner.run.LandingProbe}), quiescence, final state, teardown, history, checkers;</li>
 *   <li>what was observed becomes oracle results and audits through the one evidence builder
 *       ({@code checkers.evidence.EvidenceBuilder}), and the verdict is computed from that evidence only;</li>
 *   <li>the session folder is written as the run goes (the verdict per arm, the timeline), indexed, and
 *       closed with {@code findings/report.md}.</li>
 * </ol>
 */
package dev.falsify.runner.run;
