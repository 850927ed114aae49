package dev.falsify.app.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The side inputs and options of {@code falsify check} that oracles other than linearizability
 * need: checker options, the final-state dump, replica dumps and group metrics. A picocli mixin,
 * so {@code check} (and {@code bench check}) share one spelling.
 */
public final class OracleInputs {
    @Option(names = {"-O", "--option"}, paramLabel = "NAME=VALUE",
            description = "Checker option, repeatable (realtime=true, reorder-window=2, idempotency-key=request_id, "
                    + "max-p99-ratio=1.5, ...; see docs/transactional.md).")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--invariant", paramLabel = "EXPR",
            description = "Predicate for final-state-invariant, e.g. 'sum($.accounts[*].balance) == 0'.")
    String invariant;

    @Option(names = "--realtime", description = "Transactional checkers: add real-time edges (strict/strong models).")
    boolean realtime;

    @Option(names = "--process", description = "Transactional checkers: add process-order edges (session models).")
    boolean process;

    @Option(names = "--final-state", paramLabel = "FILE", description = "JSON dump of the final state (no-lost-ack, final-state-invariant).")
    Path finalState;

    @Option(names = "--replica", paramLabel = "NAME=FILE", description = "JSON dump of one replica, repeatable (replica-reconciliation).")
    Map<String, Path> replicas = new LinkedHashMap<>();

    @Option(names = "--metrics", paramLabel = "FILE", description = "JSON per-group metrics (fairness).")
    Path metrics;

    /** Checker options: {@code -O} ones plus the flags that are options ({@code --invariant}, {@code --realtime}, {@code --process}). */
    public Map<String, String> options() {
        Map<String, String> opts = new LinkedHashMap<>(options);
        if (invariant != null) opts.put("invariant", invariant);
        if (realtime) opts.put("realtime", "true");
        if (process) opts.put("process", "true");
        return opts;
    }

    /** The final-state dump, or null; a bad file is a {@link UserError}. */
    public JsonNode finalState() {
        return finalState == null ? null : readJson(finalState);
    }

    /** The replica dumps by name; a bad file is a {@link UserError}. */
    public Map<String, JsonNode> replicaStates() {
        Map<String, JsonNode> dumps = new LinkedHashMap<>();
        // a loop, not forEach with a lambda: this runs on every check's start (see CheckCommand.CheckFile)
        for (Map.Entry<String, Path> e : replicas.entrySet()) dumps.put(e.getKey(), readJson(e.getValue()));
        return dumps;
    }

    /** The group metrics, or null; a bad file is a {@link UserError}. */
    public JsonNode groupMetrics() {
        return metrics == null ? null : readJson(metrics);
    }

    /** Reads a JSON file; a syntax error names the file, line and column. */
    static JsonNode readJson(Path file) {
        try {
            JsonNode n = new ObjectMapper().readTree(Files.readString(file)); // only when a side file is given
            if (n == null || n.isMissingNode()) throw new UserError(file + ":1:1: expected a JSON value, found an empty file");
            return n;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "1:1" : at.getLineNr() + ":" + at.getColumnNr();
            throw new UserError(file + ":" + where + ": " + e.getOriginalMessage());
        } catch (NoSuchFileException e) {
            throw new UserError(file + ": no such file");
        } catch (IOException e) {
            throw new UserError(file + ": cannot read: " + e.getMessage());
        }
    }
}
