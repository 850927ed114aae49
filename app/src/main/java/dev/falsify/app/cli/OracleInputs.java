package dev.falsify.app.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.model.history.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The side inputs and options of {@code falsify check} that oracles other than linearizability
 * need: checker options, the final-state dump, replica dumps and group metrics. A picocli mixin,
 * so {@code check} (and {@code bench check}) share one spelling.
 */
public final class OracleInputs {
    private static final ObjectMapper JSON = new ObjectMapper();

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

    /** The checker input for a history, reading the side files; bad files are {@link UserError}s. */
    CheckInput input(List<Op> history, String model) {
        Map<String, String> opts = new LinkedHashMap<>(options);
        if (invariant != null) opts.put("invariant", invariant);
        if (realtime) opts.put("realtime", "true");
        if (process) opts.put("process", "true");
        Map<String, JsonNode> dumps = new LinkedHashMap<>();
        replicas.forEach((name, file) -> dumps.put(name, readJson(file)));
        return new CheckInput(history, model, opts, finalState == null ? null : readJson(finalState), dumps,
                metrics == null ? null : readJson(metrics));
    }

    /** Reads a JSON file; a syntax error names the file, line and column. */
    static JsonNode readJson(Path file) {
        try {
            JsonNode n = JSON.readTree(Files.readString(file));
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
