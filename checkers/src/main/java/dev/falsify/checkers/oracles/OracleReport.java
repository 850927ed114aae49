package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Counterexample;
import dev.falsify.checkers.api.ExecutionEvidence;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.Validity;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects an oracle's violations and weaknesses and turns them into a {@link CheckResult}:
 * INVALID when anything was violated, else UNKNOWN when the input was weak, else VALID.
 */
final class OracleReport {
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int MAX_LINES = 40;
    private static final int MAX_IDS = 20;

    /** The violations, as JSON for {@code --json} and lines for people. */
    record Violations(JsonNode toJson, List<String> describe) implements Counterexample {
    }

    private final String checker;
    private final CheckInput input;
    private final long start = System.nanoTime();
    private final ArrayNode items = JSON.arrayNode();
    private final List<String> lines = new ArrayList<>();
    private final List<HistoryWeakness> weaknesses = new ArrayList<>();
    private long consumed;
    private int partitions = 1;

    OracleReport(String checker, CheckInput input) {
        this.checker = checker;
        this.input = input;
    }

    void consumed(long ops) {
        consumed = ops;
    }

    void partitions(int n) {
        partitions = Math.max(1, n);
    }

    ObjectNode violation(String line) {
        ObjectNode o = items.addObject();
        o.put("explanation", line);
        if (lines.size() < MAX_LINES) lines.add(line);
        else if (lines.size() == MAX_LINES) lines.add("… more violations (see --json)");
        return o;
    }

    int violations() {
        return items.size();
    }

    void weak(String kind, String detail, List<String> ids) {
        String d = ids.size() > MAX_IDS ? detail + " (" + ids.size() + " ops)" : detail;
        weaknesses.add(new HistoryWeakness(kind, d, List.copyOf(ids.subList(0, Math.min(ids.size(), MAX_IDS)))));
    }

    boolean isWeak() {
        return !weaknesses.isEmpty();
    }

    static String id(Op op) {
        return op.sourceLine() > 0 ? op.opId() + "@line" + op.sourceLine() : String.valueOf(op.opId());
    }

    /** The result; {@code passed} is the summary when nothing was violated and nothing was weak. */
    CheckResult finish(String passed, String failedWhat) {
        double ms = (System.nanoTime() - start) / 1e6;
        ExecutionEvidence ev = new ExecutionEvidence(consumed, input.history().size(), partitions, 0, ms);
        if (!items.isEmpty()) {
            ObjectNode json = JSON.objectNode();
            json.put("violations", items.size());
            json.set("items", items);
            return new CheckResult(checker, input.model(), Validity.INVALID, ev, new Violations(json, List.copyOf(lines)),
                    weaknesses, items.size() + " " + failedWhat + ": " + lines.get(0));
        }
        if (!weaknesses.isEmpty()) {
            return new CheckResult(checker, input.model(), Validity.UNKNOWN, ev, null, weaknesses,
                    "input too weak for " + checker + ": " + weaknesses.get(0).detail());
        }
        return new CheckResult(checker, input.model(), Validity.VALID, ev, null, weaknesses, passed);
    }
}
