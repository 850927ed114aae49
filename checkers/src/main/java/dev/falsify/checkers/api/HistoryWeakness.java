package dev.falsify.checkers.api;

import java.util.List;

/**
 * A reason the history cannot support the checker's verdict (missing field, output on a timed-out op,
 * non-monotonic timestamps, ...). Any weakness makes the arm INCONCLUSIVE-oracle-too-weak.
 *
 * @param kind   short machine name, e.g. {@code missing-field}, {@code output-on-timeout}
 * @param detail one sentence for people
 * @param opIds  the offending ops (truncated to a readable number by the producer)
 */
public record HistoryWeakness(String kind, String detail, List<String> opIds) {
}
