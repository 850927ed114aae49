package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code exactly-once}: at most one committed effect per business idempotency key. The key is read
 * from each effect op's input at option {@code idempotency-key} (a path; default
 * {@code idempotency_key}). It refuses to run when that key is {@code op_id}: op ids are unique per
 * op, so a retry (a new op with the same business request) would never be caught. Effects are
 * committed ops whose type is not a read ({@code read}, {@code get}, {@code balance}, {@code view}).
 */
public final class ExactlyOnceChecker implements Checker {
    static final Set<String> READS = Set.of("read", "get", "balance", "view", "r");
    static final Set<String> OP_ID = Set.of("op_id", "opid", "$.op_id", "$.opid", "id_of_op");

    @Override
    public String name() {
        return CheckerName.EXACTLY_ONCE.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.LEDGER, HistoryModel.QUEUE, HistoryModel.KV);
    }

    @Override
    public List<String> needs() {
        return List.of("a business idempotency key in input (option idempotency-key; never op_id)",
                "op_type of effects (credit, debit, ...)");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        String keyOption = input.option("idempotency-key", "idempotency_key").trim();
        if (OP_ID.contains(keyOption.toLowerCase(java.util.Locale.ROOT))) {
            report.weak("idempotency-key-is-op-id", "exactly-once refuses to run with op_id as the idempotency key: "
                    + "every op has its own op_id, so duplicate effects of one business request could never be seen; "
                    + "name the business key in the op input (option idempotency-key)", List.of());
            return report.finish("", "");
        }
        JsonPath path = JsonPath.parse(keyOption);
        Map<String, List<Op>> effects = new LinkedHashMap<>();
        Map<String, Integer> unknown = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        int consumed = 0;
        for (Op op : input.history()) {
            if (op.opType() == null || READS.contains(op.opType()) || op.outcome() == Outcome.FAIL) continue;
            JsonNode k = path.one(op.input());
            if (k == null || k.isNull() || k.isContainerNode()) {
                missing.add(OracleReport.id(op));
                continue;
            }
            consumed++;
            String key = k.isTextual() ? k.asText() : k.toString();
            if (op.outcome() == Outcome.UNKNOWN) unknown.merge(key, 1, Integer::sum);
            else effects.computeIfAbsent(key, x -> new ArrayList<>()).add(op);
        }
        report.consumed(consumed);
        report.partitions(effects.size());
        if (!missing.isEmpty()) {
            report.weak("missing-field", "effect ops whose input has no idempotency key at " + keyOption, missing);
        }
        if (effects.isEmpty() && missing.isEmpty()) {
            report.weak("no-observations", "no committed effect op to check", List.of());
        }
        for (Map.Entry<String, List<Op>> e : effects.entrySet()) {
            if (e.getValue().size() < 2) continue;
            StringBuilder line = new StringBuilder("key " + e.getKey() + " has " + e.getValue().size() + " committed effects:");
            var ops = OracleReport.JSON.arrayNode();
            for (Op op : e.getValue()) {
                line.append(" op ").append(OracleReport.id(op)).append(" (").append(op.opType()).append(' ')
                        .append(op.input()).append(')');
                ops.add(op.opId());
            }
            report.violation(line.toString()).put("key", e.getKey()).set("ops", ops);
        }
        int unknownKeys = unknown.size();
        return report.finish(effects.size() + " idempotency keys, each with one committed effect"
                + (unknownKeys > 0 ? " (" + unknownKeys + " keys also have unknown-outcome attempts)" : ""),
                "idempotency keys with duplicate effects");
    }
}
