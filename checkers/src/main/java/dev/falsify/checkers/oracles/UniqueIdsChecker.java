package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code unique-ids}: Jepsen's unique-id workload as {@code jepsen.checker/unique-ids} checks it.
 * Every {@code generate} op that succeeded returned an id; no id may be returned twice. Each
 * duplicated id is a violation naming the ops that returned it. No existing checker is equivalent:
 * {@code exactly-once} counts committed effects per key taken from an op's input, not outputs that
 * must differ.
 */
public final class UniqueIdsChecker implements Checker {
    public static final String NAME = CheckerName.UNIQUE_IDS.id();
    /** Ops named per duplicated id. */
    private static final int OPS_NAMED = 8;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.UNIQUE_IDS);
    }

    @Override
    public List<String> needs() {
        return List.of("generate ops whose output is the id returned");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        Map<String, List<Op>> byId = new LinkedHashMap<>();
        int attempted = 0;
        int acknowledged = 0;
        Long low = null;
        Long high = null;
        for (Op op : input.history()) {
            if (!WorkloadOps.f(op).equals("generate")) {
                throw new ModelException(op, "op_type '" + op.opType() + "' is not an operation of unique-ids (expected generate)");
            }
            attempted++;
            if (op.outcome() != Outcome.OK) continue;
            JsonNode id = op.output();
            if (id == null || id.isNull()) {
                throw new ModelException(op, "a generate that succeeded must return the id it generated, found nil");
            }
            acknowledged++;
            byId.computeIfAbsent(WorkloadOps.identity(id), k -> new ArrayList<>()).add(op);
            Long n = WorkloadOps.integer(id);
            if (n != null) {
                low = low == null ? n : Math.min(low, n);
                high = high == null ? n : Math.max(high, n);
            }
        }
        for (List<Op> ops : byId.values()) {
            if (ops.size() < 2) continue;
            StringBuilder who = new StringBuilder();
            ArrayNode refs = OracleReport.JSON.arrayNode();
            for (int i = 0; i < ops.size(); i++) {
                if (i < OPS_NAMED) {
                    who.append(i == 0 ? "" : "; ").append(WorkloadOps.cite(ops.get(i)));
                    refs.add(WorkloadOps.ref(ops.get(i)));
                }
            }
            if (ops.size() > OPS_NAMED) who.append("; … ").append(ops.size() - OPS_NAMED).append(" more");
            report.violation("id " + WorkloadOps.show(ops.get(0).output()) + " was generated " + ops.size() + " times: " + who)
                    .put("count", ops.size()).<com.fasterxml.jackson.databind.node.ObjectNode>set("id", ops.get(0).output())
                    .set("ops", refs);
        }
        report.consumed(attempted);
        if (acknowledged == 0) {
            report.weak("no-observations", "no generate op succeeded: there is no id to compare", List.of());
        }
        String range = low == null ? "" : ", ids from " + low + " to " + high;
        String counts = acknowledged + " ids acknowledged of " + attempted + " attempted, " + byId.size() + " distinct" + range;
        return report.finish(acknowledged + " ids acknowledged of " + attempted + " attempted, all distinct" + range,
                "ids generated more than once", counts);
    }
}
