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
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code no-lost-ack}: every acknowledged write is present in the final-state dump at quiescence.
 * A write's value is its input (or the part at option {@code value-path}); it is present when the
 * dump (or, for an op with a key and a dump object with that field, the field's value) contains an
 * equal JSON value anywhere inside. Unknown-outcome writes are neither acked nor rejected: they are
 * counted, never judged. Option {@code write-types} lists the op types that write.
 */
public final class NoLostAckChecker implements Checker {
    static final String DEFAULT_WRITES = "write,append,add,enqueue,put,insert,set,join,credit,debit,send,produce";

    @Override
    public String name() {
        return CheckerName.NO_LOST_ACK.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.LOG, HistoryModel.QUEUE, HistoryModel.SET, HistoryModel.KV, HistoryModel.MEMBERSHIP_TABLE, HistoryModel.LEDGER);
    }

    @Override
    public List<String> needs() {
        return List.of("final-state dump", "write ops whose input is the written value (or option value-path)",
                "key when the dump is keyed");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        Set<String> writes = new TreeSet<>(Arrays.asList(input.option("write-types", DEFAULT_WRITES).split("\\s*,\\s*")));
        String valuePath = input.option("value-path", null);
        JsonPath path = valuePath == null ? null : JsonPath.parse(valuePath);
        JsonNode dump = input.finalState();
        if (dump == null) {
            report.weak("missing-final-state", "no-lost-ack needs the final-state dump taken at quiescence", List.of());
            return report.finish("", "");
        }
        int acked = 0;
        int unknownPresent = 0;
        int unknownAbsent = 0;
        List<String> noValue = new ArrayList<>();
        for (Op op : input.history()) {
            if (op.opType() == null || !writes.contains(op.opType()) || op.outcome() == Outcome.FAIL) continue;
            JsonNode value = path == null ? op.input() : path.one(op.input());
            if (value == null || value.isNull()) {
                noValue.add(OracleReport.id(op));
                continue;
            }
            JsonNode scope = op.key() != null && dump.isObject() && dump.has(op.key()) ? dump.get(op.key()) : dump;
            boolean present = contains(scope, value);
            if (op.outcome() == Outcome.UNKNOWN) {
                if (present) unknownPresent++;
                else unknownAbsent++;
                continue;
            }
            acked++;
            if (!present) {
                report.violation("lost: " + op.opType() + " of " + value + (op.key() != null ? " to " + op.key() : "")
                                + " (op " + OracleReport.id(op) + ", " + op.processLabel() + ") was acknowledged but is "
                                + "absent from the final state")
                        .put("op", op.opId()).put("key", op.key()).set("value", value);
            }
        }
        report.consumed(acked + unknownPresent + unknownAbsent);
        if (!noValue.isEmpty()) report.weak("missing-field", "write ops without a value to look for"
                + (valuePath != null ? " at " + valuePath : ""), noValue);
        if (acked == 0 && !report.isWeak()) report.weak("no-acknowledged-writes", "no acknowledged write of types "
                + writes + " to look for", List.of());
        return report.finish("all " + acked + " acknowledged writes are present; unknown-outcome writes: "
                + unknownPresent + " present, " + unknownAbsent + " absent (neither acked nor rejected)",
                "acknowledged writes lost");
    }

    static boolean contains(JsonNode haystack, JsonNode needle) {
        if (equal(haystack, needle)) return true;
        if (haystack.isContainerNode()) {
            for (Iterator<JsonNode> it = haystack.elements(); it.hasNext(); ) if (contains(it.next(), needle)) return true;
        }
        return false;
    }

    private static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            // Infinity and NaN (an overflowed 1e400) have no decimal value
            if (!Double.isFinite(a.doubleValue()) || !Double.isFinite(b.doubleValue())) return a.doubleValue() == b.doubleValue();
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }
}
