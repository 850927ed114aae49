package dev.falsify.app.mcp;

import dev.falsify.runner.trust.TrustStore;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How {@code falsify mcp} was started: the places a person chose (on the command line or in the
 * environment), never an agent. The trust store is the one {@code falsify run} uses, read only here.
 *
 * @param storeDb      the SQLite session index
 * @param trust        the trust store ({@code falsify run --trust} writes it; the server only reads it)
 * @param maxRunTime   longest a run_plan call may take before it is cancelled
 */
public record ServerSettings(Path storeDb, TrustStore trust, Duration maxRunTime) {
}
