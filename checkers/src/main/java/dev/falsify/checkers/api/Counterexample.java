package dev.falsify.checkers.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Explanation data for an INVALID (or partially explored UNKNOWN) result. Each checker family has
 * its own shape; all of them render to JSON for {@code --json}/the UI and to short lines for people.
 */
public interface Counterexample {
    JsonNode toJson();

    /** A few human-readable lines: which op could not be placed, which cycle, which key. */
    List<String> describe();
}
