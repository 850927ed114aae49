package dev.falsify.runner.store;

import java.util.List;
import java.util.Map;

/**
 * A session as the store lists it.
 *
 * @param dir         absolute folder path
 * @param planSlug    plan slug
 * @param name        folder name (its UTC start time when Falsify wrote it)
 * @param commit      commit under test
 * @param headline    headline verdict (FAIL, DONE, …)
 * @param interrupted no end marker
 * @param scenarios   scenario → effective verdict label, in session order
 * @param missing     parts of the layout the folder lacks
 */
public record StoredSession(String dir, String planSlug, String name, String commit, String headline,
                            boolean interrupted, Map<String, String> scenarios, List<String> missing) {
}
