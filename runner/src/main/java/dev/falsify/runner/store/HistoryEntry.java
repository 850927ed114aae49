package dev.falsify.runner.store;

/**
 * One scenario's verdict in one session.
 *
 * @param planSlug plan slug
 * @param session  session folder name
 * @param dir      session folder
 * @param scenario scenario id as that session wrote it
 * @param verdict  effective verdict label
 * @param flip     the pass/fail outcome differs from the previous session's for this scenario
 */
public record HistoryEntry(String planSlug, String session, String dir, String scenario, String verdict, boolean flip) {
}
