/**
 * The one evidence builder: what a harness observed of a scenario arm's runs
 * ({@link dev.falsify.checkers.evidence.ArmObservations}: checks with their results, recorded histories,
 * planned faults and their landing, workload time, log scans) → the arm's oracle results, green-but-broken
 * checks and weak-oracle audit ({@link dev.falsify.checkers.evidence.EvidenceBuilder}). {@code falsify run}
 * (runner) and the JUnit testkit both build their evidence here, so one observation gets one judgement; it
 * lives in {@code checkers} because both may depend on it (the testkit depends on {@code checkers} and
 * {@code model} only).
 */
package dev.falsify.checkers.evidence;
