package dev.falsify.runner.proxy;

/**
 * One connection as one fault window saw it: whether the selector chose it and whether the fault
 * actually did something to it (dropped, delayed, cut or reset at least once).
 *
 * @param connectionId  proxy-wide accept number (1-based)
 * @param windowOrdinal position in the window's order (what the selector was asked about)
 * @param selected      the selector chose it
 * @param applied       the fault touched it
 * @param openedAtMs    epoch millis of accept
 */
public record ConnectionRecord(long connectionId, long windowOrdinal, boolean selected, boolean applied,
                               long openedAtMs) {
}
