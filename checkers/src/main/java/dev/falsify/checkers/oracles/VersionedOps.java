package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The committed reads and writes of a keyed store whose responses carry versions, grouped by
 * session ({@code process_id}) in invoke order. A write's version is its output (a number) or the
 * output's {@code version} field; a read's version is the output's {@code version} field (or the
 * output itself when it is a bare number).
 */
final class VersionedOps {
    static final Set<String> WRITES = Set.of("write", "put", "set", "append", "insert", "update", "cas", "add");
    static final Set<String> READS = Set.of("read", "get");

    record Versioned(Op op, boolean write, String key, long version) {
    }

    final Map<String, List<Versioned>> bySession = new LinkedHashMap<>();
    final List<String> missingVersion = new ArrayList<>();
    final List<String> missingSession = new ArrayList<>();
    int consumed;

    VersionedOps(List<Op> history, String versionField) {
        for (Op op : history) {
            if (op.outcome() != Outcome.OK || op.opType() == null) continue;
            boolean write = WRITES.contains(op.opType());
            if (!write && !READS.contains(op.opType())) continue;
            if (op.processId() == null) {
                missingSession.add(OracleReport.id(op));
                continue;
            }
            Long v = version(op.output(), versionField);
            if (v == null) {
                missingVersion.add(OracleReport.id(op));
                continue;
            }
            consumed++;
            bySession.computeIfAbsent(op.processId(), k -> new ArrayList<>())
                    .add(new Versioned(op, write, op.key() == null ? "" : op.key(), v));
        }
        for (List<Versioned> ops : bySession.values()) {
            ops.sort(Comparator.comparingLong((Versioned x) -> x.op().invokeTs()));
        }
    }

    static Long version(JsonNode out, String field) {
        if (out == null) return null;
        JsonNode v = out.isObject() ? out.get(field) : out;
        if (v == null) return null;
        if (v.isIntegralNumber()) return v.asLong();
        if (v.isTextual()) {
            try {
                return Long.parseLong(v.asText());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    void reportWeak(OracleReport report) {
        if (!missingVersion.isEmpty()) {
            report.weak("missing-version", "committed reads/writes whose output carries no integer version "
                    + "(a number, or an object with a version field)", missingVersion);
        }
        if (!missingSession.isEmpty()) {
            report.weak("missing-field", "ops without process_id (the session)", missingSession);
        }
    }
}
