/**
 * The one vocabulary (architecture.md, decision 7): the words every part of Falsify — lint, the
 * checkers, the catalog, the runner, the testkit, the command line, the MCP server and the window — uses
 * for the same things, each defined once here.
 *
 * <ul>
 *   <li>{@link dev.falsify.model.vocabulary.HistoryModel} — history models, one canonical name each and
 *       the aliases old plans and commands use ({@code map} → {@code kv}, {@code lock} → {@code mutex});</li>
 *   <li>{@link dev.falsify.model.vocabulary.CheckerName} — the checkers Falsify ships, with other tools'
 *       names for them (Porcupine, Knossos → linearizability);</li>
 *   <li>{@link dev.falsify.model.vocabulary.CheckerField} — the one reader of a §7.M Checker field;</li>
 *   <li>{@link dev.falsify.model.vocabulary.PlanId} — claim, hypothesis, scenario and arm ids and the one
 *       way they are normalised ({@code **S01**}, {@code s1} → {@code S1}; {@code S1 / API} → {@code S1/api});</li>
 *   <li>{@link dev.falsify.model.vocabulary.AuditCheck} — the green-but-broken and weak-oracle audit
 *       items, and the one reading of their texts in findings files written before;</li>
 *   <li>{@link dev.falsify.model.vocabulary.Validity} — a check's answer: valid, invalid or unknown.</li>
 * </ul>
 *
 * <p>This package depends on nothing else in Falsify, so every other package may use it.
 */
package dev.falsify.model.vocabulary;
